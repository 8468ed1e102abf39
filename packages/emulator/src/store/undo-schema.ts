import type Database from 'better-sqlite3';

// The undo log's bookkeeping (undo-log.ts): the current generation and the named marks that end one.
// Its shadow tables and triggers are made at run time from each table's columns, not here.

/** Shadow tables are named `undo_t_<table>` (undo-log.ts makes them). */
export const SHADOW = 'undo_t_';

/** A name in SQL's identifier quotes. */
export const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

export const undoSchema = `
CREATE TABLE undo_state (id INTEGER PRIMARY KEY CHECK (id = 1), gen INTEGER NOT NULL);
INSERT INTO undo_state (id, gen) VALUES (1, 1);
CREATE TABLE undo_marks (name TEXT PRIMARY KEY, gen INTEGER NOT NULL, created_at INTEGER NOT NULL);
`;

/**
 * Migration 19: the shadows' `_gen` indexes go (undo-log.ts finds a generation's rows from the newest
 * back instead); each cost a page, empty or not, in every in-memory copy of a database.
 */
export function dropGenerationIndexes(db: Database.Database): void {
  const names = db
    .prepare<[length: number, prefix: string], string>(
      `SELECT name FROM sqlite_master WHERE type = 'index' AND substr(tbl_name, 1, ?) = ?
       AND name = tbl_name || '_gen'`,
    )
    .pluck()
    .all(SHADOW.length, SHADOW);
  for (const name of names) db.exec(`DROP INDEX ${q(name)}`);
}
