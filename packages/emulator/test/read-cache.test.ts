import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEED_USERS } from '../src/seed/constants.js';
import { bulkLoad, cacheKind } from '../src/store/read-cache.js';
import { Store } from '../src/store/store.js';
import { startApi } from './support/api.js';

// The cache's own bookkeeping is under test here, on a bare store: the changes it must notice are
// made in SQL, and its change table read.
describe('the read cache of a store', () => {
  let dir: string;
  let store: Store;
  let builds: number[][];
  const SQUARES = cacheKind<number, { n: number }>('squares', 100);
  const squares = (s: Store) => SQUARES.of(s);
  const get = (keys: number[], s = store) =>
    squares(s).getMany(keys, (missing) => {
      builds.push(missing);
      return new Map(missing.map((k) => [k, { n: k * k }]));
    });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'castkit-read-cache-'));
    store = new Store({ path: join(dir, 'db.sqlite') });
    builds = [];
  });
  afterEach(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('builds each value once while the data stays the same, and answers in the order asked', () => {
    expect([...get([3, 1, 2]).entries()]).toEqual([
      [3, { n: 9 }],
      [1, { n: 1 }],
      [2, { n: 4 }],
    ]);
    expect([...get([2, 4, 3, 4]).keys()]).toEqual([2, 4, 3]);
    expect(builds).toEqual([[3, 1, 2], [4]]);
  });

  it('drops everything it holds after a change made through the same connection', () => {
    get([1, 2]);
    store.setMeta('anything', 'changed');
    get([1, 2]);
    // Values that name no change tags go after any change, in tables no cache reads too.
    store.db.prepare(`INSERT INTO notifications_seen (fid, scope, seen_at) VALUES (1, '', 0)`).run();
    get([1, 2]);
    expect(builds).toEqual([
      [1, 2],
      [1, 2],
      [1, 2],
    ]);
  });

  it('drops everything it holds after a change committed by another connection to the same file', () => {
    const other = new Store({ path: join(dir, 'db.sqlite') });
    try {
      get([1]);
      get([1]);
      other.setMeta('from', 'elsewhere');
      get([1]);
      expect(builds).toEqual([[1], [1]]);
    } finally {
      other.close();
    }
  });

  it('keeps nothing read inside a transaction, which may yet roll back', () => {
    store.tx(() => {
      get([1]);
      get([1]);
    });
    get([1]);
    get([1]);
    expect(builds).toEqual([[1], [1], [1]]);
  });

  it('holds at most its capacity, letting the least recently used go first', () => {
    const smallSquares = cacheKind<number, { n: number }>('squares', 2).of(store);
    const small = (keys: number[]) =>
      smallSquares.getMany(keys, (missing) => {
        builds.push(missing);
        return new Map(missing.map((k) => [k, { n: k * k }]));
      });
    small([1]);
    small([2]);
    small([1]); // 1 is now the most recently used
    small([3]); // evicts 2
    small([1, 2]);
    expect(builds).toEqual([[1], [2], [3], [2]]);
  });

  it('keeps a bounded number of named caches, however many origins requests claim', () => {
    const users = cacheKind<number, number>('users', 10);
    const first = users.of(store, 'http://a.test');
    for (let i = 0; i < 100; i++) users.of(store, `http://${i}.test`);
    expect(users.of(store, 'http://a.test')).not.toBe(first);
    const recent = users.of(store, 'http://99.test');
    expect(users.of(store, 'http://99.test')).toBe(recent);
  });

  it('rebuilds only the values that depend on a row this connection changed', () => {
    const insert = store.db.prepare(
      `INSERT INTO users (fid, username, custody_address, registered_at) VALUES (?, ?, '0x00', 0)`,
    );
    for (const fid of [1, 2, 3]) insert.run(fid, `u${fid}`);
    const profiles = cacheKind<number, { name: string }>('profiles', 10).of(store);
    const read = () =>
      profiles.getMany([1, 2, 3], (missing, dependOn) => {
        builds.push(missing);
        for (const fid of missing) dependOn(fid, [`user:${fid}`]);
        return new Map(
          missing.map((fid) => [
            fid,
            { name: store.db.prepare('SELECT username FROM users WHERE fid = ?').pluck().get(fid) as string },
          ]),
        );
      });
    read();
    store.db.prepare(`UPDATE users SET username = 'renamed' WHERE fid = 2`).run();
    expect([...read().values()].map((u) => u.name)).toEqual(['u1', 'renamed', 'u3']);
    // A change no value depends on (another user, a table no cache reads) rebuilds nothing.
    insert.run(4, 'u4');
    store.db.prepare(`INSERT INTO notifications_seen (fid, scope, seen_at) VALUES (1, '', 0)`).run();
    read();
    expect(builds).toEqual([[1, 2, 3], [2]]);
    expect(profiles.stats).toEqual({ builds: 4, hits: 5, evictions: 1 });
  });

  it('hands a value a change dropped to the next build, when asked to keep it', () => {
    store.db.prepare(`INSERT INTO users (fid, custody_address, registered_at) VALUES (1, '0x00', 0)`).run();
    const previous: (number | undefined)[] = [];
    const counters = cacheKind<number, { n: number }>('counter', 10, { keepPrevious: true }).of(store);
    const counter = () =>
      counters.getMany([1], (_missing, dependOn, before) => {
        previous.push(before.get(1)?.n);
        dependOn(1, ['user:1']);
        return new Map([[1, { n: (before.get(1)?.n ?? 0) + 1 }]]);
      });
    counter();
    store.db.prepare(`UPDATE users SET bio = 'changed' WHERE fid = 1`).run();
    expect(counter().get(1)).toEqual({ n: 2 });
    counter();
    expect(previous).toEqual([undefined, 1]);
  });

  it('rebuilds nothing after a transaction that rolled back', () => {
    store.db.prepare(`INSERT INTO users (fid, custody_address, registered_at) VALUES (1, '0x00', 0)`).run();
    const cache = cacheKind<number, number>('tagged', 10).of(store);
    const tagged = () =>
      cache.getMany([1], (missing, dependOn) => {
        builds.push(missing);
        dependOn(1, ['user:1']);
        return new Map([[1, 1]]);
      });
    tagged();
    expect(() =>
      store.tx(() => {
        store.db.prepare(`UPDATE users SET bio = 'never' WHERE fid = 1`).run();
        throw new Error('roll back');
      }),
    ).toThrow('roll back');
    tagged();
    expect(builds).toEqual([[1]]);
  });

  it('empties every cache after a bulk load, which records no change row by row', () => {
    get([1, 2]);
    bulkLoad(store, () => {
      const insert = store.db.prepare(
        `INSERT INTO users (fid, custody_address, registered_at) VALUES (?, '0x00', 0)`,
      );
      for (let fid = 1; fid <= 1000; fid++) insert.run(fid);
    });
    expect(store.db.prepare('SELECT COUNT(*) FROM temp.cache_changed').pluck().get()).toBe(0);
    get([1, 2]);
    expect(builds).toEqual([
      [1, 2],
      [1, 2],
    ]);
    // Tagging is back on after it.
    store.db.prepare(`UPDATE users SET bio = 'later' WHERE fid = 7`).run();
    expect(store.db.prepare('SELECT tag FROM temp.cache_changed').pluck().all()).toEqual(['user:7']);
  });

  it('hands out frozen values, nested objects included', () => {
    const nested = cacheKind<number, { a: { b: number[] } }>('nested', 10)
      .of(store)
      .getMany([1], () => new Map([[1, { a: { b: [1] } }]]));
    const value = nested.get(1)!;
    expect(Object.isFrozen(value) && Object.isFrozen(value.a) && Object.isFrozen(value.a.b)).toBe(true);
    expect(() => value.a.b.push(2)).toThrow(TypeError);
  });
});

describe('hydrated objects served from the cache', () => {
  let env: Awaited<ReturnType<typeof startApi>>;
  const [alice, bob] = SEED_USERS;
  beforeAll(async () => {
    env = await startApi();
  });
  afterAll(() => env.close());

  it("shows each viewer their own context on the same cast, and nobody's to a request without one", async () => {
    // A cast in a channel by someone new, so no seeded viewer has reacted to it.
    const channelId = (await env.api.fetchAllChannels({ limit: 1 })).channels[0]!.id;
    const author = await env.fixtures.user();
    const target = await env.fixtures.cast(author, 'seen by three viewers', { channelId });
    await env.api.publishReaction({ signerUuid: alice.signerUuid, reactionType: 'like', target });
    const look = async (viewerFid?: number) =>
      (await env.api.lookupCastByHashOrWarpcastUrl({ identifier: target, type: 'hash', viewerFid })).cast;

    const asNobody = await look();
    const asAlice = await look(alice.fid);
    const asBob = await look(bob.fid);
    const again = await look();

    expect(asAlice.viewer_context).toEqual({ liked: true, recasted: false });
    expect(asBob.viewer_context).toEqual({ liked: false, recasted: false });
    for (const cast of [asNobody, again]) {
      expect(cast.viewer_context).toBeUndefined();
      expect(cast.author.viewer_context).toBeUndefined();
      expect(cast.channel && 'viewer_context' in cast.channel).toBe(false);
    }
    expect(asAlice.author.viewer_context).toMatchObject({ blocking: false });
    expect(asAlice.channel && 'viewer_context' in asAlice.channel).toBe(true);
    expect(again).toEqual(asNobody);
  });

  it('shows a profile change in the next read of a cast already served', async () => {
    const hash = (await env.api.fetchCastsForUser({ fid: bob.fid, limit: 1 })).casts[0]!.hash;
    const before = (await env.api.lookupCastByHashOrWarpcastUrl({ identifier: hash, type: 'hash' })).cast;
    await env.api.updateUser({ signerUuid: bob.signerUuid, bio: 'rewritten just now' });
    const after = (await env.api.lookupCastByHashOrWarpcastUrl({ identifier: hash, type: 'hash' })).cast;
    expect(before.author.profile.bio.text).not.toBe('rewritten just now');
    expect(after.author.profile.bio.text).toBe('rewritten just now');
  });
});
