import { Clock, type ClockListener } from './clock.js';
import { type Db, type OpenedDb, openDb } from './db.js';
import { column, rows, write } from './statements.js';
import { checkpointInBackground, stopCheckpoints } from './wal-checkpoints.js';

export interface StoreOptions {
  /** A file path or ':memory:'. */
  path: string;
  /** The real time under the virtual clock, unix ms (default Date.now); tests fix it. */
  now?: () => number;
  /** With path ':memory:': start as a copy of this serialized database (`serializeDb`). */
  image?: Buffer;
}

const CHANGE_COUNTERS = rows<[], { changes: number; dataVersion: number }>(
  'SELECT total_changes() AS changes, data_version AS dataVersion FROM pragma_data_version',
);
const META = column<[key: string], string>('SELECT value FROM meta WHERE key = ?');
const SET_META = write<[key: string, value: string]>(
  'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
);

/**
 * The emulator's state: one SQLite connection plus the clock every write stamps with.
 * Read freely from `db` with prepared statements; write through `protocol/` (messages) and
 * `domain/accounts.ts` (on-chain and off-protocol state) so the event log stays complete.
 */
export class Store {
  readonly db: Db;
  /** The virtual clock: freeze, set, advance (store/clock.ts). */
  readonly clock: Clock;
  private readonly opened: OpenedDb;

  /** Throws a DatabaseOpenError (store/db-error.ts) when the file is in use, read-only or corrupt. */
  constructor(options: StoreOptions) {
    this.opened = openDb(options.path, options.image);
    this.db = this.opened.db;
    this.clock = new Clock(options.now ?? Date.now);
    checkpointInBackground(this.db);
  }

  /** The emulator's time, unix ms: read it for every time-dependent decision, never Date.now(). */
  readonly now = (): number => this.clock.now();

  /**
   * Calls `listener` whenever the clock is moved (frozen, set, advanced, resumed), so work that
   * became due (retries, expiries) runs at once; returns the function that stops it.
   */
  onClockChange(listener: ClockListener): () => void {
    return this.clock.onChange(listener);
  }

  /** Runs fn in one transaction (nested calls become savepoints). */
  tx<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  /**
   * Runs fn in the caller's transaction when one is open, else in one of its own: for batches
   * that a caller's failure rolls back whole anyway. While a savepoint is open, SQLite keeps the
   * old version of every page it changes in an in-memory sub-journal, and every statement that
   * fires a trigger walks that journal's chunk list when it ends: a move's 2,000 messages in one
   * savepoint cost ~0.5 ms of CPU each in that walk alone, the cost growing with the batch.
   */
  joinTx<T>(fn: () => T): T {
    return this.db.inTransaction ? fn() : this.tx(fn);
  }

  /**
   * Counters that move after any change to the data: `changes` by this connection
   * (`total_changes()`, triggers included), `dataVersion` when another connection commits.
   * Undefined inside a transaction, whose reads may see changes that roll back.
   */
  changeCounters(): { changes: number; dataVersion: number } | undefined {
    if (this.db.inTransaction) return undefined;
    return CHANGE_COUNTERS.get(this);
  }

  getMeta(key: string): string | undefined {
    return META.get(this, key);
  }

  setMeta(key: string, value: string): void {
    SET_META.run(this, key, value);
  }

  /** The whole database as one buffer, what `image` opens a copy of. */
  serialize(): Buffer {
    return this.db.serialize();
  }

  close(): void {
    stopCheckpoints(this.db);
    this.opened.close();
  }
}
