// A database file the emulator cannot use is refused at start with one clear line (exit code 1 from
// the CLI, a DatabaseOpenError from startEmulator) instead of starting silently or with a stack.
import {
  chmodSync,
  closeSync,
  copyFileSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseOpenError, type DatabaseProblem, startEmulator } from '../src/index.js';
import { exited, killAll, launch, run } from './support/process.js';

const dir = mkdtempSync(join(tmpdir(), 'castkit-refuse-'));
/** A real, seeded emulator database, closed cleanly (its WAL folded in). */
const real = join(dir, 'real.db');

beforeAll(async () => {
  const emulator = await startEmulator({ db: real });
  await emulator.close();
}, 60_000);
afterAll(() => {
  killAll();
  rmSync(dir, { recursive: true, force: true });
});

/** The CLI on `db`: exits 1 and prints one line naming the file, matching `what`; no stack. */
async function cliRefuses(db: string, what: RegExp, options: Parameters<typeof run>[2] = {}) {
  const { code, stdout, stderr } = await run(db, [], options);
  expect(code, stderr).toBe(1);
  expect(stdout).not.toMatch(/listening/);
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(stderr).not.toMatch(/^\s+at /m);
  expect(lines[0]).toContain(db);
  expect(lines[0]).toMatch(what);
}

async function apiRefuses(db: string, problem: DatabaseProblem): Promise<void> {
  const error = await startEmulator({ db }).then(
    (e) => e.close().then(() => new Error('it started')),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DatabaseOpenError);
  expect(error).toMatchObject({ problem, path: db });
}

const copy = (name: string) => {
  const path = join(dir, name);
  copyFileSync(real, path);
  return path;
};

describe('refusing a database file at start', () => {
  it('refuses a chmod 444 file, even as root, and leaves it untouched', async () => {
    const db = copy('read-only.db');
    chmodSync(db, 0o444);
    const before = readFileSync(db);
    await cliRefuses(db, /read-only \(mode 0444\)/);
    await apiRefuses(db, 'read_only');
    expect(readFileSync(db).equals(before)).toBe(true);
    expect(statSync(db).mode & 0o777).toBe(0o444);
  }, 30_000);

  it.runIf(process.getuid?.() === 0)(
    'refuses a file another user owns to a user who may not write it',
    async () => {
      const db = copy('not-mine.db');
      chmodSync(db, 0o644);
      chmodSync(dir, 0o755);
      // nobody may read the file and its folder, but not write the file.
      await cliRefuses(db, /not writable by this user \(mode 0644, owner uid 0\)/, {
        uid: 65534,
        gid: 65534,
      });
    },
    30_000,
  );

  it('refuses a file that is not a SQLite database', async () => {
    const db = join(dir, 'garbage.db');
    writeFileSync(db, Buffer.alloc(64 * 1024, 'not a database, just bytes. '));
    await cliRefuses(db, /not a usable SQLite database \(no SQLite header\)/);
    await apiRefuses(db, 'corrupt');
  }, 30_000);

  it('refuses a truncated copy of a real database', async () => {
    const db = copy('truncated.db');
    const pageSize = readFileSync(db).readUInt16BE(16);
    // Cut on a page boundary, so only the header's page count can tell.
    truncateSync(db, Math.floor(statSync(db).size / pageSize / 2) * pageSize);
    await cliRefuses(
      db,
      /not a usable SQLite database \(truncated: \d+ bytes of the \d+ its header declares\)/,
    );
    await apiRefuses(db, 'corrupt');

    const ragged = copy('ragged.db');
    truncateSync(ragged, statSync(ragged).size - 100);
    await cliRefuses(ragged, /not a whole number of \d+-byte pages/);
  }, 30_000);

  it('refuses a file whose header is damaged', async () => {
    const db = copy('bad-header.db');
    const bytes = readFileSync(db);
    bytes.writeUInt16BE(1000, 16);
    writeFileSync(db, bytes);
    await cliRefuses(db, /bad page size 1000/);
  }, 30_000);

  it('refuses a file whose schema is damaged behind a sound header', async () => {
    const db = copy('bad-schema.db');
    const bytes = readFileSync(db);
    const pageSize = bytes.readUInt16BE(16);
    // The schema table's pages sit right after the header page, written first by the migrations.
    bytes.fill(0xa5, pageSize, pageSize * 64);
    writeFileSync(db, bytes);
    await cliRefuses(db, /not a usable SQLite database \(.*malformed.*\)/);
    await apiRefuses(db, 'corrupt');
  }, 30_000);

  it('refuses a file damaged past its header and schema, where no request has looked yet', async () => {
    const db = copy('bad-pages.db');
    const bytes = readFileSync(db);
    const pageSize = bytes.readUInt16BE(16);
    // Table and index pages in the middle of the file: the header and the schema are intact.
    const from = Math.floor((bytes.length * 0.4) / pageSize) * pageSize;
    bytes.fill(0xa5, from, from + pageSize * 100);
    writeFileSync(db, bytes);
    await cliRefuses(db, /not a usable SQLite database \(quick_check: .+\)/);
    await apiRefuses(db, 'corrupt');
  }, 30_000);

  it('answers a read that meets damage made after start with a 503 that says what to do', async () => {
    const db = copy('damaged-later.db');
    const emulator = await startEmulator({ db });
    try {
      const pageSize = readFileSync(db).readUInt16BE(16);
      // The pages of the tables the reads below go through, wherever the file holds them (a seeded
      // file and a copy of a seed template lay them out differently).
      const pages = emulator.store.db
        .prepare<[], number>("SELECT pageno FROM dbstat WHERE name IN ('casts', 'messages', 'casts_fts')")
        .pluck()
        .all();
      expect(pages.length).toBeGreaterThan(100);
      const fd = openSync(db, 'r+');
      for (const page of pages)
        writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (page - 1) * pageSize);
      closeSync(fd);
      // Drop the pages the start-up check left in SQLite's cache, so reads go to the file.
      emulator.store.db.pragma('shrink_memory');
      const statuses = new Set<number>();
      for (const path of [
        '/v2/farcaster/cast/search?q=the',
        '/v2/farcaster/feed/user/casts?fid=12',
        '/v1/castsByFid?fid=9',
      ]) {
        const res = await fetch(`${emulator.url}${path}`, { headers: { 'x-api-key': emulator.apiKey } });
        const body = (await res.json()) as { message?: string; details?: string };
        statuses.add(res.status);
        if (res.status !== 200) {
          expect([path, res.status]).toEqual([path, 503]);
          expect(body.message ?? body.details).toMatch(
            /database file is damaged \(.+\); stop it, restore the file/,
          );
        }
      }
      expect(statuses.has(503)).toBe(true);
    } finally {
      await emulator.close();
    }
  }, 30_000);

  it('still starts on the real file, and on a new one', async () => {
    const started = await launch(real);
    started.child.kill('SIGTERM');
    await exited(started.child);
    const fresh = await startEmulator({ db: join(dir, 'fresh.db') });
    await fresh.close();
  }, 60_000);
});
