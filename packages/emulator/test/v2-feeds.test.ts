import type { EmbedType, FeedResponse } from '@castkit/sdk/2.x';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeOf } from '../src/hydrate/embed-metadata.js';
import { SEED_USERS } from '../src/seed/constants.js';
import { startApi } from './support/api.js';
import { conforms, failure } from './support/v2-social.js';

let env: Awaited<ReturnType<typeof startApi>>;
const [alice, bob, carol] = SEED_USERS;
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

/** Everyone `fid` follows, every page. */
async function followingOf(fid: number): Promise<Set<number>> {
  const fids = new Set<number>();
  let cursor: string | undefined;
  do {
    const page = await env.api.fetchUserFollowing({ fid, limit: 100, cursor });
    for (const f of page.users) fids.add(f.user.fid);
    cursor = page.next.cursor ?? undefined;
  } while (cursor);
  return fids;
}

/**
 * A small world written through the API a second apart, so its following feed is known: a reader
 * follows a and b; a posts, b posts, a stranger posts and a recasts it, b replies to a's cast (not
 * top-level), the reader posts, the stranger posts again (nobody followed recasts it).
 */
async function smallWorld() {
  const user = () => env.fixtures.user();
  const [reader, a, b, stranger] = [await user(), await user(), await user(), await user()];
  await env.fixtures.follow(reader, a.fid);
  await env.fixtures.follow(reader, b.fid);
  const cast = async (by: { signerUuid: string }, text: string, parent?: string) => {
    env.tick(1000);
    return env.fixtures.cast(by, text, parent ? { parent } : {});
  };
  const a1 = await cast(a, 'a1');
  const b1 = await cast(b, 'b1');
  const s1 = await cast(stranger, 's1');
  env.tick(1000);
  await env.api.publishReaction({ signerUuid: a.signerUuid, reactionType: 'recast', target: s1 });
  await cast(b, 'a reply, not top-level', a1);
  const r1 = await cast(reader, 'r1');
  await cast(stranger, 's2');
  return { reader, a, b, stranger, a1, b1, s1, r1 };
}

/** A user's following feed walked `limit` at a time. */
const feedOf = (fid: number, limit: number, withRecasts = true, pages = 20) =>
  walk((cursor) => env.api.fetchUserFollowingFeed({ fid, limit, withRecasts, cursor }), pages);

describe('following feed', () => {
  it("holds top-level casts by the people a user follows, newest first, over pages that don't repeat", async () => {
    const followed = await followingOf(alice.fid);
    const first = conforms(
      'fetch-user-following-feed',
      await env.api.fetchUserFollowingFeed({ fid: alice.fid, withRecasts: false, limit: 10 }),
    );
    newestFirst(first);
    for (const cast of first.casts) {
      expect(followed.has(cast.author.fid) || cast.author.fid === alice.fid).toBe(true);
      expect(cast.parent_hash).toBeNull();
    }
    const seen = await feedOf(alice.fid, 25, false, 4);
    expect(seen.length).toBeGreaterThan(25);
  });

  it('shows a cast recast by a followed user only while recasts are included', async () => {
    // A stranger to alice: a user registered here, whom she does not follow.
    const stranger = { hash: await env.fixtures.cast(await env.fixtures.user(), 'from a stranger') };
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
    // With recasts mixed in, pages still never repeat a cast, and small pages make up what big ones hold.
    const seen = await feedOf(bob.fid, 7, true, 12);
    expect(seen.length).toBeGreaterThan(50);
    expect(seen).toEqual((await feedOf(bob.fid, 100, true, 1)).slice(0, seen.length));
  });

  it('holds exactly what the people followed posted and recast, each cast at its latest (re)cast, any page size', async () => {
    const w = await smallWorld();
    for (const limit of [1, 2, 100]) {
      expect(await feedOf(w.reader.fid, limit, true)).toEqual([w.r1, w.s1, w.b1, w.a1]);
      expect(await feedOf(w.reader.fid, limit, false)).toEqual([w.r1, w.b1, w.a1]);
    }
    // Recast later, a cast moves to the top, once.
    env.tick(1000);
    await env.api.publishReaction({ signerUuid: w.b.signerUuid, reactionType: 'recast', target: w.a1 });
    expect(await feedOf(w.reader.fid, 1, true)).toEqual([w.a1, w.r1, w.s1, w.b1]);
    // A user who follows nobody sees their own casts only.
    expect(await feedOf(w.stranger.fid, 2, true)).toHaveLength(2);
  });

  it('agrees across page sizes for seeded users, cached or not, and loses a deleted cast from every page', async () => {
    for (const fid of [alice.fid, bob.fid, carol.fid]) {
      for (const withRecasts of [true, false]) {
        const small = await feedOf(fid, 3, withRecasts, 15);
        expect(small).toEqual((await feedOf(fid, 100, withRecasts, 1)).slice(0, small.length));
      }
    }
    // Deleting a cast that a followee recast takes it out of every page, cached or not.
    const w = await smallWorld();
    expect(await feedOf(w.reader.fid, 1, true)).toContain(w.s1);
    env.tick(1000);
    await env.api.deleteCast({ signerUuid: w.stranger.signerUuid, targetHash: w.s1 });
    expect(await feedOf(w.reader.fid, 1, true)).toEqual([w.r1, w.b1, w.a1]);
    expect(await feedOf(w.reader.fid, 100, true)).toEqual([w.r1, w.b1, w.a1]);
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

    const channel = (await env.api.fetchAllChannels({ limit: 1 })).channels[0]!;
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
    // The busiest channel of the week, and its members.
    const { channel } = (await env.api.fetchTrendingChannels({ timeWindow: '7d', limit: 1 })).channels[0]!;
    const members = new Set<number>();
    let cursor: string | undefined;
    do {
      const page = await env.api.fetchChannelMembers({ channelId: channel.id, limit: 100, cursor });
      for (const m of page.members) members.add(m.user.fid);
      cursor = page.next.cursor ?? undefined;
    } while (cursor);
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
    const [channel] = (await env.api.fetchAllChannels({ limit: 1 })).channels;
    const body = conforms(
      'fetch-feed-by-parent-urls',
      await env.api.fetchFeedByParentUrls({ parentUrls: [channel!.url] }),
    );
    expect(body.casts.length).toBeGreaterThan(0);
    expect(body.casts.every((c) => c.parent_url === channel!.url)).toBe(true);
  });
});

describe('ranked feeds', () => {
  it('ranks trending casts by reactions inside the time window', async () => {
    const body = conforms(
      'fetch-trending-feed',
      await env.api.fetchTrendingFeed({ timeWindow: '7d', limit: 10 }),
    );
    expect(body.casts).toHaveLength(10);
    // Each cast's reactions inside the window, as its reaction list dates them.
    const since = env.store.now() - 7 * 24 * 3600 * 1000;
    const counts: number[] = [];
    for (const c of body.casts) {
      const { reactions } = await env.api.fetchCastReactions({ hash: c.hash, types: ['all'], limit: 100 });
      expect(reactions.length).toBeLessThan(100);
      counts.push(reactions.filter((r) => Date.parse(r.reaction_timestamp) > since).length);
    }
    expect(counts[0]).toBeGreaterThan(0);
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
    const channel = { channel_id: body.casts.find((c) => c.channel)!.channel!.id };
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
    // Every cast of hers, as her casts list counts them, by that score and then newest.
    const mine: FeedResponse['casts'] = [];
    let cursor: string | undefined;
    do {
      const page = await env.api.fetchCastsForUser({ fid: alice.fid, limit: 150, cursor });
      mine.push(...page.casts);
      cursor = page.next.cursor ?? undefined;
    } while (cursor);
    expect(mine.length).toBeGreaterThan(150);
    const scoreOf = (c: (typeof mine)[number]) =>
      c.reactions.likes_count + 2 * c.reactions.recasts_count + c.replies.count;
    const expected = [...mine]
      .sort((x, y) => scoreOf(y) - scoreOf(x) || Date.parse(y.timestamp) - Date.parse(x.timestamp))
      .slice(0, 10)
      .map((c) => c.hash);
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
    const both = await env.api.fetchRepliesAndRecastsForUser({ fid: bob.fid, limit: 50, viewerFid: bob.fid });
    newestFirst(replies);
    // Both kinds, together: bob's replies and the casts he recast (by others).
    expect(both.casts.some((c) => c.author.fid === bob.fid && c.parent_hash !== null)).toBe(true);
    expect(both.casts.some((c) => c.author.fid !== bob.fid)).toBe(true);
    // Each is a reply of his or a cast he recast, as the hub lists his recasts.
    const { messages } = await env.hub.fetchUserReactions({
      fid: bob.fid,
      reactionType: 'Recast',
      pageSize: 1000,
    });
    const recastByBob = new Set(messages.map((m) => m.data.reactionBody?.targetCastId?.hash));
    expect(
      both.casts.every((c) => recastByBob.has(c.hash) || (c.author.fid === bob.fid && c.parent_hash)),
    ).toBe(true);
    for (const c of both.casts) if (recastByBob.has(c.hash)) expect(c.viewer_context?.recasted).toBe(true);
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
    const embedTypes = (limit: number) =>
      walk(async (cursor) =>
        conforms(
          'fetch-feed',
          await env.api.fetchFeed({
            feedType: 'filter',
            filterType: 'embed_types',
            embedTypes: types,
            limit,
            cursor,
          }),
        ),
      );
    const expected = await embedTypes(100);
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
    // Every cast in it has such an embed, newest first.
    const { result } = await env.api.fetchBulkCasts({ casts: expected.slice(0, 100) });
    const byHash = new Map(result.casts.map((c) => [c.hash, c]));
    const inOrder = expected.slice(0, 100).map((h) => byHash.get(h)!);
    for (const c of inOrder) expect(c.embeds.some((e) => 'url' in e && matches(e.url))).toBe(true);
    const times = inOrder.map((c) => Date.parse(c.timestamp));
    expect(times).toEqual([...times].sort((x, y) => y - x));

    const walked = await embedTypes(2);
    expect(walked).toEqual(expected);
  });
});
