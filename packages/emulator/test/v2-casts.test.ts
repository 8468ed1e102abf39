import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_USERS } from '../src/seed/constants.js';
import { startApi } from './support/api.js';
import { castsWithText } from './support/reads.js';
import { conforms, failure, sliceBytes } from './support/v2-social.js';

let env: Awaited<ReturnType<typeof startApi>>;
const [alice, bob, carol] = SEED_USERS;

/**
 * A thread the tests build through the API, so what the reads must show is known from what was
 * written: alice's root in a channel, five direct replies a second apart, two under the first and one
 * under the second, one more a level further down the first's first, and bob and carol liking the first.
 */
const thread = {
  channel: { id: '', url: '' },
  root: '',
  replies: [] as string[],
  children: {} as Record<string, string[]>,
  deep: { hash: '', parent: '' },
  repliers: [] as number[],
};

beforeAll(async () => {
  env = await startApi();
  const [channel] = (await env.api.fetchAllChannels({ limit: 1 })).channels;
  thread.channel = { id: channel!.id, url: channel!.url };
  thread.root = await env.fixtures.cast(alice, 'a thread to read', { channelId: channel!.id });
  for (let i = 0; i < 5; i++) {
    env.tick(1000);
    const user = await env.fixtures.user();
    thread.repliers.push(user.fid);
    const reply = await env.fixtures.cast(user, `reply ${i}`, { parent: thread.root });
    thread.replies.push(reply);
    thread.children[reply] = [];
  }
  const [first, second] = thread.replies as [string, string];
  for (const [parent, text] of [
    [first, 'under the first'],
    [first, 'under the first again'],
    [second, 'under the second'],
  ] as const) {
    env.tick(1000);
    thread.children[parent]!.push(await env.fixtures.cast(carol, text, { parent }));
  }
  const parent = thread.children[first]![0]!;
  thread.deep = { hash: await env.fixtures.cast(bob, 'a level further down', { parent }), parent };
  await env.fixtures.like(bob, first);
  await env.fixtures.like(carol, first);
});
afterAll(() => env.close());

/** Casts of alice, bob and carol as the hub lists them: seeded casts read through another API. */
async function hubCasts(): Promise<any[]> {
  const lists = await Promise.all(
    [alice, bob, carol].map(({ fid }) => env.hub.fetchUsersCasts({ fid, pageSize: 1000 })),
  );
  return lists.flatMap((l) => l.messages);
}

describe('cast lookup', () => {
  it('looks a cast up by hash with its author, counts, thread and viewer context', async () => {
    // The first reply: two likes (bob's, carol's), two replies, in alice's thread.
    const first = thread.replies[0]!;
    const { cast } = conforms(
      'lookup-cast-by-hash-or-warpcast-url',
      await env.api.lookupCastByHashOrWarpcastUrl({ identifier: first, type: 'hash', viewerFid: bob.fid }),
    );
    expect(cast.hash).toBe(first);
    expect(cast.author.fid).toBe(thread.repliers[0]);
    expect(cast.reactions.likes_count).toBe(2);
    expect(cast.reactions.likes.map((l) => l.fid).sort()).toEqual([bob.fid, carol.fid]);
    expect(cast.replies.count).toBe(2);
    expect(cast.thread_hash).toBe(thread.root);
    expect(cast.parent_hash).toBe(thread.root);
    expect(cast.viewer_context?.liked).toBe(true);
    const asAlice = await env.api.lookupCastByHashOrWarpcastUrl({
      identifier: first,
      type: 'hash',
      viewerFid: 1,
    });
    expect(asAlice.cast.viewer_context?.liked).toBe(false);
  });

  it('looks a cast up by a warpcast URL made of the username and a hash prefix', async () => {
    const stored = { hash: thread.root };
    const { cast } = await env.api.lookupCastByHashOrWarpcastUrl({
      identifier: `https://warpcast.com/${alice.username}/${stored.hash.slice(0, 10)}`,
      type: 'url',
    });
    expect(cast.hash).toBe(stored.hash);
    expect(cast.viewer_context).toBeUndefined();
  });

  it('answers 404 naming an unknown cast and 400 for a malformed hash or URL', async () => {
    const missing = await failure(
      env.api.lookupCastByHashOrWarpcastUrl({ identifier: `0x${'ab'.repeat(20)}`, type: 'hash' }),
    );
    expect(missing.status).toBe(404);
    expect(missing.apiMessage).toContain(`0x${'ab'.repeat(20)}`);
    expect(
      (await failure(env.api.lookupCastByHashOrWarpcastUrl({ identifier: '0x12', type: 'hash' }))).status,
    ).toBe(400);
    const badUrl = await failure(
      env.api.lookupCastByHashOrWarpcastUrl({ identifier: 'not a url', type: 'url' }),
    );
    expect(badUrl.status).toBe(400);
    const nobody = await failure(
      env.api.lookupCastByHashOrWarpcastUrl({
        identifier: 'https://warpcast.com/nobody-here/0xabcdef',
        type: 'url',
      }),
    );
    expect(nobody.status).toBe(404);
  });

  it('shows mentions inside the text, with byte ranges that cover each @username', async () => {
    // A seeded cast with mentions, as the hub has it: the v2 cast must name the same fids.
    const stored = (await hubCasts()).find((m) => m.data.castAddBody.mentions.length > 0);
    const { cast } = await env.api.lookupCastByHashOrWarpcastUrl({ identifier: stored.hash, type: 'hash' });
    expect(cast.mentioned_profiles.map((u) => u.fid)).toEqual(stored.data.castAddBody.mentions);
    cast.mentioned_profiles.forEach((user, i) => {
      expect(sliceBytes(cast.text, cast.mentioned_profiles_ranges[i]!)).toBe(`@${user.username}`);
    });
  });

  it('embeds quoted casts as embedded casts and URLs with locally known metadata on absolute URLs', async () => {
    const quoting = await env.api.publishCast({
      signerUuid: carol.signerUuid,
      text: 'quoting the thread',
      embeds: [{ cast_id: { fid: alice.fid, hash: thread.root } }],
    });
    const { cast } = conforms(
      'lookup-cast-by-hash-or-warpcast-url',
      await env.api.lookupCastByHashOrWarpcastUrl({ identifier: quoting.cast.hash, type: 'hash' }),
    );
    expect(cast.embeds[0]).toMatchObject({
      cast: { hash: thread.root, author: { object: 'user_dehydrated', fid: alice.fid } },
    });

    // A seeded cast embedding one of the seed's images, as the hub has it.
    const image = (await hubCasts()).find((m) =>
      m.data.castAddBody.embeds.some((e: { url?: string }) => e.url?.includes('/_emulator/image/')),
    );
    const withImage = (await env.api.lookupCastByHashOrWarpcastUrl({ identifier: image.hash, type: 'hash' }))
      .cast;
    const embed = withImage.embeds[0] as { url: string; metadata?: { content_type?: string | null } };
    expect(embed.url.startsWith(`${env.url}/_emulator/image/`)).toBe(true);
    expect(embed.metadata?.content_type).toBe('image/svg+xml');
  });
});

describe('bulk casts', () => {
  it('returns casts sorted by likes and leaves out unknown hashes', async () => {
    // The thread's root and its first four replies: 0 to 2 likes, and the likes given here vary them.
    const stored = [thread.root, ...thread.replies.slice(1, 5)].map((hash) => ({ hash }));
    await env.fixtures.like(bob, thread.replies[2]!);
    const body = conforms(
      'fetch-bulk-casts',
      await env.api.fetchBulkCasts({
        casts: [...stored.map((c) => c.hash), `0x${'cd'.repeat(20)}`],
        sortType: 'likes',
      }),
    );
    const likes = body.result.casts.map((c) => c.reactions.likes_count);
    expect(body.result.casts).toHaveLength(5);
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
    expect(body.result.casts[0]!.hash).toBe(thread.replies[2]);
  });
});

describe('conversations', () => {
  const busy = () => ({ hash: thread.root, replies_count: thread.replies.length });

  it('pages the direct replies of a cast with a cursor and nests replies to the requested depth', async () => {
    const root = busy();
    const first = conforms(
      'lookup-cast-conversation',
      await env.api.lookupCastConversation({ identifier: root.hash, type: 'hash', limit: 2, replyDepth: 3 }),
    );
    const page1 = first.conversation.cast.direct_replies;
    expect(page1.map((r) => r.hash)).toEqual(thread.replies.slice(0, 2));
    expect(page1.every((r) => r.parent_hash === root.hash)).toBe(true);
    expect(first.next?.cursor).toBeTruthy();
    const second = await env.api.lookupCastConversation({
      identifier: root.hash,
      type: 'hash',
      limit: 2,
      cursor: first.next!.cursor!,
    });
    const page2 = second.conversation.cast.direct_replies.map((r) => r.hash);
    expect(page2).toEqual(thread.replies.slice(2, 4));
    // Chronological by default: each page continues where the last ended.
    expect(Date.parse(second.conversation.cast.direct_replies[0]!.timestamp)).toBeGreaterThanOrEqual(
      Date.parse(page1[1]!.timestamp),
    );

    // Deeper levels hang under their own parents, and exist where the thread goes deeper.
    type Reply = { hash: string; parent_hash: string | null; direct_replies: unknown[] };
    const nested = (r: Reply) => r.direct_replies as Reply[];
    for (const reply of page1 as Reply[]) {
      const children = nested(reply);
      expect(children.every((c) => c.parent_hash === reply.hash)).toBe(true);
      expect(children.map((c) => c.hash)).toEqual(thread.children[reply.hash]);
    }
    // The third level: the reply under the first reply's first child.
    const [firstChild] = nested(page1[0] as Reply);
    expect(nested(firstChild!).map((c) => c.hash)).toEqual([thread.deep.hash]);

    const flat = await env.api.lookupCastConversation({ identifier: root.hash, type: 'hash', replyDepth: 1 });
    expect(flat.conversation.cast.direct_replies.every((r) => r.direct_replies.length === 0)).toBe(true);
  });

  it('splits replies above and below the fold without losing any', async () => {
    const root = busy();
    const all = async (fold?: 'above' | 'below') =>
      (
        await env.api.lookupCastConversation({
          identifier: root.hash,
          type: 'hash',
          limit: 50,
          replyDepth: 1,
          fold,
        })
      ).conversation.cast.direct_replies.map((r) => r.hash);
    const [above, below, both] = await Promise.all([all('above'), all('below'), all()]);
    expect([...above, ...below].sort()).toEqual([...both].sort());
    expect(both).toHaveLength(root.replies_count);
  });

  it('lists the chronological parents of a deep reply from the thread root down', async () => {
    const deep = { hash: thread.deep.hash, root_hash: thread.root, parent_hash: thread.deep.parent };
    const body = conforms(
      'lookup-cast-conversation',
      await env.api.lookupCastConversation({
        identifier: deep.hash,
        type: 'hash',
        includeChronologicalParentCasts: true,
        sortType: 'algorithmic',
      }),
    );
    const parents = body.conversation.chronological_parent_casts!;
    expect(parents.map((p) => p.hash)).toEqual([deep.root_hash, thread.replies[0], deep.parent_hash]);
  });

  it('summarises a thread from local data, naming its participants', async () => {
    const root = busy();
    const body = conforms(
      'lookup-cast-conversation-summary',
      await env.api.lookupCastConversationSummary({ identifier: root.hash }),
    );
    const author = { fid: alice.fid, username: alice.username };
    const repliers = [...thread.repliers, bob.fid, carol.fid];
    expect(body.summary.text).toContain(`@${author.username} posted`);
    const participants = body.summary.participants.map((u) => u.fid);
    expect(participants[0]).toBe(author.fid);
    expect(participants.length).toBeGreaterThan(1);
    for (const fid of participants.slice(1)) expect(repliers).toContain(fid);
  });
});

describe('publishing and deleting', () => {
  it('publishes a cast whose @username becomes a mention and that reads back the same text', async () => {
    const text = `hello @${bob.username}, meet @${carol.username}`;
    const published = conforms(
      'publish-cast',
      await env.api.publishCast({ signerUuid: alice.signerUuid, text }),
    );
    expect(published.cast.author.fid).toBe(alice.fid);
    const { cast } = await env.api.lookupCastByHashOrWarpcastUrl({
      identifier: published.cast.hash,
      type: 'hash',
    });
    expect(cast.text).toBe(text);
    expect(cast.mentioned_profiles.map((u) => u.fid)).toEqual([bob.fid, carol.fid]);
    expect(cast.mentioned_profiles_ranges.map((r) => sliceBytes(cast.text, r))).toEqual([
      `@${bob.username}`,
      `@${carol.username}`,
    ]);
  });

  it('publishes a reply by parent hash into the parent thread and channel, with URL and cast embeds', async () => {
    const parentCast = async () =>
      (await env.api.lookupCastByHashOrWarpcastUrl({ identifier: thread.root, type: 'hash' })).cast;
    const before = await parentCast();
    const parent = {
      hash: thread.root,
      fid: alice.fid,
      channel_id: thread.channel.id,
      root_hash: thread.root,
    };
    const [carols] = (await env.api.fetchCastsForUser({ fid: carol.fid, limit: 1 })).casts;
    const quoted = { hash: carols!.hash, fid: carol.fid };
    env.tick(1000);
    const published = await env.api.publishCast({
      signerUuid: bob.signerUuid,
      text: 'a reply with things attached',
      parent: parent.hash,
      embeds: [
        { url: 'https://example.com/articles/why-sqlite' },
        { cast_id: { fid: quoted.fid, hash: quoted.hash } },
      ],
    });
    const { cast } = conforms(
      'lookup-cast-by-hash-or-warpcast-url',
      await env.api.lookupCastByHashOrWarpcastUrl({ identifier: published.cast.hash, type: 'hash' }),
    );
    expect(cast.parent_hash).toBe(parent.hash);
    expect(cast.parent_author.fid).toBe(parent.fid);
    expect(cast.thread_hash).toBe(parent.root_hash);
    expect(cast.channel).toMatchObject({ id: parent.channel_id });
    expect(cast.embeds).toHaveLength(2);
    expect(cast.embeds[1]).toMatchObject({ cast: { hash: quoted.hash } });
    expect((await parentCast()).replies.count).toBe(before.replies.count + 1);
  });

  it('posts into a channel by channel_id, under the channel URL', async () => {
    const channel = thread.channel;
    const published = await env.api.publishCast({
      signerUuid: carol.signerUuid,
      text: 'in a channel',
      channelId: channel.id,
    });
    const { cast } = await env.api.lookupCastByHashOrWarpcastUrl({
      identifier: published.cast.hash,
      type: 'hash',
    });
    expect(cast.parent_url).toBe(channel.url);
    expect(cast.root_parent_url).toBe(channel.url);
    expect(cast.channel?.id).toBe(channel.id);
  });

  it('answers a repeated idem with the first cast instead of casting twice', async () => {
    const count = () => castsWithText(env.api, carol.fid, 'only once');
    const before = await count();
    const first = await env.api.publishCast({ signerUuid: carol.signerUuid, text: 'only once', idem: 'k-1' });
    env.tick(2000);
    const again = await env.api.publishCast({ signerUuid: carol.signerUuid, text: 'only once', idem: 'k-1' });
    expect(again.cast.hash).toBe(first.cast.hash);
    expect(await count()).toBe(before + 1);
  });

  it('rejects bad publish input with 400 and unknown things with 404', async () => {
    const s = alice.signerUuid;
    expect((await failure(env.api.publishCast({ signerUuid: s }))).status).toBe(400);
    expect(
      (await failure(env.api.publishCast({ signerUuid: s, text: 'x', parent: 'nonsense' }))).status,
    ).toBe(400);
    const parent = await failure(
      env.api.publishCast({ signerUuid: s, text: 'x', parent: `0x${'ee'.repeat(20)}` }),
    );
    expect(parent.status).toBe(404);
    expect(parent.property).toBe('parent');
    const embeds = [{ url: 'https://a.example' }, { url: 'https://b.example' }, { url: 'https://c.example' }];
    expect((await failure(env.api.publishCast({ signerUuid: s, text: 'x', embeds }))).status).toBe(400);
    expect(
      (await failure(env.api.publishCast({ signerUuid: s, text: 'x', channelId: 'no-such-channel' }))).status,
    ).toBe(404);
    const signer = await failure(
      env.api.publishCast({ signerUuid: '00000000-0000-4000-8000-00000000ffff', text: 'x' }),
    );
    expect(signer.status).toBe(404);
    expect((await failure(env.api.publishCast({ signerUuid: s, text: 'x'.repeat(1100) }))).status).toBe(400);
  });

  it("deletes the signer's own cast and refuses to delete someone else's", async () => {
    const mine = await env.api.publishCast({ signerUuid: alice.signerUuid, text: 'short-lived' });
    const [theirs] = (await env.api.fetchCastsForUser({ fid: bob.fid, limit: 1 })).casts;
    const refused = await failure(
      env.api.deleteCast({ signerUuid: alice.signerUuid, targetHash: theirs!.hash }),
    );
    expect(refused.status).toBe(400);
    env.tick(1000);
    conforms(
      'delete-cast',
      await env.api.deleteCast({ signerUuid: alice.signerUuid, targetHash: mine.cast.hash }),
    );
    const gone = await failure(
      env.api.lookupCastByHashOrWarpcastUrl({ identifier: mine.cast.hash, type: 'hash' }),
    );
    expect(gone.status).toBe(404);
    const twice = await failure(
      env.api.deleteCast({ signerUuid: alice.signerUuid, targetHash: mine.cast.hash }),
    );
    expect(twice.status).toBe(404);
  });
});

describe('search and metrics', () => {
  it('finds a published cast by its words, literally and ranked, and honours author and channel filters', async () => {
    env.tick(1000);
    const published = await env.api.publishCast({
      signerUuid: bob.signerUuid,
      text: 'zanzibar quokka sighting',
    });
    const literal = conforms('search-casts', await env.api.searchCasts({ q: 'quokka zanzibar' }));
    expect(literal.result.casts.map((c) => c.hash)).toEqual([published.cast.hash]);
    const hybrid = conforms(
      'search-casts',
      await env.api.searchCasts({ q: 'quokka nonexistentword', mode: 'hybrid' }),
    );
    expect(hybrid.result.casts[0]?.hash).toBe(published.cast.hash);
    expect((await env.api.searchCasts({ q: 'quokka', authorFid: alice.fid })).result.casts).toEqual([]);
    expect((await env.api.searchCasts({ q: 'quokka', channelId: thread.channel.id })).result.casts).toEqual(
      [],
    );
    expect((await failure(env.api.searchCasts({ q: '!!!' }))).status).toBe(400);
  });

  it('pages ranked search results without repeating a cast', async () => {
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < 3; page++) {
      const body = await env.api.searchCasts({ q: 'the', mode: 'semantic', limit: 5, cursor });
      for (const c of body.result.casts) {
        expect(seen.has(c.hash)).toBe(false);
        seen.add(c.hash);
      }
      cursor = body.result.next.cursor ?? undefined;
      if (!cursor) break;
    }
    expect(seen.size).toBeGreaterThan(5);
  });

  it('counts matching casts per time bucket over the interval', async () => {
    const month = conforms(
      'fetch-cast-metrics',
      await env.api.fetchCastMetrics({ q: 'quokka', interval: '30d' }),
    );
    expect(month.metrics).toHaveLength(30);
    expect(month.metrics.reduce((n, m) => n + m.cast_count, 0)).toBe(1);
    const day = await env.api.fetchCastMetrics({ q: 'quokka', interval: '1d' });
    expect(day.metrics).toHaveLength(24);
    expect(day.metrics[0]!.resolution_in_seconds).toBe(3600);
    expect(day.metrics.at(-1)!.cast_count).toBe(1);
  });
});

describe('embeds and composer actions', () => {
  it('describes a seeded page from local data and an unknown URL minimally, without the network', async () => {
    const known = conforms(
      'fetch-embedded-url-metadata',
      await env.api.fetchEmbeddedUrlMetadata({ url: 'https://castkit.dev/blog/hello-world' }),
    );
    expect(known.metadata.html?.ogTitle).toBe('Hello World');
    const image = await env.api.fetchEmbeddedUrlMetadata({ url: 'https://elsewhere.example/cat.png' });
    expect(image.metadata.content_type).toBe('image/png');
    expect((await failure(env.api.fetchEmbeddedUrlMetadata({ url: 'ftp://x' }))).status).toBe(400);
  });

  it('lists composer actions in pages', async () => {
    const first = conforms(
      'fetch-composer-actions',
      await env.api.fetchComposerActions({ list: 'top', limit: 2 }),
    );
    expect(first.actions).toHaveLength(2);
    const rest = await env.api.fetchComposerActions({ list: 'top', limit: 25, cursor: first.next!.cursor! });
    expect(rest.actions!.map((a) => a.name)).not.toContain(first.actions![0]!.name);
    expect(first.actions!.length + rest.actions!.length).toBe(5);
  });
});
