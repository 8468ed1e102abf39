// One database file, one emulator process.
//
// A second process on a file in use exits at once rather than sharing it. Sharing could be made to
// work for SQLite alone (BEGIN IMMEDIATE everywhere and waiting on the lock), but an emulator is
// more than its tables: its virtual clock, fault rules, reset and seeding live in the process, so
// two of them on one file would disagree about the time, reseed under each other and answer the
// same writes differently. And SQLite takes one writer at a time, so a second process adds only
// contention. One owner keeps every write acknowledged and every answer from one state.
//
// The claim is a lock SQLite takes on a small file beside the database (`<db>.lock`): the holder
// keeps a write transaction open on it, which the kernel drops when the process ends however it
// ends, so a SIGKILLed owner never leaves a stale claim. Readers may still read a file another
// connection is writing to, so a newcomer can read who holds it. Stores in one process share the
// claim: tests open several on one file.

import { realpathSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { codeOf, messageOf } from '../ground/thrown.js';
import { DatabaseOpenError, type DatabaseOwner } from './db-error.js';

interface Claim {
  lock: Database.Database | undefined;
  stores: number;
}

/** Claims held by this process, by the database's real path. */
const claims = new Map<string, Claim>();

/**
 * Makes this process the owner of the database file at `path` (until every returned release has
 * run), or throws a DatabaseOpenError naming the process that owns it. Synchronous and immediate:
 * it never waits for the other process.
 */
export function claimDb(path: string): () => void {
  const key = realPath(path);
  let claim = claims.get(key);
  if (!claim) {
    claim = { lock: lockFor(path, `${key}.lock`), stores: 0 };
    claims.set(key, claim);
  }
  claim.stores++;
  let released = false;
  const held = claim;
  return () => {
    if (released) return;
    released = true;
    if (--held.stores > 0) return;
    claims.delete(key);
    // Closing the connection ends its transaction and with it the lock.
    held.lock?.close();
  };
}

/**
 * The connection that holds the lock, or undefined when this process already holds it through
 * another copy of this module (a worker thread, a second bundle).
 */
function lockFor(path: string, lockPath: string): Database.Database | undefined {
  let lock: Database.Database | undefined;
  try {
    // Waits only while an owner is committing its row (a moment); never for a claim to end.
    lock = new Database(lockPath, { timeout: 1000 });
    // Rollback journal, not WAL: a held write transaction then still lets others read the owner row.
    lock.pragma('journal_mode = DELETE');
    lock.exec(
      'CREATE TABLE IF NOT EXISTS owner (id INTEGER PRIMARY KEY CHECK (id = 1), pid INTEGER NOT NULL, command TEXT)',
    );
    lock.pragma('busy_timeout = 0');
    lock.exec('BEGIN IMMEDIATE');
    lock
      .prepare('INSERT OR REPLACE INTO owner (id, pid, command) VALUES (1, ?, ?)')
      .run(process.pid, process.argv.join(' '));
    lock.exec('COMMIT');
    // Another process may take the lock between these two statements; then it is the owner.
    lock.exec('BEGIN IMMEDIATE');
    return lock;
  } catch (e) {
    if (lock?.inTransaction) lock.exec('ROLLBACK');
    const busy = codeOf(e)?.startsWith('SQLITE_BUSY') ?? false;
    if (lock && busy) lock.pragma('busy_timeout = 1000');
    const owner = lock && busy ? readOwner(lock) : undefined;
    lock?.close();
    if (!busy) {
      throw new DatabaseOpenError(
        path,
        'unusable',
        `cannot lock database ${path} with ${lockPath}: ${messageOf(e)}; delete that file if no emulator runs on the database`,
      );
    }
    if (owner?.pid === process.pid) return undefined;
    return inUse(path, lockPath, owner);
  }
}

function inUse(path: string, lockPath: string, owner?: DatabaseOwner): never {
  const who = owner
    ? `process ${owner.pid}${owner.command ? ` (${owner.command})` : ''}`
    : `another process (see ${lockPath})`;
  throw new DatabaseOpenError(
    path,
    'in_use',
    `database ${path} is in use by ${who}; stop that emulator or choose another --db`,
    owner,
  );
}

function readOwner(lock: Database.Database): DatabaseOwner | undefined {
  try {
    const row = lock
      .prepare<[], { pid: number; command: string | null }>('SELECT pid, command FROM owner WHERE id = 1')
      .get();
    return row ? { pid: row.pid, ...(row.command ? { command: row.command } : {}) } : undefined;
  } catch {
    // The owner is between its two statements above (briefly exclusive); the lock file still names it.
    return undefined;
  }
}

/** One key per file however it is spelled: symlinks and relative paths resolved. */
function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    // Not created yet: its folder exists (checked before) and the name is final.
    return join(realpathSync(dirname(path)), basename(path));
  }
}
