import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { codeOf, messageOf } from '../ground/thrown.js';
import { DatabaseOpenError } from './db-error.js';
import { checkDbFile } from './db-file.js';
import { claimDb } from './db-owner.js';
import { migrate } from './migrations.js';

export type Db = Database.Database;

export interface OpenedDb {
  db: Db;
  /** Closes the connection and gives up this connection's share of the file's ownership. */
  close(): void;
}

const inMemory = (path: string) => path === ':memory:' || path === '';

/** The page size of a new in-memory database (a file keeps SQLite's default, 4 KB). */
export const MEMORY_PAGE_SIZE = 2048;

/**
 * Opens (or creates) the emulator database and brings its schema up to date, or throws a
 * DatabaseOpenError saying in one line why the file cannot be used: another process owns it, it
 * is read-only, or it is not (or no longer) a SQLite database.
 * WAL keeps readers unblocked by the single writer and, with synchronous=NORMAL, a committed
 * transaction survives a process crash (it is in the WAL before `COMMIT` returns).
 */
export function openDb(path: string, image?: Buffer): OpenedDb {
  if (inMemory(path)) {
    // An image (a serialized database, seed/template.ts) opens as an in-memory copy of it.
    const db = configure(image ? new Database(image) : new Database(path), path);
    // Every further in-memory emulator holds a whole copy of its image, and each of its ~200 tables
    // and indexes takes at least a page, most of them empty: 2 KB pages make the small seed's image
    // ~5% smaller than 4 KB ones. Only a new database takes it (an image keeps the size it has).
    if (!image) db.pragma(`page_size = ${MEMORY_PAGE_SIZE}`);
    migrate(db);
    return { db, close: () => db.close() };
  }
  checkDbFile(path);
  const release = claimDb(path);
  let db: Db | undefined;
  try {
    db = configure(new Database(path), path);
    probeWrite(db);
    migrate(db);
    checkPages(db, path);
  } catch (e) {
    db?.close();
    release();
    throw asOpenError(path, e);
  }
  const opened = db;
  return {
    db: opened,
    close() {
      opened.close();
      release();
    },
  };
}

function configure(db: Db, path: string): Db {
  if (!inMemory(path)) db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('cache_size = -65536');
  db.pragma('temp_store = MEMORY');
  return db;
}

/**
 * A write transaction rolled back: proves the file takes writes (a file SQLite could only open
 * read-only fails here, not at the first request) and that its schema parses, at the cost of a
 * page or two read.
 */
function probeWrite(db: Db): void {
  db.exec('BEGIN IMMEDIATE');
  try {
    db.exec('CREATE TABLE castkit_write_probe (x)');
  } finally {
    db.exec('ROLLBACK');
  }
}

/**
 * Files up to this size have every page checked at start (SQLite's quick_check: b-tree structure,
 * free lists, record formats; not index contents). Measured here: 32 ms for the 13 MB small seed
 * (median of 5), 74 s for the 2.4 GB large one (one run; about 33 MB/s), so about 2 s at this bound.
 */
export const FULL_CHECK_BYTES = 64 * 1024 * 1024;

/**
 * Damage past the header and schema, which the header check and the write probe cannot see: on
 * files up to FULL_CHECK_BYTES a quick_check of every page; on larger ones the path from each
 * table's root to its first and last rows (12 ms on the large seed). What this misses is met by
 * the read that reaches it, answered 503 (edge/error-reply.ts).
 */
function checkPages(db: Db, path: string): void {
  const size = statSync(path).size;
  if (size <= FULL_CHECK_BYTES) {
    const found = db.pragma('quick_check(1)', { simple: true });
    if (found !== 'ok') {
      // One line, as the CLI prints it: SQLite prefixes a `*** in database main ***` line.
      const first = String(found)
        .split('\n')
        .find((line) => line && !line.startsWith('***'));
      throw corruptionError(path, `quick_check: ${first ?? 'failed'}`);
    }
    return;
  }
  const tables = db
    .prepare<[], { name: string; sql: string | null }>(
      "SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    )
    .all();
  for (const { name, sql } of tables) {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    db.prepare(`SELECT * FROM ${quoted} LIMIT 1`).all();
    if (!/WITHOUT\s+ROWID/i.test(sql ?? ''))
      db.prepare(`SELECT * FROM ${quoted} ORDER BY rowid DESC LIMIT 1`).all();
  }
}

const corruptionError = (path: string, why: string) =>
  new DatabaseOpenError(
    path,
    'corrupt',
    `database ${path} is not a usable SQLite database (${why}); restore it or choose another --db`,
  );

function asOpenError(path: string, e: unknown): unknown {
  if (e instanceof DatabaseOpenError) return e;
  const code = codeOf(e);
  if (!code?.startsWith('SQLITE_')) return e;
  const why = messageOf(e);
  if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN') || code === 'SQLITE_PERM')
    return new DatabaseOpenError(
      path,
      'read_only',
      `database ${path} cannot be written (${why}); make it writable or choose another --db`,
    );
  if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT')) return corruptionError(path, why);
  return new DatabaseOpenError(path, 'unusable', `cannot open database ${path}: ${why}`);
}
