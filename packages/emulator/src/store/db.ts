import Database from 'better-sqlite3';
import { migrate } from './migrations.js';

export type Db = Database.Database;

/**
 * Opens (or creates) the emulator database and brings its schema up to date.
 * WAL keeps readers unblocked by the single writer and, with synchronous=NORMAL, a committed
 * transaction survives a process crash (it is in the WAL before `COMMIT` returns).
 */
export function openDb(path: string): Db {
  const db = new Database(path);
  if (path !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('cache_size = -65536');
  db.pragma('temp_store = MEMORY');
  migrate(db);
  return db;
}
