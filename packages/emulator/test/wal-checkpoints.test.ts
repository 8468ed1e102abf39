import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../src/store/store.js';
import { checkpointsRun, withSqliteCheckpoints } from '../src/store/wal-checkpoints.js';

// The store's WAL handling is under test: rows are written in SQL to fill pages, and pragmas read.
describe('WAL checkpoints of a database file', () => {
  let dir: string;
  let path: string;
  let store: Store;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'castkit-wal-'));
    path = join(dir, 'db.sqlite');
    store = new Store({ path });
  });
  afterEach(() => {
    if (store.db.open) store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** ~300 WAL pages of new users, one transaction each: well under SQLite's own 1000-page checkpoint. */
  let next = 1;
  const writeBatch = (into = store) => {
    const insert = into.db.prepare(
      `INSERT INTO users (fid, bio, custody_address, registered_at) VALUES (?, ?, '0x00', 0)`,
    );
    for (let i = 0; i < 150; i++) insert.run(next++, 'x'.repeat(6000));
  };
  const size = (file: string) => (existsSync(file) ? statSync(file).size : 0);
  /** Every committed page is in the database file itself: a checkpoint has copied the WAL. */
  const copied = (of = store, file = path) =>
    size(file) >=
    Number(of.db.pragma('page_count', { simple: true })) *
      Number(of.db.pragma('page_size', { simple: true }));
  /** Waits (bounded) until `ready` holds; the bound is a guard against hanging, not a measurement. */
  const until = async (ready: () => boolean) => {
    for (let i = 0; i < 500 && !ready(); i++) await new Promise((r) => setTimeout(r, 20));
    return ready();
  };

  it('are left to another thread: what the serving connection writes reaches the file, and the WAL starts over', async () => {
    expect(store.db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    let largest = 0;
    let first = 0;
    for (let i = 0; i < 8; i++) {
      writeBatch();
      first ||= size(`${path}-wal`);
      largest = Math.max(largest, size(`${path}-wal`));
      expect(await until(copied)).toBe(true);
    }
    // Eight batches, never checkpointed by this connection, in a WAL that holds about one of them.
    expect(largest).toBeLessThan(first * 4);
  });

  it('stop with the store: closing it leaves no WAL behind', async () => {
    writeBatch();
    // The checkpointing thread is connected once something has been copied.
    expect(await until(copied)).toBe(true);
    writeBatch();
    store.close();
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  it('are left to SQLite during a bulk load, and to the other thread again after it', async () => {
    const during = withSqliteCheckpoints(store.db, () => {
      writeBatch();
      return store.db.pragma('wal_autocheckpoint', { simple: true });
    });
    expect(during).toBe(1000);
    expect(store.db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    writeBatch();
    expect(await until(copied)).toBe(true);
  });

  it.skipIf(process.platform !== 'linux')(
    'share one thread among every file database of the process: opening more starts no thread, and it checkpoints them too',
    async () => {
      const threads = () => readdirSync('/proc/self/task').length;
      const before = threads();
      const files = ['b', 'c', 'd'].map((name) => join(dir, `${name}.sqlite`));
      const more = files.map((file) => new Store({ path: file }));
      try {
        expect(more.map((s) => s.db.pragma('wal_autocheckpoint', { simple: true }))).toEqual([0, 0, 0]);
        expect(threads()).toBe(before);
        writeBatch(more[2]);
        expect(await until(() => copied(more[2], files[2]))).toBe(true);
      } finally {
        for (const s of more) s.close();
      }
    },
  );

  it('look at a WAL that stopped moving less often, and catch up again when it moves', async () => {
    writeBatch();
    expect(await until(copied)).toBe(true);
    // Idle: looked at about ten times a second (every 20 ms, fifty, while it was moving).
    await new Promise((r) => setTimeout(r, 300));
    const quiet = checkpointsRun(store.db)!;
    await new Promise((r) => setTimeout(r, 1000));
    const looks = checkpointsRun(store.db)! - quiet;
    expect(looks).toBeGreaterThan(0);
    expect(looks).toBeLessThanOrEqual(12);
    writeBatch();
    expect(await until(copied)).toBe(true);
  });

  it('are not needed in memory', () => {
    const memory = new Store({ path: ':memory:' });
    try {
      expect(memory.db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    } finally {
      memory.close();
    }
  });
});
