// WAL checkpoints off the event loop. SQLite's automatic checkpoint runs inside the COMMIT that
// crosses 1000 WAL pages, on the connection that committed: on the large seed a write touches
// ~25 pages (a dozen indexes), so every ~40th write stalled the event loop 10-40 ms copying pages
// and syncing the file, and every request queued behind it waited as long. Here the serving
// connection never checkpoints; a worker thread with its own connection does, PASSIVE (it waits for
// no reader or writer; data_version does not move, so read caches stay).
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './db.js';

/**
 * How often the worker checkpoints. Often enough to catch up between writes: the WAL starts over
 * only when a write begins with every frame already copied, and a WAL that never starts over grows
 * (with it the index every page read searches). 250 ms let it reach 18k frames in 600 writes.
 */
const EVERY_MS = 20;
/** What SQLite does by itself (pages), restored if the worker cannot run. */
const AUTOCHECKPOINT_PAGES = 1000;

// CommonJS run with `eval`: nothing to compile or ship beside the sources. `done` tells close()
// that the worker's connection is closed.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlite);
const done = new Int32Array(workerData.done);
const db = new Database(workerData.path, { fileMustExist: true });
db.pragma('synchronous = NORMAL');
let timer;
let last = -1;
const checkpoint = () => {
  const [{ log, checkpointed }] = db.pragma('wal_checkpoint(PASSIVE)');
  // Again at once while it gains on the writer; a reader holding old frames is waited for.
  const gaining = checkpointed < log && checkpointed !== last;
  last = checkpointed;
  timer = setTimeout(checkpoint, gaining ? 0 : workerData.every);
};
timer = setTimeout(checkpoint, workerData.every);
parentPort.on('message', () => {
  clearTimeout(timer);
  db.close();
  Atomics.store(done, 0, 1);
  Atomics.notify(done, 0);
  parentPort.close();
});
`;

const running = new WeakMap<Db, () => void>();

/** Moves `db`'s WAL checkpoints to a worker thread; nothing to do for a database without a WAL. */
export function checkpointInBackground(db: Db): void {
  if (running.has(db) || db.memory || db.pragma('journal_mode', { simple: true }) !== 'wal') return;
  const done = new SharedArrayBuffer(4);
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: {
      path: db.name,
      sqlite: createRequire(import.meta.url).resolve('better-sqlite3'),
      every: EVERY_MS,
      done,
    },
  });
  worker.unref();
  let stopped = false;
  let exited = false;
  // A worker that cannot open the file or checkpoint hands the job back to SQLite.
  const fallBack = () => {
    if (!stopped && db.open) db.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  };
  worker.on('error', fallBack);
  worker.on('exit', () => {
    exited = true;
    fallBack();
  });
  db.pragma('wal_autocheckpoint = 0');
  running.set(db, () => {
    stopped = true;
    worker.postMessage('stop');
    // A checkpoint in progress finishes first (bounded, should the worker hang).
    if (!exited) Atomics.wait(new Int32Array(done), 0, 0, 2_000);
    void worker.terminate();
    if (db.open) db.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  });
}

/** Stops `db`'s worker, its connection closed when this returns (so the last close can tidy the WAL). */
export function stopCheckpoints(db: Db): void {
  const stop = running.get(db);
  running.delete(db);
  stop?.();
}

/**
 * Runs `fn` (a bulk load) with SQLite checkpointing on the serving connection as it writes, then
 * moves checkpoints back to the worker. A bulk load turns syncing off for speed; the worker's
 * checkpoints would sync the file after every few thousand pages.
 */
export function withSqliteCheckpoints<T>(db: Db, fn: () => T): T {
  if (!running.has(db)) return fn();
  stopCheckpoints(db);
  try {
    return fn();
  } finally {
    checkpointInBackground(db);
  }
}
