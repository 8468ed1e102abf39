import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DEV_MNEMONIC, SEED_USERS, Store, seedStore } from '../src/index.js';
import { contentDigest } from './support/table-digests.js';

// What the seed writes is under test here, counters, indexes and signatures included: its rows are
// read in SQL, many of them in tables and columns no API shows.
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const stores: Store[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});
const dir = mkdtempSync(join(tmpdir(), 'castkit-seed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function open(path = ':memory:'): Store {
  const store = new Store({ path });
  stores.push(store);
  return store;
}

/** The indexes and triggers a store has, by name, with their SQL. */
function indexesAndTriggers(store: Store): unknown[] {
  return store.db
    .prepare(
      "SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY name",
    )
    .all();
}

function seeded(seed: number, now = NOW): Store {
  const store = open();
  seedStore(store, { seed, size: 'small', now });
  return store;
}

// A seeding several tests only read is made once in this file (each is ~3 s of CPU); a test that
// compares two seedings or writes takes a fresh one from seeded().
const shared = new Map<string, Store>();
afterAll(() => {
  for (const s of shared.values()) s.close();
});

/** The small seed of `seed` at `now`, seeded once in this file and never written to. */
function seededOnce(seed: number, now = NOW): Store {
  const key = `${seed}@${now}`;
  let store = shared.get(key);
  if (!store) {
    store = new Store({ path: ':memory:' });
    seedStore(store, { seed, size: 'small', now });
    shared.set(key, store);
  }
  return store;
}

/** A digest of a table's full contents in a stable order. */
function digest(store: Store, table: string, order: string): string {
  const h = createHash('sha256');
  for (const row of store.db.prepare(`SELECT * FROM ${table} ORDER BY ${order}`).iterate()) {
    h.update(
      JSON.stringify(row, (_, v) => (v && v.type === 'Buffer' ? Buffer.from(v.data).toString('hex') : v)),
    );
  }
  return h.digest('hex');
}

/** Every counter the seed keeps equals a count of the rows it summarises. */
function expectCountersOf(s: Store): void {
  const zero = (sql: string) => expect(s.db.prepare(sql).pluck().get(), sql).toBe(0);
  zero(
    'SELECT COUNT(*) FROM casts c WHERE replies_count != (SELECT COUNT(*) FROM casts r WHERE r.parent_hash = c.hash)',
  );
  zero(
    'SELECT COUNT(*) FROM casts c WHERE likes_count != (SELECT COUNT(*) FROM reactions r WHERE r.target = c.hash AND r.type = 1)',
  );
  zero(
    'SELECT COUNT(*) FROM casts c WHERE recasts_count != (SELECT COUNT(*) FROM reactions r WHERE r.target = c.hash AND r.type = 2)',
  );
  zero(
    "SELECT COUNT(*) FROM users u WHERE follower_count != (SELECT COUNT(*) FROM links l WHERE l.target_fid = u.fid AND l.type = 'follow')",
  );
  zero(
    "SELECT COUNT(*) FROM users u WHERE following_count != (SELECT COUNT(*) FROM links l WHERE l.fid = u.fid AND l.type = 'follow')",
  );
  zero(
    'SELECT COUNT(*) FROM channels c WHERE follower_count != (SELECT COUNT(*) FROM channel_follows f WHERE f.channel_id = c.id)',
  );
  zero(
    'SELECT COUNT(*) FROM channels c WHERE member_count != (SELECT COUNT(*) FROM channel_members m WHERE m.channel_id = c.id)',
  );
}

const TABLES: [string, string][] = [
  ['users', 'fid'],
  ['casts', 'hash'],
  ['messages', 'hash'],
  ['reactions', 'fid, type, target'],
  ['links', 'fid, target_fid'],
  ['signers', 'signer_uuid'],
  ['channels', 'id'],
  ['channel_members', 'channel_id, fid'],
  ['hub_events', 'id'],
];

describe('the seed', () => {
  it('produces identical data for the same seed number and anchor time', () => {
    const a = seeded(7);
    const b = seededOnce(7);
    for (const [table, order] of TABLES) expect(digest(a, table, order), table).toBe(digest(b, table, order));
  });

  it('produces different data for a different seed number', () => {
    const a = seededOnce(7);
    const b = seeded(8);
    expect(digest(a, 'users', 'fid')).not.toBe(digest(b, 'users', 'fid'));
  });

  it('keeps the same people and graph when only the anchor time moves', () => {
    const a = seededOnce(7);
    const b = seeded(7, NOW + 86_400_000);
    const people = (s: Store) =>
      s.db.prepare('SELECT fid, username, display_name, bio FROM users ORDER BY fid').all();
    expect(people(a)).toEqual(people(b));
    const graph = (s: Store) =>
      s.db.prepare('SELECT fid, target_fid FROM links ORDER BY fid, target_fid').all();
    expect(graph(a)).toEqual(graph(b));
  });

  it('contains the named users with approved managed signers', () => {
    const s = seeded(3);
    for (const u of SEED_USERS) {
      const row = s.db
        .prepare(
          'SELECT u.username, s.status, s.fid FROM users u JOIN signers s ON s.fid = u.fid WHERE s.signer_uuid = ?',
        )
        .get(u.signerUuid);
      expect(row).toEqual({ username: u.username, status: 'approved', fid: u.fid });
    }
  });

  it('gives the named users the dev mnemonic’s first accounts as custody, and alice is every seeded signer’s app', () => {
    for (const size of [2, 7]) {
      const s = seededOnce(size);
      SEED_USERS.forEach((u, addressIndex) => {
        const address = mnemonicToAccount(DEV_MNEMONIC, { addressIndex }).address.toLowerCase();
        expect(address).toBe(u.custodyAddress);
        const custody = s.db.prepare('SELECT custody_address FROM users WHERE fid = ?').pluck().get(u.fid);
        expect(custody).toBe(address);
      });
      const apps = s.db.prepare('SELECT DISTINCT app_fid FROM signers').pluck().all();
      expect(apps).toEqual([SEED_USERS[0].fid]);
    }
  });

  it('is believable: deep threads, channel posts, mentions, both kinds of embeds, likes and recasts', () => {
    const s = seeded(1);
    const one = (sql: string) => s.db.prepare(sql).pluck().get() as number;
    // Depth of the deepest reply chain, walking parents up from every reply.
    const depth = one(`WITH RECURSIVE chain(hash, depth) AS (
        SELECT hash, 0 FROM casts WHERE parent_hash IS NULL
        UNION ALL SELECT c.hash, chain.depth + 1 FROM casts c JOIN chain ON c.parent_hash = chain.hash)
      SELECT MAX(depth) FROM chain`);
    expect(depth).toBeGreaterThanOrEqual(4);
    expect(
      one('SELECT COUNT(*) FROM casts WHERE channel_id IS NOT NULL AND parent_hash IS NULL'),
    ).toBeGreaterThan(100);
    expect(one('SELECT COUNT(*) FROM cast_mentions')).toBeGreaterThan(50);
    expect(one(`SELECT COUNT(*) FROM casts WHERE embeds LIKE '%"url"%'`)).toBeGreaterThan(50);
    expect(one('SELECT COUNT(*) FROM cast_quotes')).toBeGreaterThan(20);
    expect(one('SELECT COUNT(*) FROM reactions WHERE type = 1')).toBeGreaterThan(1000);
    expect(one('SELECT COUNT(*) FROM reactions WHERE type = 2')).toBeGreaterThan(100);
    expect(one('SELECT COUNT(*) FROM verifications')).toBeGreaterThan(100);
    // Power law: the most-followed user has many times the median follower count.
    const counts = s.db
      .prepare('SELECT follower_count FROM users ORDER BY follower_count')
      .pluck()
      .all() as number[];
    expect(counts[counts.length - 1]!).toBeGreaterThan(5 * counts[Math.floor(counts.length / 2)]!);
    // Counters agree with the rows they summarise.
    expect(
      one(
        'SELECT COUNT(*) FROM casts c WHERE likes_count != (SELECT COUNT(*) FROM reactions r WHERE r.target = c.hash AND r.type = 1)',
      ),
    ).toBe(0);
  });
});

describe('the bulk seed path', () => {
  /** The large seed's path at a fraction of its size: what a file's journal and pages go through. */
  const JOURNAL_SHAPE = { users: 400, casts: 1200, channels: 8, followsPerUser: 4, reactionsPerCast: 1 };
  /** The large seed reduced enough for a test, yet with public keys derived in a worker (2,000+ users). */
  const REDUCED = { users: 2100, casts: 4000, channels: 20, followsPerUser: 4, reactionsPerCast: 1 };
  const changes = (store: Store) => Number(store.db.prepare('SELECT total_changes()').pluck().get());

  /** Seed 9 of the reduced large seed on a new file, built the large size's way: what it left. */
  function buildReduced(name: string, rowsThread?: boolean) {
    const store = open(join(dir, name));
    const before = changes(store);
    seedStore(store, { seed: 9, size: 'large', now: NOW, shape: REDUCED, rowsThread });
    return {
      digest: contentDigest(store),
      changes: changes(store) - before,
      messages: Number(store.db.prepare('SELECT COUNT(*) FROM messages').pluck().get()),
      journal: store.db.pragma('journal_mode', { simple: true }),
    };
  }
  // Several tests compare a build against this one: built once in this file (~1.2 s of CPU each).
  let reference: ReturnType<typeof buildReduced> | undefined;
  const referenceBuild = () => {
    reference ??= buildReduced('large-reference.db');
    return reference;
  };

  it('keeps each channel member’s follow from the channel’s creation when the member is drawn again as a follower', () => {
    // Members follow first, at the channel's creation; followers drawn later include many members.
    // The first follow of a fid is the one kept (what INSERT OR IGNORE kept row by row).
    const s = seededOnce(1);
    const count = (sql: string) => Number(s.db.prepare(sql).pluck().get());
    const members = `FROM channel_members m JOIN channels c ON c.id = m.channel_id
       JOIN channel_follows f ON f.channel_id = m.channel_id AND f.fid = m.fid`;
    expect(count(`SELECT COUNT(*) ${members}`)).toBe(count('SELECT COUNT(*) FROM channel_members'));
    expect(count(`SELECT COUNT(*) ${members} WHERE f.created_at != c.created_at`)).toBe(0);
  });

  it('derives every public key from its private key and signs deferred messages validly on first read', async () => {
    const { ed25519PublicKey, loadMessage, messageBytes } = await import('../src/index.js');
    const { checkMessage } = await import('../src/protocol/index.js');
    const store = new Store({ path: ':memory:' });
    stores.push(store);
    // Enough users for the worker path, unsigned messages as in the large size.
    seedStore(store, {
      seed: 5,
      size: 'large',
      now: NOW,
      shape: { users: 2500, casts: 400, channels: 3, followsPerUser: 2, reactionsPerCast: 1 },
    });
    const signers = store.db
      .prepare('SELECT public_key, private_key FROM signers WHERE fid IN (1, 1000, 2500)')
      .all() as { public_key: string; private_key: Buffer }[];
    expect(signers).toHaveLength(3);
    for (const s of signers) {
      expect(`0x${Buffer.from(ed25519PublicKey(new Uint8Array(s.private_key))).toString('hex')}`).toBe(
        s.public_key,
      );
    }
    const hash = store.db.prepare('SELECT hash FROM casts WHERE fid = 2 LIMIT 1').pluck().get() as string;
    expect(
      store.db.prepare('SELECT signature FROM messages WHERE hash = unhex(substr(?, 3))').pluck().get(hash),
    ).toBeNull();
    const row = loadMessage(store, hash);
    const checked = await checkMessage(store, messageBytes(row));
    expect(`0x${Buffer.from(checked.hash).toString('hex')}`).toBe(hash);
    expect(
      store.db.prepare('SELECT signature FROM messages WHERE hash = unhex(substr(?, 3))').pluck().get(hash),
    ).not.toBeNull();
  });

  it('builds the large seed, reduced, into files with identical content for the same seed and anchor', () => {
    // The large size's path (public keys in a worker, unsigned messages, a file built out of WAL in
    // 16 KB pages), small enough for a test: two builds, every table compared.
    expect(buildReduced('large-again.db').digest).toBe(referenceBuild().digest);
  }, 120_000);

  it('writes the same rows, rowids and ids from its row-writing thread as on the store’s own connection', () => {
    // The large size writes its rows from the thread: the reference build is that one.
    const threaded = referenceBuild();
    const connection = buildReduced('large-rows-on-connection.db', false);
    expect([threaded.journal, connection.journal]).toEqual(['wal', 'wal']);
    expect(threaded.digest).toBe(connection.digest);
    // The thread's rows were inserted by its own connection: the store's counts none of them.
    expect(connection.changes - threaded.changes).toBeGreaterThan(threaded.messages);
  }, 120_000);

  it('writes a file’s rows straight to it, with no WAL beside it, and puts the WAL back after', () => {
    const path = join(dir, 'large-journal.db');
    const store = open(path);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    const during: string[] = [];
    seedStore(store, {
      seed: 9,
      size: 'large',
      now: NOW,
      shape: JOURNAL_SHAPE,
      progress: (phase, done) => {
        if (phase === 'casts' && done > 600 && during.length === 0)
          during.push(
            String(store.db.pragma('journal_mode', { simple: true })),
            String(existsSync(`${path}-wal`)),
          );
      },
    });
    expect(during).toEqual(['memory', 'false']);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
  }, 120_000);

  it('gives a large seed’s file 16 KB pages, rebuilding one that had 4 KB pages, with the same content', () => {
    const store = open(join(dir, 'pages-reseeded.db'));
    seedStore(store, { seed: 2, size: 'small', now: NOW });
    expect(store.db.pragma('page_size', { simple: true })).toBe(4096);
    seedStore(store, { seed: 9, size: 'large', now: NOW, shape: JOURNAL_SHAPE });
    expect(store.db.pragma('page_size', { simple: true })).toBe(16384);
    expect(store.db.pragma('quick_check', { simple: true })).toBe('ok');
    // The same two seeds in memory, where pages keep their size (hub event ids go on from the first).
    const same = open();
    seedStore(same, { seed: 2, size: 'small', now: NOW });
    seedStore(same, { seed: 9, size: 'large', now: NOW, shape: JOURNAL_SHAPE });
    expect(same.db.pragma('page_size', { simple: true })).toBe(2048);
    expect(contentDigest(store)).toBe(contentDigest(same));
  }, 120_000);

  it('keeps the WAL and the pages of a file another connection holds open, and seeds it all the same', () => {
    // SQLite takes a file out of WAL only when no other connection has it open: the load then runs
    // through the WAL, like before, and the file keeps its 4 KB pages.
    const path = join(dir, 'pages-held.db');
    const store = open(path);
    const other = new Database(path);
    try {
      other.prepare('SELECT COUNT(*) FROM users').get();
      seedStore(store, { seed: 9, size: 'large', now: NOW, shape: JOURNAL_SHAPE });
      expect(store.db.pragma('page_size', { simple: true })).toBe(4096);
      expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(other.prepare('SELECT COUNT(*) FROM casts').pluck().get()).toBeGreaterThanOrEqual(1200);
    } finally {
      other.close();
    }
    const fresh = open(join(dir, 'pages-unheld.db'));
    seedStore(fresh, { seed: 9, size: 'large', now: NOW, shape: JOURNAL_SHAPE });
    expect(contentDigest(store)).toBe(contentDigest(fresh));
  }, 120_000);

  it('leaves every reference whole and every counter right when its thread writes the rows unchecked', () => {
    // The thread's connection skips foreign key checks (the seed's rows are consistent by
    // construction) and casts are written with their counts instead of being recounted: SQLite's own
    // check and plain counts say both hold.
    const shape = { users: 2100, casts: 6000, channels: 20, followsPerUser: 4, reactionsPerCast: 2 };
    const store = open(join(dir, 'large-checked.db'));
    seedStore(store, { seed: 5, size: 'large', now: NOW, shape, rowsThread: true });
    expect(store.db.pragma('foreign_key_check')).toEqual([]);
    expectCountersOf(store);
    expect(
      store.db.prepare('SELECT COUNT(*) FROM casts WHERE likes_count > 0').pluck().get(),
    ).toBeGreaterThan(1000);
  }, 120_000);

  it('leaves a seeded file with every index and trigger of a fresh one and its journal back to WAL', () => {
    const fresh = indexesAndTriggers(open(join(dir, 'fresh.db')));
    expect(fresh.length).toBeGreaterThan(30);
    const store = open(join(dir, 'seeded.db'));
    seedStore(store, { seed: 2, size: 'small', now: NOW });
    expect(indexesAndTriggers(store)).toEqual(fresh);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('synchronous', { simple: true })).toBe(1);
  });

  it('sorts its indexes through temporary files only on a connection without TEMP objects, and leaves both as they were', () => {
    // SQLite's sorter uses its helper thread only with temporary files on disk; switching temp_store
    // to get them drops a connection's TEMP objects, so a connection holding some keeps memory.
    const tempStoreAtIndexBuilds = (store: Store) => {
      const seen = new Set<number>();
      const exec = store.db.exec.bind(store.db);
      store.db.exec = (sql: string) => {
        if (sql.startsWith('CREATE INDEX') || sql.startsWith('CREATE UNIQUE INDEX'))
          seen.add(Number(store.db.pragma('temp_store', { simple: true })));
        return exec(sql);
      };
      seedStore(store, { seed: 3, size: 'small', now: NOW });
      return [...seen];
    };
    const bare = open(join(dir, 'temp-bare.db'));
    expect(tempStoreAtIndexBuilds(bare)).toEqual([1]);
    expect(bare.db.pragma('temp_store', { simple: true })).toBe(2);
    expect(bare.db.pragma('cache_size', { simple: true })).toBe(-65536);

    const holding = open(join(dir, 'temp-holding.db'));
    holding.db.exec("CREATE TEMP TABLE kept (note TEXT); INSERT INTO kept VALUES ('still here')");
    expect(tempStoreAtIndexBuilds(holding)).toEqual([2]);
    expect(holding.db.prepare('SELECT note FROM temp.kept').pluck().all()).toEqual(['still here']);
  });

  it('derives every maintained counter from the rows it summarises', () => {
    const s = seeded(4);
    expectCountersOf(s);
    expect(s.db.prepare('SELECT COUNT(*) FROM casts WHERE replies_count > 0').pluck().get()).toBeGreaterThan(
      100,
    );
    // The 5% most-followed of 300 users hold the power badge.
    expect(s.db.prepare('SELECT COUNT(*) FROM users WHERE power_badge = 1').pluck().get()).toBe(15);
    expect(
      s.db
        .prepare(
          'SELECT MIN(follower_count) >= (SELECT MAX(follower_count) FROM users WHERE power_badge = 0) FROM users WHERE power_badge = 1',
        )
        .pluck()
        .get(),
    ).toBe(1);
  });

  it('rolls back a seed that fails midway while a thread writes its rows, and can seed the file again', () => {
    const fresh = indexesAndTriggers(open(join(dir, 'thread-fresh.db')));
    const store = open(join(dir, 'thread-fails.db'));
    expect(() =>
      seedStore(store, {
        seed: 9,
        size: 'large',
        now: NOW,
        shape: REDUCED,
        progress: (phase, done) => {
          if (phase === 'casts' && done > 2000) throw new Error('stopped while writing casts');
        },
      }),
    ).toThrow('stopped while writing casts');
    expect(indexesAndTriggers(store)).toEqual(fresh);
    expect(store.getMeta('seed')).toBeUndefined();
    expect(store.db.prepare('SELECT COUNT(*) FROM casts').pluck().get()).toBeLessThan(2000);
    seedStore(store, { seed: 9, size: 'large', now: NOW, shape: REDUCED });
    expect(contentDigest(store)).toBe(referenceBuild().digest);
  }, 120_000);

  it('rolls back a seed that fails midway, restores indexes and triggers and can seed again', () => {
    const fresh = indexesAndTriggers(open());
    const store = open();
    expect(() =>
      seedStore(store, {
        seed: 7,
        size: 'small',
        now: NOW,
        progress: (phase) => {
          if (phase === 'casts') throw new Error('stopped while writing casts');
        },
      }),
    ).toThrow('stopped while writing casts');
    expect(indexesAndTriggers(store)).toEqual(fresh);
    expect(store.db.inTransaction).toBe(false);
    expect(store.getMeta('seed')).toBeUndefined();
    expect(store.db.prepare('SELECT COUNT(*) FROM messages').pluck().get()).toBe(0);
    seedStore(store, { seed: 7, size: 'small', now: NOW });
    const clean = seededOnce(7);
    for (const [table, order] of TABLES)
      expect(digest(store, table, order), table).toBe(digest(clean, table, order));
  });
});
