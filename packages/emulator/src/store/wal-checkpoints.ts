// WAL checkpoints off the event loop. SQLite's automatic checkpoint runs inside the COMMIT that
// crosses 1000 WAL pages, on the connection that committed: on the large seed a write touches
// ~25 pages (a dozen indexes), so every ~40th write stalled the event loop 10-40 ms copying pages
// and syncing the file, and every request queued behind it waited as long. Here the serving
// connection never checkpoints; a worker thread with its own connection does, PASSIVE (it waits for
// no reader or writer; data_version does not move, so read caches stay).
//
// One thread serves every file database of the process: starting a thread (an isolate, Node's
// bootstrap, better-sqlite3 loaded again) cost ~75 ms of CPU per store opened, 3 ms without, and a
// process opening many files (a test suite) paid it for each. A database whose WAL has stopped
// moving is looked at less and less often: polling every 20 ms kept an idle emulator ~1 % busy.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './db.js';

/**
 * How often the worker checkpoints a database that is being written. Often enough to catch up
 * between writes: the WAL starts over only when a write begins with every frame already copied,
 * and a WAL that never starts over grows (with it the index every page read searches). 250 ms let
 * it reach 18k frames in 600 writes.
 */
const EVERY_MS = 20;
/**
 * The longest wait between two looks at a WAL that has not moved: the first writes after a quiet
 * spell wait at most this long for their checkpoint (~70 writes' worth of frames at 1.4 ms a write).
 */
const IDLE_MS = 100;
/** What SQLite does by itself (pages), restored if the worker cannot run. */
const AUTOCHECKPOINT_PAGES = 1000;

// CommonJS run with `eval`: nothing to compile or ship beside the sources. Per database, shared
// memory the worker fills: [0] 1 once its connection is closed, [1] checkpoints run.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlite);
const open = new Map();
const checkpoint = (id) => {
  const c = open.get(id);
  if (!c) return;
  let log, checkpointed;
  try {
    [{ log, checkpointed }] = c.db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    parentPort.postMessage({ failed: id });
    return;
  }
  Atomics.add(c.state, 1, 1);
  // Again at once while it gains on the writer; a reader holding old frames is waited for; a WAL
  // that did not move since the last look waits twice longer each time, up to workerData.idle.
  const gaining = checkpointed < log && checkpointed !== c.checkpointed;
  const still = log === c.log && checkpointed === c.checkpointed;
  const every = workerData.every;
  c.delay = gaining ? 0 : still ? Math.min(Math.max(c.delay * 2, every), workerData.idle) : every;
  c.log = log;
  c.checkpointed = checkpointed;
  c.timer = setTimeout(checkpoint, c.delay, id);
};
parentPort.on('message', (m) => {
  if (m.open !== undefined) {
    const c = { state: new Int32Array(m.state), db: null, timer: null, log: -1, checkpointed: -1, delay: workerData.every };
    open.set(m.open, c);
    try {
      c.db = new Database(m.path, { fileMustExist: true });
      c.db.pragma('synchronous = NORMAL');
      c.timer = setTimeout(checkpoint, workerData.every, m.open);
    } catch {
      parentPort.postMessage({ failed: m.open });
    }
    return;
  }
  const c = open.get(m.close);
  open.delete(m.close);
  if (c) {
    clearTimeout(c.timer);
    try { if (c.db) c.db.close(); } catch {}
    Atomics.store(c.state, 0, 1);
    Atomics.notify(c.state, 0);
  }
});
`;

interface Thread {
  worker: Worker;
  /** The databases it checkpoints, by the id its messages name them with. */
  dbs: Map<number, Checkpointed>;
  exited: boolean;
}

interface Checkpointed {
  db: Db;
  thread: Thread;
  id: number;
  state: Int32Array;
  stopped: boolean;
}

let thread: Thread | undefined;
let nextId = 1;
const running = new WeakMap<Db, Checkpointed>();

/** Gives a database's checkpoints back to SQLite itself. */
function toSqlite(db: Db): void {
  if (db.open) db.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
}

/** Hands a database back to SQLite unless it was stopped (the worker could not open or checkpoint it). */
function fallBack(c: Checkpointed): void {
  if (!c.stopped) toSqlite(c.db);
}

/** The process's checkpointing thread, started on first use and again after it died. */
function checkpointer(): Thread {
  if (thread && !thread.exited) return thread;
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: {
      sqlite: createRequire(import.meta.url).resolve('better-sqlite3'),
      every: EVERY_MS,
      idle: IDLE_MS,
    },
  });
  const started: Thread = { worker, dbs: new Map(), exited: false };
  worker.on('message', (m: { failed?: number }) => {
    const c = m.failed === undefined ? undefined : started.dbs.get(m.failed);
    if (c) fallBack(c);
  });
  // The thread keeps no process alive (what it has not copied stays in the WAL, which SQLite reads
  // and checkpoints on the next open). After the listener: adding one refs the thread's port again.
  worker.unref();
  const died = () => {
    if (started.exited) return;
    started.exited = true;
    for (const c of started.dbs.values()) fallBack(c);
  };
  worker.on('error', died);
  worker.on('exit', died);
  thread = started;
  return started;
}

/** Moves `db`'s WAL checkpoints to the checkpointing thread; nothing to do for a database without a WAL. */
export function checkpointInBackground(db: Db): void {
  if (running.has(db) || db.memory || db.pragma('journal_mode', { simple: true }) !== 'wal') return;
  const t = checkpointer();
  const c: Checkpointed = {
    db,
    thread: t,
    id: nextId++,
    state: new Int32Array(new SharedArrayBuffer(8)),
    stopped: false,
  };
  t.dbs.set(c.id, c);
  running.set(db, c);
  db.pragma('wal_autocheckpoint = 0');
  t.worker.postMessage({ open: c.id, path: db.name, state: c.state.buffer });
}

/** Stops `db`'s checkpoints, the thread's connection to it closed when this returns (so the last close can tidy the WAL). */
export function stopCheckpoints(db: Db): void {
  const c = running.get(db);
  if (!c) return;
  running.delete(db);
  c.stopped = true;
  c.thread.dbs.delete(c.id);
  // A thread that died has handed every database back to SQLite already.
  if (!c.thread.exited) {
    c.thread.worker.postMessage({ close: c.id });
    // A checkpoint in progress finishes first (bounded, should the thread hang).
    Atomics.wait(c.state, 0, 0, 2_000);
  }
  toSqlite(db);
}

/** Checkpoints the thread has run on `db` so far; undefined when it has none running. */
export function checkpointsRun(db: Db): number | undefined {
  const c = running.get(db);
  return c && Atomics.load(c.state, 1);
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
