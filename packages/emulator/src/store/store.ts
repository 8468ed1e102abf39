import type Database from 'better-sqlite3';
import { Clock, type ClockListener } from './clock.js';
import { type Db, type OpenedDb, openDb } from './db.js';
import { bulkLoad } from './read-cache.js';
import { checkpointInBackground, stopCheckpoints } from './wal-checkpoints.js';

// Loosely typed on purpose: callers bind positional or named parameters and cast the rows they read.
export type Stmt = Database.Statement<any[], unknown>;

/**
 * `x IN (${IN_JSON})` with one JSON array bound: a batch of any size uses one prepared statement.
 */
export const IN_JSON = 'SELECT value FROM json_each(?)';

export interface StoreOptions {
  /** A file path or ':memory:'. */
  path: string;
  /** The real time under the virtual clock, unix ms (default Date.now); tests fix it. */
  now?: () => number;
}

/**
 * The emulator's state: one SQLite connection plus the clock every write stamps with.
 * Read freely from `db` with prepared statements; write through `protocol/` (messages) and
 * `store/accounts.ts` (on-chain and off-protocol state) so the event log stays complete.
 */
export class Store {
  readonly db: Db;
  /** The virtual clock: freeze, set, advance (store/clock.ts). */
  readonly clock: Clock;
  private readonly statements = new Map<string, Stmt>();
  private readonly opened: OpenedDb;

  /** Throws a DatabaseOpenError (store/db-error.ts) when the file is in use, read-only or corrupt. */
  constructor(options: StoreOptions) {
    this.opened = openDb(options.path);
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

  /** A prepared statement, compiled once per SQL text. */
  stmt(sql: string): Stmt {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql) as Stmt;
      this.statements.set(sql, s);
    }
    // Statements are shared, so undo a previous caller's .pluck() before handing it out.
    return s.reader ? s.pluck(false) : s;
  }

  /** Runs fn in one transaction (nested calls become savepoints). */
  tx<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  /**
   * Counters that move after any change to the data: `changes` by this connection
   * (`total_changes()`, triggers included), `dataVersion` when another connection commits.
   * Undefined inside a transaction, whose reads may see changes that roll back.
   */
  changeCounters(): { changes: number; dataVersion: number } | undefined {
    if (this.db.inTransaction) return undefined;
    return this.stmt(
      'SELECT total_changes() AS changes, data_version AS dataVersion FROM pragma_data_version',
    ).get() as { changes: number; dataVersion: number };
  }

  getMeta(key: string): string | undefined {
    return this.stmt('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined;
  }

  setMeta(key: string, value: string): void {
    this.stmt(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ).run(key, value);
  }

  close(): void {
    stopCheckpoints(this.db);
    this.opened.close();
  }
}

/** Every data table, whatever migrations added it (not FTS shadow tables nor bookkeeping). */
export function dataTables(store: Store): string[] {
  return store.db
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
       AND name NOT LIKE 'casts_fts%' AND name != 'schema_migrations' ORDER BY name`,
    )
    .pluck()
    .all() as string[];
}

export function clearAll(store: Store): void {
  bulkLoad(store, () =>
    store.tx(() => {
      // Checked at commit, when every table is empty, so delete order does not matter.
      store.db.pragma('defer_foreign_keys = ON');
      for (const t of dataTables(store)) store.db.exec(`DELETE FROM "${t}"`);
      // casts_fts has external content: clear its index explicitly.
      store.db.exec(`INSERT INTO casts_fts (casts_fts) VALUES ('delete-all')`);
    }),
  );
}

export function rowCounts(store: Store): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of dataTables(store))
    out[t] = Number(store.db.prepare(`SELECT COUNT(*) FROM "${t}"`).pluck().get());
  return out;
}
