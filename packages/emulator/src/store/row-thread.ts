// A bulk load's rows written by a worker thread on its own connection to the same file, so the
// caller's thread only makes them: on the large seed, making rows (encoding, hashing) and inserting
// them each take about half of the build, and here they run on both cores. Rows travel in
// transferred buffers, a tagged value after another, in the order they were added: each table gets
// its rows, rowids and ids exactly like on one connection.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { ConnectionRows, type RowSink } from './row-batches.js';
import type { Connected, Statement } from './statements.js';

/** Bytes per buffer handed over; a row larger than this gets a buffer of its own. */
const CHUNK = 256 * 1024;
/** Buffers handed over and not yet written before the caller waits: a bound on memory. */
const IN_FLIGHT = 16;
/** How long the caller waits for the worker to move before it gives up on it. */
const STALLED_MS = 120_000;

const NULL = 0;
const NUMBER = 1;
const TEXT = 2;
const BLOB = 3;

// CommonJS run with `eval`, like the WAL checkpointer: nothing to compile or ship beside the sources.
// state: [0] buffers written, [1] failed, [2] connection closed. The first failure's message goes
// to `error` (UTF-8, its length first); later messages are dropped until the end.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const state = new Int32Array(workerData.state);
const errorBytes = Buffer.from(workerData.error);
let db;
let failed = false;
const statements = [];
const fail = (e) => {
  if (failed) return;
  failed = true;
  const text = String((e && e.message) || e);
  const n = errorBytes.write(text, 4, 'utf8');
  errorBytes.writeUInt32LE(n, 0);
  Atomics.store(state, 1, 1);
  try { if (db && db.inTransaction) db.exec('ROLLBACK'); } catch {}
};
try {
  const Database = require(workerData.sqlite);
  db = new Database(workerData.path, { fileMustExist: true });
  for (const p of workerData.pragmas) db.pragma(p);
  db.exec('BEGIN');
} catch (e) { fail(e); }
const write = (buffer, length) => {
  const view = new DataView(buffer);
  const bytes = Buffer.from(buffer);
  let at = 0;
  while (at < length) {
    const statement = statements[view.getUint16(at, true)];
    const n = bytes[at + 2];
    at += 3;
    const args = new Array(n);
    for (let i = 0; i < n; i++) {
      const tag = bytes[at++];
      if (tag === ${NULL}) args[i] = null;
      else if (tag === ${NUMBER}) { args[i] = view.getFloat64(at, true); at += 8; }
      else {
        const len = view.getUint32(at, true);
        at += 4;
        args[i] = tag === ${TEXT} ? bytes.toString('utf8', at, at + len) : bytes.subarray(at, at + len);
        at += len;
      }
    }
    statement.run(args);
  }
};
parentPort.on('message', (m) => {
  if (!failed) {
    try {
      if (m.sql !== undefined) statements[m.id] = db.prepare(m.sql);
      else if (m.buffer) write(m.buffer, m.length);
      else if (m.commit) db.exec('COMMIT; BEGIN');
      else if (m.end) db.exec(m.rollback ? 'ROLLBACK' : 'COMMIT');
    } catch (e) { fail(e); }
  }
  if (m.buffer) { Atomics.add(state, 0, 1); Atomics.notify(state, 0); }
  if (m.end) {
    try { if (db && db.open) db.close(); } catch (e) { fail(e); }
    Atomics.store(state, 2, 1);
    Atomics.notify(state, 2);
    parentPort.close();
  }
});
`;

/**
 * Rows written by a worker thread until `handBack()`, then on the caller's connection (`c`), which
 * must neither write nor hold a transaction before that: the worker holds the database's write lock
 * from its first row to `handBack()`, `finish()` or `abort()`.
 */
export class ThreadRows implements RowSink {
  private readonly worker: Worker;
  private readonly state = new Int32Array(new SharedArrayBuffer(12));
  private readonly error = new SharedArrayBuffer(4096);
  private statements = 0;
  private buffer = new ArrayBuffer(CHUNK);
  private view = new DataView(this.buffer);
  private bytes = Buffer.from(this.buffer);
  private length = 0;
  private sent = 0;
  /** The store's connection, once the worker handed back. */
  private connection: ConnectionRows | undefined;

  constructor(
    private readonly c: Connected,
    /** Pragmas the worker's connection runs first (journal, syncing, cache of the load). */
    pragmas: string[],
  ) {
    this.worker = new Worker(WORKER, {
      eval: true,
      workerData: {
        path: c.db.name,
        sqlite: createRequire(import.meta.url).resolve('better-sqlite3'),
        pragmas,
        state: this.state.buffer,
        error: this.error,
      },
    });
    this.worker.unref();
  }

  of<P extends unknown[]>(statement: Statement<P, never>): (...row: P) => void {
    const id = this.statements++;
    this.worker.postMessage({ id, sql: statement.sql });
    let onConnection: ((...row: P) => void) | undefined;
    return (...row) => {
      if (this.connection) {
        onConnection ??= this.connection.of(statement);
        onConnection(...row);
      } else this.add(id, row);
    };
  }

  /** Rows reach the worker's connection in the order they were added, whatever their table. */
  ofReferenced<P extends unknown[]>(statement: Statement<P, never>): (...row: P) => void {
    return this.of(statement);
  }

  commitChunk(): void {
    if (this.connection) {
      this.connection.commitChunk();
      return;
    }
    this.send();
    this.worker.postMessage({ commit: true });
    this.throwIfFailed();
  }

  /** Commits the worker's rows and closes its connection; later rows go on the store's. */
  handBack(): void {
    if (this.connection) return;
    this.end(false);
    this.connection = new ConnectionRows(this.c);
  }

  finish(): void {
    this.handBack();
    this.connection?.finish();
  }

  abort(): void {
    if (this.connection) this.connection.abort();
    else this.end(true);
  }

  private end(rollback: boolean): void {
    if (Atomics.load(this.state, 2) === 0) {
      if (!rollback) this.send();
      this.worker.postMessage({ end: true, rollback });
      this.waitFor(2, 0);
    }
    if (!rollback) this.throwIfFailed();
  }

  private add(id: number, row: readonly unknown[]): void {
    let need = 3;
    for (const v of row) {
      if (typeof v === 'number') need += 9;
      else if (typeof v === 'string') need += 5 + v.length * 3;
      else if (v instanceof Uint8Array) need += 5 + v.length;
      else if (v === null || v === undefined) need += 1;
      else throw new TypeError(`a bulk row holds numbers, strings, bytes or null, not ${typeof v}`);
    }
    if (this.length + need > this.buffer.byteLength) {
      this.send();
      if (need > this.buffer.byteLength) this.fresh(need);
    }
    const view = this.view;
    const bytes = this.bytes;
    let at = this.length;
    view.setUint16(at, id, true);
    bytes[at + 2] = row.length;
    at += 3;
    for (const v of row) {
      if (typeof v === 'number') {
        bytes[at] = NUMBER;
        view.setFloat64(at + 1, v, true);
        at += 9;
      } else if (typeof v === 'string') {
        bytes[at] = TEXT;
        const n = bytes.write(v, at + 5, 'utf8');
        view.setUint32(at + 1, n, true);
        at += 5 + n;
      } else if (v instanceof Uint8Array) {
        bytes[at] = BLOB;
        view.setUint32(at + 1, v.length, true);
        bytes.set(v, at + 5);
        at += 5 + v.length;
      } else {
        bytes[at++] = NULL;
      }
    }
    this.length = at;
  }

  /** Hands the filled buffer to the worker, waiting while too many are not written yet. */
  private send(): void {
    if (this.length === 0) return;
    this.worker.postMessage({ buffer: this.buffer, length: this.length }, [this.buffer]);
    this.sent++;
    this.fresh(CHUNK);
    for (;;) {
      this.throwIfFailed();
      const written = Atomics.load(this.state, 0);
      if (this.sent - written <= IN_FLIGHT) return;
      this.waitFor(0, written);
    }
  }

  private fresh(size: number): void {
    this.buffer = new ArrayBuffer(size);
    this.view = new DataView(this.buffer);
    this.bytes = Buffer.from(this.buffer);
    this.length = 0;
  }

  /** Waits until state[slot] moves from `from`; a worker that stops moving is given up on. */
  private waitFor(slot: number, from: number): void {
    const since = Date.now();
    while (Atomics.load(this.state, slot) === from) {
      if (Atomics.load(this.state, 1) === 1 && slot === 0) return;
      if (Date.now() - since > STALLED_MS) {
        void this.worker.terminate();
        throw new Error(`the seed's row writer made no progress in ${STALLED_MS / 1000} s`);
      }
      Atomics.wait(this.state, slot, from, 1_000);
    }
  }

  private throwIfFailed(): void {
    if (Atomics.load(this.state, 1) === 0) return;
    const bytes = Buffer.from(this.error);
    throw new Error(`the seed's row writer failed: ${bytes.toString('utf8', 4, 4 + bytes.readUInt32LE(0))}`);
  }
}
