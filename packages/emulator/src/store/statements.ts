// Statements declared once, beside the queries that run them, with what they bind and what a row
// holds: `rows<[fid: number], UserRow>('SELECT * FROM users WHERE fid = ?')`. Call sites then read
// typed rows (`USER.get(store, fid)`) with nothing to cast, and a wrong argument fails to compile.
// The row type is a promise the SQL beside it keeps: they are reviewed together, here, under src/store.
// Each statement is prepared on its first use on a connection and reused after.
import type Database from 'better-sqlite3';
import type { Db } from './db.js';

/** What statements run on: the Store, or a connection on its own (migrations, workers). */
export interface Connected {
  readonly db: Db;
}

/**
 * `x IN (${IN_JSON})` with one JSON array bound: a batch of any size uses one prepared statement.
 */
export const IN_JSON = 'SELECT value FROM json_each(?)';

export class Statement<P extends unknown[], R> {
  private readonly prepared = new WeakMap<Db, Database.Statement<P, R>>();

  constructor(
    readonly sql: string,
    /** Rows are their first column's value (better-sqlite3's pluck). */
    private readonly firstColumn: boolean,
  ) {}

  /** The prepared statement on this connection. */
  on({ db }: Connected): Database.Statement<P, R> {
    let s = this.prepared.get(db);
    if (!s) {
      s = db.prepare<P, R>(this.sql);
      if (this.firstColumn) s.pluck();
      this.prepared.set(db, s);
    }
    return s;
  }

  get(c: Connected, ...params: P): R | undefined {
    return this.on(c).get(...params);
  }

  all(c: Connected, ...params: P): R[] {
    return this.on(c).all(...params);
  }

  iterate(c: Connected, ...params: P): IterableIterator<R> {
    return this.on(c).iterate(...params);
  }

  run(c: Connected, ...params: P): Database.RunResult {
    return this.on(c).run(...params);
  }
}

/** A statement whose rows are objects of `R`'s columns. */
export const rows = <P extends unknown[], R>(sql: string) => new Statement<P, R>(sql, false);

/** A statement whose rows are the value of its one column (`SELECT fid FROM ...` → fids). */
export const column = <P extends unknown[], V>(sql: string) => new Statement<P, V>(sql, true);

/** A statement that changes rows and returns none (run it; its RunResult counts the changes). */
export const write = <P extends unknown[]>(sql: string) => new Statement<P, never>(sql, false);

/**
 * Statements whose text is put together at run time from a few fixed shapes (a page's key condition,
 * optional filters), all with rows of `R`: each text is prepared once per connection.
 */
export class StatementFamily<R> {
  private readonly prepared = new WeakMap<Db, Map<string, Database.Statement<unknown[], R>>>();

  constructor(
    /** Rows are their first column's value, as for `column`. */
    private readonly firstColumn = false,
  ) {}

  on({ db }: Connected, sql: string): Database.Statement<unknown[], R> {
    let texts = this.prepared.get(db);
    if (!texts) {
      texts = new Map();
      this.prepared.set(db, texts);
    }
    let s = texts.get(sql);
    if (!s) {
      s = db.prepare<unknown[], R>(sql);
      if (this.firstColumn) s.pluck();
      texts.set(sql, s);
    }
    return s;
  }
}

declare const jsonOf: unique symbol;

/**
 * A TEXT column holding the JSON of a `T` the emulator wrote itself (`embeds: Json<StoredEmbed[]>`):
 * read with `fromJson`, which gives the `T` back, typed by the column as rows are by their statement.
 */
export type Json<T> = string & { readonly [jsonOf]?: T };

export const toJson = <T>(value: T): Json<T> => JSON.stringify(value);

/** The value a JSON column holds, as the row type declares it. */
export function fromJson<T>(text: Json<T>): T {
  return JSON.parse(text);
}
