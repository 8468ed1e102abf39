import Database from 'better-sqlite3';
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

/**
 * Opens (or creates) the emulator database and brings its schema up to date, or throws a
 * DatabaseOpenError saying in one line why the file cannot be used: another process owns it, it
 * is read-only, or it is not (or no longer) a SQLite database.
 * WAL keeps readers unblocked by the single writer and, with synchronous=NORMAL, a committed
 * transaction survives a process crash (it is in the WAL before `COMMIT` returns).
 */
export function openDb(path: string): OpenedDb {
  if (inMemory(path)) {
    const db = configure(new Database(path), path);
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

function asOpenError(path: string, e: unknown): unknown {
  if (e instanceof DatabaseOpenError) return e;
  const code = (e as { code?: unknown }).code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return e;
  const why = (e as Error).message;
  if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN') || code === 'SQLITE_PERM')
    return new DatabaseOpenError(
      path,
      'read_only',
      `database ${path} cannot be written (${why}); make it writable or choose another --db`,
    );
  if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT'))
    return new DatabaseOpenError(
      path,
      'corrupt',
      `database ${path} is not a usable SQLite database (${why}); restore it or choose another --db`,
    );
  return new DatabaseOpenError(path, 'unusable', `cannot open database ${path}: ${why}`);
}
