import type { EmbedType, FeedResponse } from '@castkit/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeOf } from '../src/hydrate/embed-metadata.js';
import { SEED_USERS } from '../src/seed/constants.js';
import { startApi } from './support/api.js';
import { conforms, failure } from './support/v2-social.js';

let env: Awaited<ReturnType<typeof startApi>>;
const [alice, bob, carol] = SEED_USERS;
const one = <T>(sql: string, ...args: unknown[]) => env.store.db.prepare(sql).get(...args) as T;
const hashes = (body: FeedResponse) => body.casts.map((c) => c.hash);
const newestFirst = (body: FeedResponse) => {
  const times = body.casts.map((c) => Date.parse(c.timestamp));
  expect(times).toEqual([...times].sort((a, b) => b - a));
};

/** An emulator-served image URL as clients see it, from any cast on the page. */
const images0 = (body: FeedResponse) =>
  body.casts
    .flatMap((c) => c.embeds)
    .find((e): e is { url: string } => 'url' in e && e.url.includes('/_emulator/image/'))?.url;

beforeAll(async () => {
  env = await startApi();
});
afterAll(() => env.close());

/** Walks a feed to its end (or `max` pages), asserting no cast repeats across pages. */
async function walk(call: (cursor?: string) => Promise<FeedResponse>, max = 20): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < max; i++) {
    const page = await call(cursor);
    for (const h of hashes(page)) {
      expect(seen).not.toContain(h);
      seen.push(h);
    }
    cursor = page.next.cursor ?? undefined;
    if (!cursor) break;
  }
  return seen;
}

describe('following feed', () => {
  it("holds top-level casts by the people a user follows, newest first, over pages that don't repeat", async () => {
    const followed = new Set(
      env
        .all<{ target_fid: number }>('SELECT target_fid FROM links WHERE fid = ?', alice.fid)
        .map((l) => l.target_fid),
    );
    const first = conforms(
      'fetch-user-following-feed',
      await env.api.fetchUserFollowingFeed({ fid: alice.fid, withRecasts: false, limit: 10 }),
    );
    newestFirst(first);
    for (const cast of first.casts) {
      expect(followed.has(cast.author.fid) || cast.author.fid === alice.fid).toBe(true);
      expect(cast.parent_hash).toBeNull();
    }
    const seen = await walk(
      async (cursor) =>
        env.api.fetchUserFollowingFeed({ fid: alice.fid, withRecasts: false, limit: 25, cursor }),
      4,
    );
    expect(seen.length).toBeGreaterThan(25);
  });

  it('shows a cast recast by a followed user only while recasts are included', async () => {
    const stranger = one<{ hash: string; fid: number }>(
      `SELECT hash, fid FROM casts WHERE deleted = 0 AND parent_hash IS NULL AND fid NOT IN
         (SELECT target_fid FROM links WHERE fid = 1) AND fid != 1 ORDER BY ts LIMIT 1`,
    );
    env.tick(1000);
    await env.api.publishReaction({
      signerUuid: bob.signerUuid,
      reactionType: 'recast',
      target: stranger.hash,
    });
    const withRecasts = await env.api.fetchFeed({ feedType: 'following', fid: alice.fid, limit: 5 });
    expect(hashes(withRecasts)[0]).toBe(stranger.hash);
    const without = await env.api.fetchFeed({
      feedType: 'following',
      fid: alice.fid,
      withRecasts: false,
      limit: 50,
    });
    expect(hashes(without)).not.toContain(stranger.hash);
    // With recasts mixed in, pages still never repeat a cast.
    const seen = await walk(
      (cursor) => env.api.fetchUserFollowingFeed({ fid: bob.fid, limit: 7, cursor }),
      12,
    );
    expect(seen.length).toBeGreaterThan(50);
    // ...and agree with the whole feed computed the slow way: each cast at its latest (re)cast time.
    const expected = env
      .all<{ hash: string }>(
        `SELECT hash, MAX(k) AS k FROM (
         SELECT c.hash, c.ts AS k FROM casts c WHERE c.parent_hash IS NULL AND c.deleted = 0
           AND c.fid IN (SELECT target_fid FROM links WHERE fid = @fid UNION SELECT @fid)
         UNION ALL SELECT r.target, r.ts FROM reactions r JOIN casts c ON c.hash = r.target AND c.deleted = 0
           WHERE r.type = 2 AND r.fid IN (SELECT target_fid FROM links WHERE fid = @fid UNION SELECT @fid)
       ) GROUP BY hash ORDER BY k DESC, hash DESC LIMIT @n`,
        { fid: bob.fid, n: seen.length },
      )
      .map((r) => r.hash);
    expect(seen).toEqual(expected);
  });

  it('agrees with the feed computed the slow way for busy and quiet users, any page size, after deletes', async () => {
    const slowWay = (fid: number, withRecasts: boolean, n: number) =>
      env
        .all<{ hash: string }>(
          `SELECT hash, MAX(k) AS k FROM (
           SELECT c.hash, c.ts AS k FROM casts c WHERE c.parent_hash IS NULL AND c.deleted = 0
             AND c.fid IN (SELECT target_fid FROM links WHERE fid = @fid AND type = 'follow' UNION SELECT @fid)
           UNION ALL SELECT r.target, r.ts FROM reactions r JOIN casts c ON c.hash = r.target AND c.deleted = 0
             WHERE @recasts AND r.type = 2
               AND r.fid IN (SELECT target_fid FROM links WHERE fid = @fid AND type = 'follow' UNION SELECT @fid)
         ) GROUP BY hash ORDER BY k DESC, hash DESC LIMIT @n`,
          { fid, recasts: withRecasts ? 1 : 0, n },
        )
        .map((r) => r.hash);
    const busiest = one<{ fid: number }>(
      `SELECT fid FROM links WHERE type = 'follow' GROUP BY fid ORDER BY COUNT(*) DESC, fid LIMIT 1`,
    ).fid;
    const quiet = one<{ fid: number }>(
      `SELECT fid FROM users u WHERE NOT EXISTS (SELECT 1 FROM links l WHERE l.fid = u.fid) ORDER BY fid LIMIT 1`,
    ).fid;
    const check = async (fid: number, limit: number, withRecasts: boolean, pages: number) => {
      const seen = await walk(
        (cursor) => env.api.fetchUserFollowingFeed({ fid, limit, withRecasts, cursor }),
        pages,
      );
      expect(seen).toEqual(slowWay(fid, withRecasts, seen.length));
      return seen;
    };
    for (const [fid, limit, pages] of [
      [busiest, 3, 15],
      [busiest, 100, 3],
      [carol.fid, 1, 30],
      [quiet, 25, 3],
    ] as const) {
      await check(fid, limit, true, pages);
      await check(fid, limit, false, pages);
    }

    // Deleting a cast that a followee recast takes it out of every page, cached or not.
    const recast = one<{ target: string; author: number }>(
      `SELECT r.target, c.fid AS author FROM reactions r JOIN casts c ON c.hash = r.target AND c.deleted = 0
       WHERE r.type = 2 AND r.fid IN (SELECT target_fid FROM links WHERE fid = ?)
       ORDER BY r.ts DESC LIMIT 1`,
      busiest,
    );
    const before = await check(busiest, 10, true, 6);
    expect(before).toContain(recast.target);
    const signer = one<{ uuid: string }>(
      `SELECT signer_uuid AS uuid FROM signers WHERE fid = ? AND status = 'approved' LIMIT 1`,
      recast.author,
    );
    env.tick(1000);
    await env.api.deleteCast({ signerUuid: signer.uuid, targetHash: recast.target });
    expect(await check(busiest, 10, true, 6)).not.toContain(recast.target);
  });

  it('needs a known fid', async () => {
    expect((await failure(env.api.fetchUserFollowingFeed({ fid: 999_999 }))).status).toBe(404);
    expect((await failure(env.api.fetchFeed({ feedType: 'following' }))).status).toBe(400);
  });
});

describe('filter feeds', () => {
  it('filters by fids, parent URL, channel, embed URL and embed types', async () => {
    const byFids = conforms(
      'fetch-feed',
      await env.api.fetchFeed({ feedType: 'filter', filterType: 'fids', fids: '2,3' }),
    );
    expect(byFids.casts.every((c) => [2, 3].includes(c.author.fid))).toBe(true);
    newestFirst(byFids);

    const channel = one<{ id: string; url: string }>('SELECT id, url FROM channels LIMIT 1');
    const byUrl = await env.api.fetchFeed({
      feedType: 'filter',
      filterType: 'parent_url',
      parentUrl: channel.url,
    });
    expect(byUrl.casts.length).toBeGreaterThan(0);
    expect(byUrl.casts.every((c) => c.parent_url === channel.url)).toBe(true);

    const byChannel = await env.api.fetchFeed({
      feedType: 'filter',
      filterType: 'channel_id',
      channelId: channel.id,
      membersOnly: false,
    });
    expect(byChannel.casts.length).toBeGreaterThan(0);
    expect(byChannel.casts.every((c) => c.channel?.id === channel.id && c.parent_hash === null)).toBe(true);

    const url = 'https://castkit.dev/blog/hello-world';
    const byEmbed = await env.api.fetchFeed({ feedType: 'filter', filterType: 'embed_url', embedUrl: url });
    expect(byEmbed.casts.length).toBeGreaterThan(0);
    expect(byEmbed.casts.every((c) => c.embeds.some((e) => 'url' in e && e.url === url))).toBe(true);

    const images = conforms(
      'fetch-feed',
      await env.api.fetchFeed({ feedType: 'filter', filterType: 'embed_types', embedTypes: ['image'] }),
    );
    expect(images.casts.length).toBeGreaterThan(0);
    for (const c of images.casts) {
      expect(c.embeds.some((e) => 'metadata' in e && e.metadata?.content_type?.startsWith('image/'))).toBe(
        true,
      );
    }
    // An emulator image, by the URL clients see it at, finds its cast.
    const photo = images0(images)!;
    expect(photo.startsWith(env.url)).toBe(true);
    const owner = images.casts.find((c) => c.embeds.some((e) => 'url' in e && e.url === photo))!;
    const byImage = await env.api.fetchFeed({ feedType: 'filter', filterType: 'embed_url', embedUrl: photo });
    expect(byImage.casts.map((c) => c.hash)).toContain(owner.hash);
  });

  it('answers 400 when the filter needs a parameter that is missing', async () => {
    const e = await failure(env.api.fetchFeed({ feedType: 'filter', filterType: 'parent_url' }));
    expect(e.status).toBe(400);
    expect(e.property).toBe('parent_url');
    expect((await failure(env.api.fetchFeed({ feedType: 'filter' }))).status).toBe(400);
    expect(
      (await failure(env.api.fetchFeed({ feedType: 'filter', filterType: 'fids', fids: 'a,b' }))).status,
    ).toBe(400);
  });
});

describe('channel and parent URL feeds', () => {
  it('shows only members’ top-level casts by default, and replies when asked', async () => {
    const channel = one<{ id: string }>(
      'SELECT channel_id AS id FROM casts WHERE channel_id IS NOT NULL GROUP BY channel_id ORDER BY COUNT(*) DESC LIMIT 1',
    );
    const members = new Set(
      env
        .all<{ fid: number }>('SELECT fid FROM channel_members WHERE channel_id = ?', channel.id)
        .map((m) => m.fid),
    );
    const body = conforms(
      'fetch-feed-by-channel-ids',
      await env.api.fetchFeedByChannelIds({ channelIds: [channel.id], limit: 100 }),
    );
    expect(body.casts.length).toBeGreaterThan(0);
    expect(body.casts.every((c) => members.has(c.author.fid) && c.parent_hash === null)).toBe(true);
    const open = await env.api.fetchFeedByChannelIds({
      channelIds: [channel.id],
      membersOnly: false,
      withReplies: true,
      limit: 100,
    });
    expect(open.casts.some((c) => c.parent_hash !== null)).toBe(true);
    expect(open.casts.length).toBeGreaterThan(body.casts.length);
    expect((await failure(env.api.fetchFeedByChannelIds({ channelIds: ['nope'] }))).status).toBe(404);
  });

  it('shows casts under parent URLs', async () => {
    const channel = one<{ url: string }>('SELECT url FROM channels LIMIT 1');
    const body = conforms(
      'fetch-feed-by-parent-urls',
      await env.api.fetchFeedByParentUrls({ parentUrls: [channel.url] }),
    );
    expect(body.casts.length).toBeGreaterThan(0);
    expect(body.casts.every((c) => c.parent_url === channel.url)).toBe(true);
  });
});

describe('ranked feeds', () => {
  it('ranks trending casts by reactions inside the time window', async () => {
    const body = conforms(
      'fetch-trending-feed',
      await env.api.fetchTrendingFeed({ timeWindow: '7d', limit: 10 }),
    );
    expect(body.casts).toHaveLength(10);
    const since = env.store.now() - 7 * 24 * 3600 * 1000;
    const counts = body.casts.map(
      (c) =>
        one<{ n: number }>('SELECT COUNT(*) AS n FROM reactions WHERE target = ? AND ts > ?', c.hash, since)
          .n,
    );
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const seen = await walk(
      (cursor) => env.api.fetchTrendingFeed({ timeWindow: '24h', limit: 10, cursor }),
      3,
    );
    expect(seen.length).toBeGreaterThan(0);
  });

  it('gives a deterministic for-you feed without the user’s own casts', async () => {
    const a = conforms('fetch-feed-for-you', await env.api.fetchFeedForYou({ fid: alice.fid, limit: 10 }));
    const b = await env.api.fetchFeedForYou({ fid: alice.fid, limit: 10 });
    expect(hashes(a)).toEqual(hashes(b));
    expect(a.casts.some((c) => c.author.fid === alice.fid)).toBe(false);
    const seen = await walk((cursor) => env.api.fetchFeedForYou({ fid: alice.fid, limit: 10, cursor }), 3);
    expect(seen.length).toBe(30);
  });
});

describe("a user's casts", () => {
  it('lists a user’s casts, without replies or within a channel when asked', async () => {
    const body = conforms(
      'fetch-casts-for-user',
      await env.api.fetchCastsForUser({ fid: bob.fid, limit: 150 }),
    );
    expect(body.casts.every((c) => c.author.fid === bob.fid)).toBe(true);
    expect(body.casts.some((c) => c.parent_hash !== null)).toBe(true);
    const top = await env.api.fetchCastsForUser({ fid: bob.fid, includeReplies: false, limit: 150 });
    expect(top.casts.length).toBeGreaterThan(0);
    expect(top.casts.every((c) => c.parent_hash === null)).toBe(true);
    const channel = one<{ channel_id: string }>(
      'SELECT channel_id FROM casts WHERE fid = ? AND channel_id IS NOT NULL LIMIT 1',
      bob.fid,
    );
    const inChannel = await env.api.fetchCastsForUser({ fid: bob.fid, channelId: channel.channel_id });
    expect(inChannel.casts.length).toBeGreaterThan(0);
    expect(inChannel.casts.every((c) => c.channel?.id === channel.channel_id)).toBe(true);
    expect((await failure(env.api.fetchCastsForUser({ fid: 999_999 }))).status).toBe(404);
  });

  it('lists a user’s most engaging casts first', async () => {
    const body = conforms(
      'fetch-popular-casts-by-user',
      await env.api.fetchPopularCastsByUser({ fid: alice.fid }),
    );
    const expected = env
      .all<{ hash: string }>(
        `SELECT hash FROM casts WHERE fid = ? AND deleted = 0
       ORDER BY likes_count + 2 * recasts_count + replies_count DESC, ts DESC LIMIT 10`,
        alice.fid,
      )
      .map((r) => r.hash);
    expect(expected).toHaveLength(10);
    expect(body.casts.map((c) => c.hash)).toEqual(expected);
    const score = body.casts.map(
      (c) => c.reactions.likes_count + 2 * c.reactions.recasts_count + c.replies.count,
    );
    expect(score).toEqual([...score].sort((x, y) => y - x));
  });

  it('lists replies, recasts, or both', async () => {
    const replies = conforms(
      'fetch-replies-and-recasts-for-user',
      await env.api.fetchRepliesAndRecastsForUser({ fid: bob.fid, filter: 'replies' }),
    );
    expect(replies.casts.length).toBeGreaterThan(0);
    expect(replies.casts.every((c) => c.author.fid === bob.fid && c.parent_hash !== null)).toBe(true);
    const recasts = await env.api.fetchRepliesAndRecastsForUser({
      fid: bob.fid,
      filter: 'recasts',
      viewerFid: bob.fid,
    });
    expect(recasts.casts.length).toBeGreaterThan(0);
    expect(recasts.casts.every((c) => c.viewer_context?.recasted)).toBe(true);
    const both = await env.api.fetchRepliesAndRecastsForUser({ fid: bob.fid, limit: 50 });
    newestFirst(replies);
    // Both kinds, together: bob's replies and the casts he recast (by others).
    expect(both.casts.some((c) => c.author.fid === bob.fid && c.parent_hash !== null)).toBe(true);
    expect(both.casts.some((c) => c.author.fid !== bob.fid)).toBe(true);
    const recastByBob = (hash: string) =>
      one<{ n: number }>(
        'SELECT COUNT(*) AS n FROM reactions WHERE fid = ? AND type = 2 AND target = ?',
        bob.fid,
        hash,
      ).n > 0;
    expect(both.casts.every((c) => recastByBob(c.hash) || (c.author.fid === bob.fid && c.parent_hash))).toBe(
      true,
    );
  });

  it('answers the frames feed with a valid, possibly empty page', async () => {
    const body = conforms('fetch-frames-only-feed', await env.api.fetchFramesOnlyFeed({}));
    expect(Array.isArray(body.casts)).toBe(true);
  });
});

describe('embed types feed', () => {
  it('holds exactly the casts whose URL embeds have one of the types, by full or major type, from the URL path, over pages', async () => {
    const files = [
      'https://files.example/clip.MP4',
      'https://files.example/report.pdf',
      'https://files.example/notes.txt',
      'https://files.example/cover.png',
      'https://files.example/about',
      'https://files.example/talk.mp4?t=30',
      'https://files.example/photo.png?download=clip.mp4',
      'https://files.example/page#section.pdf',
    ];
    const posted = new Map<string, string>();
    for (const url of files) {
      env.tick(1000);
      const { cast } = await env.api.publishCast({
        signerUuid: carol.signerUuid,
        text: `attached ${url}`,
        embeds: [{ url }],
      });
      posted.set(url, cast.hash);
    }
    const types: EmbedType[] = ['video', 'application/pdf', 'text/plain'];
    const wanted = new Set<string>(types);
    const matches = (url: string) => {
      const type = contentTypeOf(url);
      return wanted.has(type) || wanted.has(type.split('/')[0]!);
    };
    // The slow way: every live cast's URL embeds, typed as embed metadata types them.
    const expected = env
      .all<{ hash: string; embeds: string }>(
        'SELECT hash, embeds FROM casts WHERE deleted = 0 ORDER BY ts DESC, hash DESC',
      )
      .filter((c) => (JSON.parse(c.embeds) as { url?: string }[]).some((e) => e.url && matches(e.url)))
      .map((c) => c.hash);
    expect(expected).toEqual(
      expect.arrayContaining(
        ['clip.MP4', 'report.pdf', 'notes.txt'].map((f) => posted.get(`https://files.example/${f}`)),
      ),
    );
    expect(expected).not.toContain(posted.get('https://files.example/cover.png'));
    expect(expected).not.toContain(posted.get('https://files.example/about'));
    // The type comes from the path: a query string or fragment neither hides nor fakes it.
    expect(expected).toContain(posted.get('https://files.example/talk.mp4?t=30'));
    expect(expected).not.toContain(posted.get('https://files.example/photo.png?download=clip.mp4'));
    expect(expected).not.toContain(posted.get('https://files.example/page#section.pdf'));

    const walked = await walk(async (cursor) =>
      conforms(
        'fetch-feed',
        await env.api.fetchFeed({
          feedType: 'filter',
          filterType: 'embed_types',
          embedTypes: types,
          limit: 2,
          cursor,
        }),
      ),
    );
    expect(walked).toEqual(expected);
  });
});
