import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_USERS } from '../src/seed/constants.js';
import { startApi } from './support/api.js';
import { conforms, failure } from './support/v2-social.js';

let env: Awaited<ReturnType<typeof startApi>>;
const [alice, bob, carol] = SEED_USERS;

beforeAll(async () => {
  env = await startApi();
});
afterAll(() => env.close());

/** A cast nobody has reacted to yet: a new user's. */
const untouched = async () => {
  const author = await env.fixtures.user();
  return { hash: await env.fixtures.cast(author, 'untouched so far'), fid: author.fid };
};

describe('publishing and deleting reactions', () => {
  it('likes and unlikes a cast, moving its count and the viewer context', async () => {
    const target = await untouched();
    const look = async () =>
      (
        await env.api.lookupCastByHashOrWarpcastUrl({
          identifier: target.hash,
          type: 'hash',
          viewerFid: alice.fid,
        })
      ).cast;
    const before = await look();
    conforms(
      'publish-reaction',
      await env.api.publishReaction({
        signerUuid: alice.signerUuid,
        reactionType: 'like',
        target: target.hash,
      }),
    );
    const liked = await look();
    expect(liked.reactions.likes_count).toBe(before.reactions.likes_count + 1);
    expect(liked.viewer_context).toEqual({ liked: true, recasted: false });
    expect(liked.reactions.likes.map((l) => l.fid)).toContain(alice.fid);

    env.tick(1000);
    conforms(
      'delete-reaction',
      await env.api.deleteReaction({
        signerUuid: alice.signerUuid,
        reactionType: 'like',
        target: target.hash,
      }),
    );
    const unliked = await look();
    expect(unliked.reactions.likes_count).toBe(before.reactions.likes_count);
    expect(unliked.viewer_context?.liked).toBe(false);
  });

  it('recasts a cast and reacts to a URL', async () => {
    const target = await untouched();
    env.tick(1000);
    await env.api.publishReaction({
      signerUuid: carol.signerUuid,
      reactionType: 'recast',
      target: target.hash,
    });
    const cast = (
      await env.api.lookupCastByHashOrWarpcastUrl({
        identifier: target.hash,
        type: 'hash',
        viewerFid: carol.fid,
      })
    ).cast;
    expect(cast.viewer_context?.recasted).toBe(true);
    expect(cast.reactions.recasts.map((r) => r.fid)).toContain(carol.fid);
    await env.api.publishReaction({
      signerUuid: carol.signerUuid,
      reactionType: 'like',
      target: 'https://castkit.dev/',
    });
    const onUrl = await env.hub.fetchReactionsByTarget({ url: 'https://castkit.dev/', reactionType: 'Like' });
    expect(onUrl.messages.map((m) => m.data.fid)).toContain(carol.fid);
  });

  it('answers 404 for an unknown cast or signer and 400 for a target that is neither hash nor URL', async () => {
    const s = alice.signerUuid;
    const unknown = await failure(
      env.api.publishReaction({ signerUuid: s, reactionType: 'like', target: `0x${'12'.repeat(20)}` }),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.property).toBe('target');
    expect(
      (await failure(env.api.publishReaction({ signerUuid: s, reactionType: 'like', target: 'hello' })))
        .status,
    ).toBe(400);
    const signer = await failure(
      env.api.deleteReaction({
        signerUuid: 'no-such-signer',
        reactionType: 'like',
        target: (await untouched()).hash,
      }),
    );
    expect(signer.status).toBe(404);
  });
});

describe('reaction lists', () => {
  it('lists a cast’s likes and recasts newest first, page by page, with full users', async () => {
    // The most reacted-to cast of the week, with its counts as the cast shows them.
    const [top] = (await env.api.fetchTrendingFeed({ timeWindow: '7d', limit: 1 })).casts;
    const popular = {
      hash: top!.hash,
      likes_count: top!.reactions.likes_count,
      recasts_count: top!.reactions.recasts_count,
    };
    expect(popular.likes_count + popular.recasts_count).toBeGreaterThan(3);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = conforms(
        'fetch-cast-reactions',
        await env.api.fetchCastReactions({ hash: popular.hash, types: ['all'], limit: 3, cursor }),
      );
      const times = page.reactions.map((r) => Date.parse(r.reaction_timestamp));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      for (const r of page.reactions) seen.push(`${r.reaction_type}:${r.user.fid}`);
      cursor = page.next.cursor ?? undefined;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(popular.likes_count + popular.recasts_count);
    const likes = await env.api.fetchCastReactions({ hash: popular.hash, types: ['likes'], limit: 100 });
    expect(likes.reactions.every((r) => r.reaction_type === 'like' && r.object === 'likes')).toBe(true);
    expect(likes.reactions).toHaveLength(popular.likes_count);
  });

  it('lists a user’s reactions with the casts they reacted to', async () => {
    const body = conforms(
      'fetch-user-reactions',
      await env.api.fetchUserReactions({ fid: bob.fid, type: 'all', limit: 10 }),
    );
    expect(body.reactions.length).toBeGreaterThan(0);
    for (const r of body.reactions) {
      expect(r.user.fid).toBe(bob.fid);
      expect(r.cast.object).toBe('cast');
    }
    const recasts = await env.api.fetchUserReactions({ fid: bob.fid, type: 'recasts', viewerFid: bob.fid });
    expect(recasts.reactions.length).toBeGreaterThan(0);
    expect(
      recasts.reactions.every((r) => r.reaction_type === 'recast' && r.cast.viewer_context?.recasted),
    ).toBe(true);
  });

  it('answers 404 for an unknown cast or user and 400 for a malformed cursor', async () => {
    expect(
      (await failure(env.api.fetchCastReactions({ hash: `0x${'34'.repeat(20)}`, types: ['all'] }))).status,
    ).toBe(404);
    expect((await failure(env.api.fetchUserReactions({ fid: 999_999, type: 'likes' }))).status).toBe(404);
    expect(
      (await failure(env.api.fetchUserReactions({ fid: 1, type: 'likes', cursor: 'garbage' }))).status,
    ).toBe(400);
  });
});
