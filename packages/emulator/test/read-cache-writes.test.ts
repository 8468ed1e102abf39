// Read caches after each kind of write, through the real server: what a cached read answers equals
// what the same read answers built from the data alone (every cache emptied), and a write rebuilds
// only what it changed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Channel } from '@castkit/sdk/2.x';
import {
  FarcasterNetwork,
  makeVerificationAddressClaim,
  Protocol,
  ViemLocalEip712Signer,
} from '@farcaster/core';
import Database from 'better-sqlite3';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../src/emulator.js';
import { fromHex, toHex } from '../src/ground/codec.js';
import { SEED_USERS } from '../src/seed/constants.js';
import { type CacheStats, clearReadCaches, readCacheStats } from '../src/store/read-cache.js';
import type { Store } from '../src/store/store.js';
import { knownTimelines, readTimelines } from '../src/v2/casts/timelines.js';
import { startApi, TEST_NOW } from './support/api.js';

const [alice, bob, carol] = SEED_USERS;
type Env = Awaited<ReturnType<typeof startApi>>;
type Api = Env['api'];

/** What the reads of one check cover. */
interface Views {
  hashes: string[];
  fids: number[];
  channels: string[];
  /** Following feeds (with recasts) of these fids. */
  feeds: number[];
}

const KINDS = ['users', 'channels', 'casts', 'timelines'] as const;
type Kind = (typeof KINDS)[number];

/** Each kind's counters summed over the caches of every origin. */
function totals(store: Store): Record<Kind, CacheStats> {
  const out = Object.fromEntries(
    KINDS.map((k) => [k, { size: 0, builds: 0, hits: 0, evictions: 0 }]),
  ) as Record<Kind, CacheStats>;
  for (const [name, s] of Object.entries(readCacheStats(store))) {
    const kind = name.split(' ')[0] as Kind;
    if (!out[kind]) continue;
    for (const f of ['size', 'builds', 'hits', 'evictions'] as const) out[kind][f] += s[f];
  }
  return out;
}

function delta(after: Record<Kind, CacheStats>, before: Record<Kind, CacheStats>) {
  return Object.fromEntries(
    KINDS.map((k) => [
      k,
      { builds: after[k].builds - before[k].builds, evictions: after[k].evictions - before[k].evictions },
    ]),
  ) as Record<Kind, { builds: number; evictions: number }>;
}

/** Every view of `views`, plainly and as alice sees it. */
async function read(api: Api, views: Views) {
  const casts = async (viewerFid?: number) => {
    const out = [];
    for (let i = 0; i < views.hashes.length; i += 250) {
      const casts = views.hashes.slice(i, i + 250);
      out.push(...(await api.fetchBulkCasts({ casts, viewerFid })).result.casts);
    }
    return out;
  };
  return {
    casts: await casts(),
    castsAsAlice: await casts(alice.fid),
    users: (await api.fetchBulkUsers({ fids: views.fids })).users,
    usersAsAlice: (await api.fetchBulkUsers({ fids: views.fids, viewerFid: alice.fid })).users,
    channels: views.channels.length ? (await api.fetchBulkChannels({ ids: views.channels })).channels : [],
    // Three pages each: a timeline read again after a write must hold what pages further down show.
    feeds: await Promise.all(
      views.feeds.map(async (fid) => {
        const hashes: string[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < 3; page++) {
          const r = await api.fetchUserFollowingFeed({ fid, withRecasts: true, limit: 25, cursor });
          hashes.push(...r.casts.map((c) => c.hash));
          cursor = r.next.cursor ?? undefined;
          if (!cursor) break;
        }
        return hashes;
      }),
    ),
  };
}

/** A user's 3.x Pro subscription: power badge holders have one, and its expiry follows the clock. */
const proIn = (user: object) => ('pro' in user ? user.pro : undefined);

// The store's read caches are under test (their counters, emptied at will): the seeded rows whose
// views are warmed around a write are picked in SQL, by properties no single read gives (a quoted
// cast alice has not liked, a user carol does not follow who has casts), as is the other writer below.
describe('read caches after each kind of write', () => {
  let env: Env;
  const pluck = <T>(sql: string, ...args: unknown[]) =>
    env.store.db
      .prepare(sql)
      .pluck()
      .all(...args) as T[];
  const one = <T>(sql: string, ...args: unknown[]) =>
    env.store.db
      .prepare(sql)
      .pluck()
      .get(...args) as T;

  beforeAll(async () => {
    env = await startApi();
  });
  afterAll(() => env.close());

  /**
   * Casts, users, channels and feeds around the named users (their casts, casts mentioning, quoting
   * or liked by them, casts in the channels they lead), plus `extra` and the casts quoting its casts.
   */
  function around(extra: Partial<Views> = {}): Views {
    const hashes = new Set(extra.hashes ?? []);
    const add = (sql: string, ...args: unknown[]) => {
      for (const h of pluck<string>(sql, ...args)) hashes.add(h);
    };
    for (const h of extra.hashes ?? []) add('SELECT cast_hash FROM cast_quotes WHERE quoted_hash = ?', h);
    add('SELECT hash FROM casts WHERE fid <= 3 AND deleted = 0 ORDER BY ts DESC LIMIT 60');
    add('SELECT cast_hash FROM cast_mentions WHERE fid <= 3 ORDER BY ts DESC LIMIT 30');
    add(
      `SELECT q.cast_hash FROM cast_quotes q JOIN casts c ON c.hash = q.quoted_hash WHERE c.fid <= 3 LIMIT 30`,
    );
    add('SELECT target FROM reactions WHERE fid <= 3 AND target_fid IS NOT NULL ORDER BY ts DESC LIMIT 60');
    add(`SELECT hash FROM casts WHERE deleted = 0 AND channel_id IN (SELECT id FROM channels WHERE lead_fid <= 3)
         ORDER BY ts DESC LIMIT 40`);
    const channels = pluck<string>('SELECT id FROM channels WHERE lead_fid <= 3');
    return {
      hashes: [...hashes],
      fids: [...new Set([1, 2, 3, ...(extra.fids ?? [])])],
      channels: [...new Set([...channels, ...(extra.channels ?? [])])],
      feeds: [...new Set([1, 2, 3, ...(extra.feeds ?? [])])],
    };
  }

  /**
   * Reads `views` until all of it is cached, makes the write, and checks the cached read after it
   * against the same read with every cache emptied; returns both reads and what the caches did.
   */
  async function afterWrite(views: Views, write: () => Promise<unknown>, o = { visible: true }) {
    const before = await read(env.api, views);
    await read(env.api, views);
    const warm = totals(env.store);
    env.tick(1000);
    await write();
    const after = await read(env.api, views);
    const did = delta(totals(env.store), warm);
    clearReadCaches(env.store);
    expect(after).toEqual(await read(env.api, views));
    if (o.visible) expect(after).not.toEqual(before);
    return { before, after, did };
  }

  const castIn = (r: Awaited<ReturnType<typeof read>>, hash: string) => r.casts.find((c) => c.hash === hash)!;
  /** A cast's channel, which casts carry whole. */
  const channelOf = (r: Awaited<ReturnType<typeof read>>, hash: string) =>
    castIn(r, hash).channel as Channel | null;

  /** A live top-level cast in a channel that another cast quotes, neither liked nor recast by alice. */
  const quotedCast = () =>
    one<string>(
      `SELECT c.hash FROM casts c JOIN cast_quotes q ON q.quoted_hash = c.hash
       WHERE c.deleted = 0 AND c.parent_hash IS NULL AND c.channel_id IS NOT NULL AND c.fid > 3
         AND NOT EXISTS (SELECT 1 FROM reactions r WHERE r.target = c.hash AND r.fid = 1)
       ORDER BY c.ts DESC LIMIT 1`,
    );

  describe('a like', () => {
    let liked: string;

    it('rebuilds the liked cast alone: every other cached cast, user, channel and timeline stays', async () => {
      liked = quotedCast();
      const views = around({ hashes: [liked] });
      const { before, after, did } = await afterWrite(views, () =>
        env.api.publishReaction({ signerUuid: alice.signerUuid, reactionType: 'like', target: liked }),
      );
      expect(castIn(after, liked).reactions.likes_count).toBe(
        castIn(before, liked).reactions.likes_count + 1,
      );
      expect(castIn(after, liked).reactions.likes.map((l) => l.fid)).toContain(alice.fid);
      // The cast quoting it was read and kept: a like changes nothing a quote shows.
      expect(views.hashes.length).toBeGreaterThan(50);
      expect(did.casts).toEqual({ builds: 1, evictions: 1 });
      for (const kind of ['users', 'channels', 'timelines'] as const)
        expect(did[kind]).toEqual({ builds: 0, evictions: 0 });
    });

    it('and its removal the same', async () => {
      const { after, did } = await afterWrite(around({ hashes: [liked] }), () =>
        env.api.deleteReaction({ signerUuid: alice.signerUuid, reactionType: 'like', target: liked }),
      );
      expect(castIn(after, liked).reactions.likes.map((l) => l.fid)).not.toContain(alice.fid);
      expect(did.casts).toEqual({ builds: 1, evictions: 1 });
      expect(did.timelines).toEqual({ builds: 0, evictions: 0 });
    });
  });

  describe('a recast', () => {
    let recast: string;

    it("rebuilds the cast and the recaster's timeline, and followers' feeds show it", async () => {
      recast = quotedCast();
      const { after, did } = await afterWrite(around({ hashes: [recast] }), () =>
        env.api.publishReaction({ signerUuid: alice.signerUuid, reactionType: 'recast', target: recast }),
      );
      // Bob follows alice: her recast, the newest entry, tops his feed.
      expect(after.feeds[1]![0]).toBe(recast);
      expect(castIn(after, recast).reactions.recasts.map((r) => r.fid)).toContain(alice.fid);
      expect(did.timelines.evictions).toBe(1);
      expect(did.casts.evictions).toBe(1);
    });

    it('and its removal the same', async () => {
      const { after, did } = await afterWrite(around({ hashes: [recast] }), () =>
        env.api.deleteReaction({ signerUuid: alice.signerUuid, reactionType: 'recast', target: recast }),
      );
      expect(after.feeds[1]![0]).not.toBe(recast);
      expect(did.timelines.evictions).toBe(1);
    });
  });

  describe('casts', () => {
    let posted: string;
    let reply: string;

    it("a new cast enters its author's followers' feeds, and no cached cast is rebuilt", async () => {
      const { after, did } = await afterWrite(around(), async () => {
        posted = (await env.api.publishCast({ signerUuid: alice.signerUuid, text: 'fresh off the press' }))
          .cast.hash;
      });
      expect(after.feeds[1]![0]).toBe(posted);
      expect(did.casts.evictions).toBe(0);
      expect(did.timelines.evictions).toBe(1);
    });

    it('a reply counts on its parent', async () => {
      const { before, after } = await afterWrite(around({ hashes: [posted] }), async () => {
        reply = (await env.api.publishCast({ signerUuid: bob.signerUuid, text: 'a reply', parent: posted }))
          .cast.hash;
      });
      expect(castIn(after, posted).replies.count).toBe(castIn(before, posted).replies.count + 1);
    });

    it('a deleted reply no longer counts', async () => {
      const { after } = await afterWrite(around({ hashes: [posted] }), () =>
        env.api.deleteCast({ signerUuid: bob.signerUuid, targetHash: reply }),
      );
      expect(castIn(after, posted).replies.count).toBe(0);
    });

    it('a deleted cast leaves the feeds and the casts that quoted it', async () => {
      const quote = (
        await env.api.publishCast({
          signerUuid: carol.signerUuid,
          text: 'look at this',
          embeds: [{ cast_id: { fid: alice.fid, hash: posted } }],
        })
      ).cast.hash;
      const { before, after } = await afterWrite(around({ hashes: [posted, quote] }), () =>
        env.api.deleteCast({ signerUuid: alice.signerUuid, targetHash: posted }),
      );
      expect(castIn(before, quote).embeds).toHaveLength(1);
      expect(castIn(after, quote).embeds).toEqual([]);
      expect(after.feeds.flat()).not.toContain(posted);
    });
  });

  describe('follows', () => {
    /** A user carol does not follow, with top-level casts. */
    const stranger = () =>
      one<number>(
        `SELECT fid FROM casts WHERE deleted = 0 AND parent_hash IS NULL AND fid > 3 AND fid NOT IN
           (SELECT target_fid FROM links WHERE fid = 3) GROUP BY fid ORDER BY MAX(ts) DESC LIMIT 1`,
      );
    let followed: number;
    /** What the follow's views answered before it, which the unfollow must give back. */
    let beforeFollow: Awaited<ReturnType<typeof read>>;

    it("a follow shows in both users' counts, on the casts they wrote, and in the follower's feed", async () => {
      followed = stranger();
      const theirs = pluck<string>(
        'SELECT hash FROM casts WHERE fid = ? AND deleted = 0 AND parent_hash IS NULL ORDER BY ts DESC LIMIT 5',
        followed,
      );
      const { before, after } = await afterWrite(
        around({ hashes: theirs, fids: [followed], feeds: [carol.fid] }),
        () => env.api.followUser({ signerUuid: carol.signerUuid, targetFids: [followed] }),
      );
      beforeFollow = before;
      const user = (r: typeof after) => r.users.find((u) => u.fid === followed)!;
      expect(user(after).follower_count).toBe(user(before).follower_count + 1);
      expect(castIn(after, theirs[0]!).author.follower_count).toBe(user(after).follower_count);
      expect(after.feeds[2]!.some((h) => theirs.includes(h))).toBe(true);
    });

    it('and an unfollow undoes it', async () => {
      const theirs = pluck<string>(
        'SELECT hash FROM casts WHERE fid = ? AND deleted = 0 AND parent_hash IS NULL ORDER BY ts DESC LIMIT 5',
        followed,
      );
      const { after } = await afterWrite(
        around({ hashes: theirs, fids: [followed], feeds: [carol.fid] }),
        () => env.api.unfollowUser({ signerUuid: carol.signerUuid, targetFids: [followed] }),
      );
      const user = (r: typeof after) => r.users.find((u) => u.fid === followed)!;
      expect(user(after).follower_count).toBe(user(beforeFollow).follower_count);
      expect(after.feeds[2]!.some((h) => theirs.includes(h))).toBe(false);
      // Counts on users and casts, viewer contexts and carol's feed: all as before the follow.
      expect(after).toEqual(beforeFollow);
    });
  });

  describe('profiles', () => {
    it("a profile update reaches the user's casts and the channels they lead, in casts too", async () => {
      const inBobsChannel = one<string>(
        `SELECT c.hash FROM casts c JOIN channels ch ON ch.id = c.channel_id
         WHERE ch.lead_fid = 2 AND c.fid != 2 AND c.deleted = 0 ORDER BY c.ts DESC LIMIT 1`,
      );
      const { after } = await afterWrite(around({ hashes: [inBobsChannel] }), () =>
        env.api.updateUser({ signerUuid: bob.signerUuid, bio: 'a new bio', displayName: 'Robert' }),
      );
      expect(channelOf(after, inBobsChannel)?.lead?.profile.bio.text).toBe('a new bio');
      expect(after.casts.filter((c) => c.author.fid === bob.fid).map((c) => c.author.display_name)).toContain(
        'Robert',
      );
    });

    it("a new username shows in casts that mention the user and in the reactions they're listed in", async () => {
      const mention = (
        await env.api.publishCast({ signerUuid: alice.signerUuid, text: `hello @${carol.username}` })
      ).cast.hash;
      // carol likes it, so she is listed in its likes whatever else the views hold.
      await env.api.publishReaction({ signerUuid: carol.signerUuid, reactionType: 'like', target: mention });
      const { after } = await afterWrite(around({ hashes: [mention] }), () =>
        env.api.updateUser({ signerUuid: carol.signerUuid, username: 'carolyn' }),
      );
      expect(castIn(after, mention).text).toBe('hello @carolyn');
      const listed = after.casts.flatMap((c) => c.reactions.likes).filter((l) => l.fid === carol.fid);
      expect(castIn(after, mention).reactions.likes.map((l) => l.fid)).toContain(carol.fid);
      expect(listed.length).toBeGreaterThan(0);
      for (const l of listed) expect(l.fname).toBe('carolyn');
    });

    it('a verification added and removed shows on the user and the casts they wrote', async () => {
      const account = privateKeyToAccount(`0x${'44'.repeat(32)}`);
      const address = account.address.toLowerCase();
      const blockHash = `0x${'cd'.repeat(32)}`;
      const claim = makeVerificationAddressClaim(
        bob.fid,
        fromHex(address),
        FarcasterNetwork.MAINNET,
        fromHex(blockHash),
        Protocol.ETHEREUM,
      )._unsafeUnwrap();
      const ethSignature = toHex(
        (await new ViemLocalEip712Signer(account).signVerificationEthAddressClaim(claim))._unsafeUnwrap(),
      );
      const bobs = (r: Awaited<ReturnType<typeof read>>) =>
        r.casts.filter((c) => c.author.fid === bob.fid).map((c) => c.author.verifications);
      const added = await afterWrite(around(), () =>
        env.api.publishVerification({ signerUuid: bob.signerUuid, address, blockHash, ethSignature }),
      );
      expect(bobs(added.after).length).toBeGreaterThan(0);
      for (const v of bobs(added.after)) expect(v).toContain(address);
      const removed = await afterWrite(around(), () =>
        env.api.deleteVerification({ signerUuid: bob.signerUuid, address, blockHash }),
      );
      for (const v of bobs(removed.after)) expect(v).not.toContain(address);
    });
  });

  describe('channels', () => {
    /** Alice's channel, with a recent cast in it. */
    const alicesChannel = () => one<string>(`SELECT id FROM channels WHERE lead_fid = 1 ORDER BY id LIMIT 1`);
    const castIn_ = (id: string) =>
      one<string>(`SELECT hash FROM casts WHERE channel_id = ? AND deleted = 0 ORDER BY ts DESC LIMIT 1`, id);

    it('a channel follow and unfollow move its follower count, on casts in it too', async () => {
      const id = alicesChannel();
      const inIt = castIn_(id);
      if (one(`SELECT 1 FROM channel_follows WHERE channel_id = ? AND fid = 3`, id))
        await env.api.unfollowChannel({ signerUuid: carol.signerUuid, channelId: id });
      const { before, after } = await afterWrite(around({ hashes: [inIt], channels: [id] }), () =>
        env.api.followChannel({ signerUuid: carol.signerUuid, channelId: id }),
      );
      const count = (r: typeof after) => r.channels.find((c) => c.id === id)!.follower_count!;
      expect(count(after)).toBe(count(before) + 1);
      expect(channelOf(after, inIt)?.follower_count).toBe(count(after));
      const unfollowed = await afterWrite(around({ hashes: [inIt], channels: [id] }), () =>
        env.api.unfollowChannel({ signerUuid: carol.signerUuid, channelId: id }),
      );
      expect(count(unfollowed.after)).toBe(count(before));
      expect(channelOf(unfollowed.after, inIt)?.follower_count).toBe(count(before));
    });

    it('a new moderator, and the same one demoted, show in the channel and the casts in it', async () => {
      const id = alicesChannel();
      const inIt = castIn_(id);
      if (one(`SELECT 1 FROM channel_members WHERE channel_id = ? AND fid = 3`, id))
        env.store.db.prepare(`DELETE FROM channel_members WHERE channel_id = ? AND fid = 3`).run(id);
      const views = around({ hashes: [inIt], channels: [id] });
      await env.api.inviteChannelMember({
        signerUuid: alice.signerUuid,
        channelId: id,
        fid: carol.fid,
        role: 'moderator',
      });
      const joined = await afterWrite(views, () =>
        env.api.respondChannelInvite({
          signerUuid: carol.signerUuid,
          channelId: id,
          role: 'moderator',
          accept: true,
        }),
      );
      expect(channelOf(joined.after, inIt)?.moderator_fids).toContain(carol.fid);
      const demoted = await afterWrite(views, () =>
        env.api.removeChannelMember({
          signerUuid: alice.signerUuid,
          channelId: id,
          fid: carol.fid,
          role: 'moderator',
        }),
      );
      expect(channelOf(demoted.after, inIt)?.moderator_fids).not.toContain(carol.fid);
    });
  });

  describe('blocks and mutes', () => {
    it('a block shows in what the blocker sees, and rebuilds nothing cached', async () => {
      const { after, did } = await afterWrite(around(), () =>
        env.api.publishBlock({ signerUuid: alice.signerUuid, blockedFid: bob.fid }),
      );
      expect(after.usersAsAlice.find((u) => u.fid === bob.fid)?.viewer_context?.blocking).toBe(true);
      for (const kind of KINDS) expect(did[kind].evictions).toBe(0);
    });

    it('a mute rebuilds nothing cached', async () => {
      const { did } = await afterWrite(
        around(),
        () => env.api.publishMute({ fid: alice.fid, mutedFid: carol.fid }),
        {
          visible: false,
        },
      );
      for (const kind of KINDS) expect(did[kind].evictions).toBe(0);
    });
  });

  /** A power badge holder other than alice, bob and carol. */
  const holder = () =>
    one<number>('SELECT fid FROM users WHERE power_badge = 1 AND fid > 3 ORDER BY fid LIMIT 1');

  describe('the clock', () => {
    it('a move into another subscription year rebuilds the holders, in the casts showing them too', async () => {
      const power = holder();
      const theirs = pluck<string>(
        'SELECT hash FROM casts WHERE fid = ? AND deleted = 0 ORDER BY ts DESC LIMIT 3',
        power,
      );
      const views = around({ hashes: theirs, fids: [power] });
      const holders = one<number>('SELECT COUNT(*) FROM users WHERE power_badge = 1');
      const before = await read(env.api, views);
      await read(env.api, views);
      const warm = totals(env.store);
      env.tick(366 * 24 * 3600 * 1000);
      const after = await read(env.api, views);
      const did = delta(totals(env.store), warm);
      const expiry = (r: typeof after) => proIn(r.users.find((u) => u.fid === power)!);
      expect(expiry(after)).not.toEqual(expiry(before));
      expect(proIn(castIn(after, theirs[0]!).author)).toEqual(expiry(after));
      clearReadCaches(env.store);
      expect(await read(env.api, views)).toEqual(after);
      // The holders alone are built again (the casts showing them with them): other users stay built.
      expect(did.users.builds).toBeGreaterThan(0);
      expect(did.users.builds).toBeLessThanOrEqual(holders);
      expect(did.users.builds).toBeLessThan(warm.users.size / 2);
    });
  });

  // Last in this block: a reset rolls back every write the tests above made.
  describe('a reset', () => {
    const proOf = async (fid: number) => proIn((await env.api.fetchBulkUsers({ fids: [fid] })).users[0]!);

    it('answers every view as before the writes it undoes, keeping built what they did not touch', async () => {
      await env.reset();
      const liked = quotedCast();
      const recast = one<string>(
        `SELECT hash FROM casts WHERE deleted = 0 AND parent_hash IS NULL AND fid > 3 AND hash != ?
         ORDER BY ts DESC LIMIT 1`,
        liked,
      );
      const gone = one<string>(
        'SELECT hash FROM casts WHERE fid = 1 AND deleted = 0 AND parent_hash IS NULL ORDER BY ts DESC LIMIT 1',
      );
      const channel = one<string>('SELECT id FROM channels WHERE lead_fid = 1 ORDER BY id LIMIT 1');
      const views = around({ hashes: [liked, recast, gone], channels: [channel] });
      const before = await read(env.api, views);
      await read(env.api, views);

      const posted = (await env.api.publishCast({ signerUuid: alice.signerUuid, text: 'undone soon' })).cast;
      await env.api.publishCast({ signerUuid: bob.signerUuid, text: 'a reply undone', parent: posted.hash });
      await env.api.publishReaction({ signerUuid: carol.signerUuid, reactionType: 'like', target: liked });
      await env.api.publishReaction({ signerUuid: alice.signerUuid, reactionType: 'recast', target: recast });
      await env.api.deleteCast({ signerUuid: alice.signerUuid, targetHash: gone });
      await env.api.followChannel({ signerUuid: carol.signerUuid, channelId: channel });
      await env.api.updateUser({ signerUuid: bob.signerUuid, bio: 'undone too' });
      const written = await read(env.api, views);
      expect(written).not.toEqual(before);
      const warm = totals(env.store);

      await env.reset();
      const after = await read(env.api, views);
      const did = delta(totals(env.store), warm);
      expect(after).toEqual(before);
      // What rests on the rows it put back is built again; the other casts of these views are not.
      expect(did.casts.builds).toBeGreaterThan(0);
      expect(did.casts.builds).toBeLessThan(views.hashes.length / 2);
      clearReadCaches(env.store);
      expect(await read(env.api, views)).toEqual(after);
    });

    it('that moves the clock back takes a subscription read two years on back with it', async () => {
      const power = holder();
      await env.reset();
      clearReadCaches(env.store);
      const now = await proOf(power);
      expect(now).toBeDefined();
      // Built two years on, after the move forward: only the reset's move back can drop it.
      clearReadCaches(env.store);
      env.tick(2 * 366 * 24 * 3600 * 1000);
      const later = await proOf(power);
      expect(later).not.toEqual(now);
      await env.reset();
      expect(await proOf(power)).toEqual(now);
    });
  });
});

describe('a timeline a write dropped', () => {
  let env: Env;
  beforeAll(async () => {
    env = await startApi();
  });
  afterAll(() => env.close());

  it('is read again down to where it was known, holding what a fresh read holds', async () => {
    const timeline = () => knownTimelines(env.store, [alice.fid]).get(alice.fid)!;
    // Known down to exactly its 30th newest entry's time.
    const lists = new Map([[alice.fid, timeline()]]);
    readTimelines(env.store, lists, Number.NEGATIVE_INFINITY);
    const floor = lists.get(alice.fid)!.entries[29]!.k;
    clearReadCaches(env.store);
    readTimelines(env.store, new Map([[alice.fid, timeline()]]), floor);
    const before = totals(env.store).timelines;

    env.tick(1000);
    await env.api.publishCast({ signerUuid: alice.signerUuid, text: 'one more' });
    const refreshed = timeline();
    expect(totals(env.store).timelines.evictions).toBe(before.evictions + 1);
    clearReadCaches(env.store);
    const fresh = new Map([[alice.fid, timeline()]]);
    readTimelines(env.store, fresh, floor);
    expect(refreshed.floor).toBe(floor);
    expect(refreshed.entries).toEqual(fresh.get(alice.fid)!.entries);
    expect(refreshed.entries.length).toBe(31);
  });
});

describe('read caches and other writers', () => {
  let dir: string;
  let emulator: Awaited<ReturnType<typeof startEmulator>>;
  let api: Api;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'castkit-cache-writers-'));
    emulator = await startEmulator({ db: join(dir, 'db.sqlite'), now: () => TEST_NOW });
    const { NeynarAPIClient } = await import('@castkit/sdk/2.x');
    api = new NeynarAPIClient({ apiKey: emulator.apiKey, baseUrl: `${emulator.url}/v2`, retries: 0 });
  });
  afterAll(async () => {
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a change committed by another connection to the file empties every cache', async () => {
    const views: Views = { hashes: [], fids: [1, 2, 3], channels: [], feeds: [1, 2] };
    await read(api, views);
    const held = totals(emulator.store);
    expect(held.users.size + held.timelines.size).toBeGreaterThan(0);
    const other = new Database(join(dir, 'db.sqlite'));
    try {
      other.prepare(`UPDATE users SET display_name = 'from elsewhere' WHERE fid = 2`).run();
    } finally {
      other.close();
    }
    const after = await read(api, views);
    expect(after.users.find((u) => u.fid === 2)?.display_name).toBe('from elsewhere');
    const did = delta(totals(emulator.store), held);
    for (const kind of KINDS) expect(did[kind].evictions).toBe(held[kind].size);
  });

  it('a reset back to the seed undoes what the other connection wrote too', async () => {
    const views: Views = { hashes: [], fids: [2], channels: [], feeds: [] };
    const reset = await fetch(`${emulator.url}/_emulator/reset`, {
      method: 'POST',
      headers: { 'x-api-key': emulator.apiKey },
    });
    expect(reset.status).toBe(200);
    const after = await read(api, views);
    expect(after.users[0]?.display_name).toBe(bob.displayName);
  });
});
