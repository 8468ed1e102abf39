// The statements under snapshots (domain/snapshots.ts says what they mean to a caller): marks in the
// undo log (undo-log.ts) by name, rolling back to one, and copying the whole database to or from a file.

import type { Db } from './db.js';
import { copyHexMessages } from './messages-schema.js';
import { bulkLoad } from './read-cache.js';
import { snapshotSchemaRefusal } from './snapshot-file.js';
import { column, rows, write } from './statements.js';
import type { Store } from './store.js';
import { dataTables } from './tables.js';
import { forgetLog, nextGeneration, rollBackTo, startRecording, stopRecording } from './undo-log.js';

export interface MarkInfo {
  name: string;
  /** Emulator clock when it was taken, unix ms. */
  createdAt: number;
}

const MARKS = rows<[except: string], MarkInfo>(
  'SELECT name, created_at AS createdAt FROM undo_marks WHERE name != ? ORDER BY gen',
);

/** The marks in the order they were taken, but `except`. */
export function listMarks(store: Store, except: string): MarkInfo[] {
  return MARKS.all(store, except);
}

const MARK_GENERATION = column<[name: string], number>('SELECT gen FROM undo_marks WHERE name = ?');

/** The generation the mark named `name` ended, if there is one. */
export function markGeneration(store: Store, name: string): number | undefined {
  return MARK_GENERATION.get(store, name);
}

const PUT_MARK = write<[name: string, gen: number, createdAt: number]>(
  `INSERT INTO undo_marks (name, gen, created_at) VALUES (?, ?, ?)
   ON CONFLICT (name) DO UPDATE SET gen = excluded.gen, created_at = excluded.created_at`,
);

/** Ends the current generation under `name` (a mark of that name moves here). */
export function putMark(store: Store, name: string): MarkInfo {
  const createdAt = store.now();
  PUT_MARK.run(store, name, nextGeneration(store.db), createdAt);
  return { name, createdAt };
}

const DELETE_MARK = write<[name: string]>('DELETE FROM undo_marks WHERE name = ?');

export function deleteMark(store: Store, name: string): boolean {
  return DELETE_MARK.run(store, name).changes > 0;
}

const DROP_MARKS_AFTER = column<[gen: number], string>('DELETE FROM undo_marks WHERE gen > ? RETURNING name');

/**
 * Puts every table back as it was when generation `gen` ended, in one transaction with foreign keys
 * off (recording pauses inside rollBackTo and goes on after); the marks taken after it go. Read caches
 * keep what it did not touch: the rows it deletes and puts back fire the change tags like any write,
 * so the next read drops just what rests on them (a test's reset leaves built what the test did not
 * write). Returns the rows touched and those marks' names.
 */
export function rollBackToGeneration(store: Store, gen: number): { rows: number; dropped: string[] } {
  let rowCount = 0;
  let dropped: string[] = [];
  withoutForeignKeys(store, () =>
    store.tx(() => {
      rowCount = rollBackTo(store.db, gen);
      dropped = DROP_MARKS_AFTER.all(store, gen);
    }),
  );
  return { rows: rowCount, dropped };
}

/** Records this connection's writes to every data table from now on. */
export function recordWrites(store: Store): void {
  startRecording(store.db, dataTables(store));
}

/** Writes the whole database to `file` (which must not exist). */
export function exportDatabase(store: Store, file: string): void {
  store.db.prepare<[file: string]>('VACUUM INTO ?').run(file);
}

/**
 * Replaces every table's rows with those of an exported `file` (named `label` in the refusal), then
 * runs `after` in the same transaction. Columns this version does not have are left out; those it
 * added take defaults. The refusal, and nothing changed, when the file is not an emulator database
 * or has a newer schema.
 */
export function importDatabase(
  store: Store,
  file: string,
  label: string,
  after: () => void,
): string | undefined {
  const db = store.db;
  db.prepare<[file: string]>('ATTACH DATABASE ? AS imported').run(file);
  try {
    const refusal = snapshotSchemaRefusal(db, 'imported', label);
    if (refusal !== undefined) return refusal;
    const has = (table: string) => IMPORTED_TABLE.get(store, table) !== undefined;
    withoutChecks(store, () => {
      copyImported(store, has);
      after();
    });
  } finally {
    db.exec('DETACH DATABASE imported');
  }
  return undefined;
}

const IMPORTED_TABLE = column<[table: string], 1>(
  `SELECT 1 FROM imported.sqlite_master WHERE type = 'table' AND name = ?`,
);

function copyImported(store: Store, has: (table: string) => boolean): void {
  const db = store.db;
  forgetLog(db);
  const triggers = db
    .prepare<[], { name: string; sql: string }>(
      `SELECT name, sql FROM main.sqlite_master WHERE type = 'trigger'`,
    )
    .all();
  for (const t of triggers) db.exec(`DROP TRIGGER main."${t.name}"`);
  for (const table of dataTables(store)) {
    db.exec(`DELETE FROM main."${table}"`);
    if (!has(table)) continue;
    const theirs = new Set(columnsOf(db, table, 'imported'));
    if (table === 'messages' && theirs.has('signer')) {
      // A file from before migration 18 holds hashes and signers as hex: converted, not copied.
      db.exec(copyHexMessages('main.messages', 'imported.messages'));
      continue;
    }
    const cols = columnsOf(db, table, 'main')
      .filter((c) => theirs.has(c))
      .map((c) => `"${c}"`)
      .join(', ');
    const withoutRowid = /WITHOUT\s+ROWID/i.test(
      db
        .prepare<[table: string], string>(`SELECT sql FROM main.sqlite_master WHERE name = ?`)
        .pluck()
        .get(table) ?? '',
    );
    const rowid = withoutRowid ? '' : 'rowid, ';
    db.exec(`INSERT INTO main."${table}" (${rowid}${cols}) SELECT ${rowid}${cols} FROM imported."${table}"`);
  }
  db.exec(`INSERT INTO casts_fts (casts_fts) VALUES ('rebuild')`);
  for (const t of triggers) db.exec(t.sql);
}

const columnsOf = (db: Db, table: string, schema: 'main' | 'imported') =>
  db
    .prepare<[table: string, schema: string], string>('SELECT name FROM pragma_table_info(?, ?)')
    .pluck()
    .all(table, schema);

/**
 * One transaction with recording and foreign keys off (rows come back in any order, as
 * consistent as when marked); read caches hear "everything changed" once.
 */
function withoutChecks(store: Store, fn: () => void): void {
  stopRecording(store.db);
  withoutForeignKeys(store, () => bulkLoad(store, () => store.tx(fn)));
}

function withoutForeignKeys(store: Store, fn: () => void): void {
  const fks = FOREIGN_KEYS.get(store) === 1;
  if (fks) FOREIGN_KEYS_OFF.run(store);
  try {
    fn();
  } finally {
    if (fks) FOREIGN_KEYS_ON.run(store);
  }
}

const FOREIGN_KEYS = column<[], number>('PRAGMA foreign_keys');
const FOREIGN_KEYS_OFF = write<[]>('PRAGMA foreign_keys = OFF');
const FOREIGN_KEYS_ON = write<[]>('PRAGMA foreign_keys = ON');
