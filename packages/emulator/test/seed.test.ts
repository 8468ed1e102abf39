import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { SEED_USERS, Store, seedStore } from '../src/index.js';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const stores: Store[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});

function seeded(seed: number, now = NOW): Store {
  const store = new Store({ path: ':memory:' });
  stores.push(store);
  seedStore(store, { seed, size: 'small', now });
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
    const b = seeded(7);
    for (const [table, order] of TABLES) expect(digest(a, table, order), table).toBe(digest(b, table, order));
  });

  it('produces different data for a different seed number', () => {
    const a = seeded(7);
    const b = seeded(8);
    expect(digest(a, 'users', 'fid')).not.toBe(digest(b, 'users', 'fid'));
  });

  it('keeps the same people and graph when only the anchor time moves', () => {
    const a = seeded(7);
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
  it('derives every public key from its private key and signs deferred messages validly on first read', async () => {
    const { checkMessage, ed25519PublicKey, loadMessage, messageBytes } = await import('../src/index.js');
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
    expect(store.db.prepare('SELECT signature FROM messages WHERE hash = ?').pluck().get(hash)).toBeNull();
    const row = loadMessage(store, hash);
    const checked = await checkMessage(store, messageBytes(row));
    expect(`0x${Buffer.from(checked.hash).toString('hex')}`).toBe(hash);
    expect(
      store.db.prepare('SELECT signature FROM messages WHERE hash = ?').pluck().get(hash),
    ).not.toBeNull();
  });
});
