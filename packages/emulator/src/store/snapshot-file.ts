// Portable snapshot files: a SQLite database another project's emulator imports (Snapshots'
// importFrom). It holds every data table as of the moment exported or of a named snapshot, the
// meta table (seed, seed size, the seeding origin) and schema_migrations (its schema version), and
// nothing of the undo log: marks belong to the database they were taken in.
import { closeSync, openSync, readSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Db } from './db.js';
import { LATEST_SCHEMA_VERSION } from './migrations.js';
import { forgetLog, rollBackTo, stopRecording } from './undo-log.js';

const MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

/**
 * Turns `file`, a `VACUUM INTO` copy of an emulator's database, into a portable snapshot file: its
 * data as of the end of generation `gen` (a snapshot's mark; undefined: as copied), without the
 * undo log, in rollback-journal mode so the one file is the whole of it. One transaction, without
 * syncs (the file is not handed out before this returns): ~50 tables dropped one commit at a time
 * took about a second. Compacted only when the log left much free space: a VACUUM costs as much
 * as the copy.
 */
export function makePortable(file: string, gen: number | undefined): void {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = DELETE');
    db.pragma('synchronous = OFF');
    db.pragma('foreign_keys = OFF');
    db.transaction(() => {
      stopRecording(db);
      if (gen !== undefined) rollBackTo(db, gen);
      forgetLog(db);
    })();
    const free = Number(db.pragma('freelist_count', { simple: true }));
    const pages = Number(db.pragma('page_count', { simple: true }));
    if (free > pages / 4) db.exec('VACUUM');
  } finally {
    db.close();
  }
}

/**
 * Why `file` is no file an emulator can import (named `label`), read from its header: one that is
 * not a SQLite database. Undefined when it may be one. The store names the reason; the domain
 * (domain/snapshots.ts) turns it into the API's refusal.
 */
export function snapshotHeaderRefusal(file: string, label: string): string | undefined {
  const head = Buffer.alloc(MAGIC.length);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  return head.equals(MAGIC) ? undefined : notASnapshot(label, 'not a SQLite database');
}

/** Why an attached file (`schema`) is no emulator database or of a newer schema; else undefined. */
export function snapshotSchemaRefusal(db: Db, schema: string, label: string): string | undefined {
  const has = (table: string) =>
    db.prepare(`SELECT 1 FROM "${schema}".sqlite_master WHERE type = 'table' AND name = ?`).get(table);
  let version: number;
  try {
    if (!has('meta') || !has('schema_migrations')) return notASnapshot(label, 'no castkit emulator tables');
    version = Number(db.prepare(`SELECT MAX(version) FROM "${schema}".schema_migrations`).pluck().get());
  } catch (error) {
    return notASnapshot(label, error instanceof Error ? error.message : String(error));
  }
  if (version > LATEST_SCHEMA_VERSION) {
    return `${label} has schema version ${version}, newer than this castkit's ${LATEST_SCHEMA_VERSION}: upgrade castkit to import it`;
  }
  return undefined;
}

const notASnapshot = (label: string, why: string) => `${label} is not a castkit emulator database (${why})`;
