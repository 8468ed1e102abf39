// Bulk inserts bound many rows at a time: one call binding 16 rows costs less per row than a call
// per row (a message row alone: 1.7-2.4 -> 1.1 us; the whole small path of the large seed's rows gained
// ~7%): better-sqlite3's cost per call outweighs SQLite's per row on narrow rows. Rows keep their
// order within a table, so rowids and ids come out the same row by row; across tables they land
// at the next flush.
import type Database from 'better-sqlite3';
import type { Connected, Statement } from './statements.js';

/** Rows bound per multi-row statement. */
const ROWS = 16;

/** The `(?, ?, 'x')` tuple an `INSERT ... VALUES` statement ends with. */
function valuesTuple(sql: string): { head: string; tuple: string } {
  const at = sql.lastIndexOf('VALUES');
  const tuple = at < 0 ? '' : sql.slice(at + 'VALUES'.length).trim();
  if (!tuple.startsWith('(') || !tuple.endsWith(')'))
    throw new Error(`a batched insert ends with one VALUES tuple: ${sql}`);
  return { head: sql.slice(0, at), tuple };
}

/** `INSERT ... VALUES (?, ?)` rewritten to insert `rows` tuples at once. */
export function multiRowSql(sql: string, rows: number): string {
  const { head, tuple } = valuesTuple(sql);
  return `${head}VALUES ${Array.from({ length: rows }, () => tuple).join(', ')}`;
}

class RowBatch {
  private readonly one: Database.Statement<unknown[]>;
  private readonly many: Database.Statement<unknown[]>;
  /** Parameters per row. */
  private readonly width: number;
  private readonly args: unknown[];
  private filled = 0;

  constructor(sql: string, db: Database.Database) {
    this.one = db.prepare<unknown[]>(sql);
    this.width = valuesTuple(sql).tuple.split('?').length - 1;
    this.many = db.prepare<unknown[]>(multiRowSql(sql, ROWS));
    this.args = new Array(this.width * ROWS);
  }

  add(row: readonly unknown[]): void {
    if (row.length !== this.width) throw new Error(`a row of ${this.width} values, not ${row.length}`);
    const args = this.args;
    for (let i = 0; i < row.length; i++) args[this.filled++] = row[i];
    if (this.filled === args.length) {
      this.many.run(args);
      this.filled = 0;
    }
  }

  /** Inserts what is held, row by row. */
  flush(): void {
    for (let at = 0; at < this.filled; at += this.width) this.one.run(this.args.slice(at, at + this.width));
    this.filled = 0;
  }

  drop(): void {
    this.filled = 0;
  }
}

/** The batches of one bulk load: every row added is inserted by the next `flush`. */
export class RowBatches {
  private readonly batches: RowBatch[] = [];

  constructor(private readonly c: Connected) {}

  /** An insert of `statement`'s row that is run with the next full batch or flush. */
  of<P extends unknown[]>(statement: Statement<P, never>): (...row: P) => void {
    const batch = new RowBatch(statement.sql, this.c.db);
    this.batches.push(batch);
    return (...row) => batch.add(row);
  }

  flush(): void {
    for (const b of this.batches) b.flush();
  }

  /** Forgets what is held (the load is rolled back). */
  drop(): void {
    for (const b of this.batches) b.drop();
  }
}

/** Where a bulk load's rows go: inserts by statement, committed in chunks. */
export interface RowSink {
  /** An insert of `statement`'s row. */
  of<P extends unknown[]>(statement: Statement<P, never>): (...row: P) => void;
  /** An insert of rows that later rows reference (foreign keys): each is in before the next row. */
  ofReferenced<P extends unknown[]>(statement: Statement<P, never>): (...row: P) => void;
  /** Commits every row added so far and goes on in a new transaction. */
  commitChunk(): void;
  /** Commits every row added; the load is over. */
  finish(): void;
  /** Rolls back what is not committed; the load is over. */
  abort(): void;
  /** From here on rows are written on the caller's connection, which may then write itself too. */
  handBack(): void;
}

/** Rows written on the caller's connection, in batches, in one open transaction at a time. */
export class ConnectionRows implements RowSink {
  private readonly batches: RowBatches;

  constructor(private readonly c: Connected) {
    this.batches = new RowBatches(c);
    c.db.exec('BEGIN');
  }

  of<P extends unknown[]>(statement: Statement<P, never>): (...row: P) => void {
    return this.batches.of(statement);
  }

  ofReferenced<P extends unknown[]>(statement: Statement<P, never>): (...row: P) => void {
    const insert = statement.on(this.c);
    return (...row) => {
      insert.run(...row);
    };
  }

  commitChunk(): void {
    this.batches.flush();
    this.c.db.exec('COMMIT; BEGIN');
  }

  finish(): void {
    this.batches.flush();
    this.c.db.exec('COMMIT');
  }

  abort(): void {
    this.batches.drop();
    if (this.c.db.inTransaction) this.c.db.exec('ROLLBACK');
  }

  handBack(): void {}
}
