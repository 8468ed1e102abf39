// Cheap start-up checks of a database file, so a file the emulator cannot use is refused with a
// sentence instead of starting silently (read-only) or failing later with SQLite's terse errors.
// They read a stat and the 100-byte header only: the large seed is gigabytes, and a full
// integrity_check would take minutes.
import { accessSync, closeSync, constants, openSync, readSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { codeOf, messageOf } from '../ground/thrown.js';
import { DatabaseOpenError } from './db-error.js';

const HEADER_BYTES = 100;
const MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

/**
 * Refuses a path that cannot hold a writable emulator database. A missing file is fine when its
 * folder is writable (SQLite creates it); an empty file is a new database to SQLite.
 * Call before any connection in this process has the file open: closing the descriptor used to
 * read the header drops this process's POSIX locks on the file.
 */
export function checkDbFile(path: string): void {
  const stat = statOrUndefined(path);
  if (!stat) {
    const folder = dirname(path);
    if (!statOrUndefined(folder)?.isDirectory())
      fail(path, 'unusable', `cannot create database ${path}: folder ${folder} does not exist`);
    if (!writable(folder))
      fail(path, 'read_only', `cannot create database ${path}: folder ${folder} is not writable`);
    return;
  }
  if (!stat.isFile()) fail(path, 'unusable', `database ${path} is not a regular file`);
  const mode = (stat.mode & 0o777).toString(8).padStart(4, '0');
  // Root writes through any mode bits, so access() alone would let a chmod 444 file start; the
  // bits say what the user meant. The owner's bit decides for the owner, as the kernel does.
  const uid = process.getuid?.();
  const writeBits = uid !== undefined && uid === stat.uid ? stat.mode & 0o200 : stat.mode & 0o222;
  if (!writeBits) {
    fail(
      path,
      'read_only',
      `database ${path} is read-only (mode ${mode}); make it writable or choose another --db`,
    );
  }
  if (!writable(path)) {
    fail(
      path,
      'read_only',
      `database ${path} is not writable by this user (mode ${mode}, owner uid ${stat.uid}); make it writable or choose another --db`,
    );
  }
  if (stat.size === 0) return;
  checkHeader(path, stat.size);
}

function checkHeader(path: string, size: number): void {
  const corrupt = (why: string): never =>
    fail(
      path,
      'corrupt',
      `database ${path} is not a usable SQLite database (${why}); restore it or choose another --db`,
    );
  if (size < HEADER_BYTES) corrupt(`${size} bytes is shorter than a SQLite header`);
  const header = Buffer.alloc(HEADER_BYTES);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, header, 0, HEADER_BYTES, 0);
  } finally {
    closeSync(fd);
  }
  if (!header.subarray(0, MAGIC.length).equals(MAGIC)) corrupt('no SQLite header');
  const raw = header.readUInt16BE(16);
  const pageSize = raw === 1 ? 65536 : raw;
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) corrupt(`bad page size ${raw}`);
  // Fixed by the file format: max/min embedded payload fractions and leaf payload fraction.
  if (header[21] !== 64 || header[22] !== 32 || header[23] !== 32) corrupt('bad header fields');
  if (header[18]! > 2 || header[19]! > 2) corrupt('written by an incompatible SQLite version');
  // A live write-ahead log may hold pages a checkpoint has not copied yet (or was copying when the
  // process died); SQLite recovers from it, so the file's length proves nothing then.
  if ((statOrUndefined(`${path}-wal`)?.size ?? 0) > 0) return;
  if (size % pageSize !== 0) corrupt(`${size} bytes is not a whole number of ${pageSize}-byte pages`);
  // The header's page count is valid when its version-valid-for matches the change counter.
  const pages = header.readUInt32BE(28);
  if (pages > 0 && header.readUInt32BE(92) === header.readUInt32BE(24) && pages * pageSize > size) {
    corrupt(`truncated: ${size} bytes of the ${pages * pageSize} its header declares`);
  }
}

function statOrUndefined(path: string) {
  try {
    return statSync(path);
  } catch (e) {
    if (codeOf(e) === 'ENOENT') return undefined;
    throw new DatabaseOpenError(path, 'unusable', `cannot read database ${path}: ${messageOf(e)}`);
  }
}

function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function fail(path: string, problem: 'read_only' | 'corrupt' | 'unusable', message: string): never {
  throw new DatabaseOpenError(path, problem, message);
}
