// One story through the SDK against a running emulator: a cast is published, spreads to every
// view that should show it, gathers a reply and a like, reaches a new follower, and is deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_USERS } from '../src/seed/constants.js';
import { startApi } from './support/api.js';
import { failure } from './support/v2-social.js';

let env: Awaited<ReturnType<typeof startApi>>;
const [alice, bob, carol] = SEED_USERS;
const WORD = 'xylophonist';
let channelId: string;
let castHash: string;
let replyHash: string;
let newcomer: { fid: number; signer_uuid: string };

beforeAll(async () => {
  env = await startApi();
  const { members } = await env.api.fetchUserChannelMemberships({ fid: alice.fid, limit: 1 });
  channelId = members[0]!.channel.id;
  // Someone who does not follow alice yet: a user registered for this story.
  const user = await env.fixtures.user({ username: 'newcomer' });
  newcomer = { fid: user.fid, signer_uuid: user.signerUuid };
  env.tick(60_000);
});
afterAll(() => env.close());

const authorCasts = async () =>
  (await env.api.fetchCastsForUser({ fid: alice.fid, limit: 5 })).casts.map((c) => c.hash);
const followingOf = async (fid: number) =>
  (await env.api.fetchUserFollowingFeed({ fid, limit: 10 })).casts.map((c) => c.hash);
const channelFeed = async () =>
  (await env.api.fetchFeedByChannelIds({ channelIds: [channelId], limit: 5 })).casts.map((c) => c.hash);
const searchHits = async () => (await env.api.searchCasts({ q: WORD })).result.casts.map((c) => c.hash);
const hubCasts = async (fid: number) =>
  (await env.hub.fetchUsersCasts({ fid, reverse: true, pageSize: 5 })).messages.map((m) => m.hash);
const hubMentions = async (fid: number) =>
  (await env.hub.fetchCastsMentioningUser({ fid, reverse: true, pageSize: 5 })).messages.map((m) => m.hash);
const notified = async (fid: number, type: 'mentions' | 'replies' | 'likes') =>
  (await env.api.fetchAllNotifications({ fid, type: [type] })).notifications.map((n) => n.cast?.hash);

describe('a cast through its life', () => {
  it('appears in the author’s casts, a follower’s feed, the channel feed, search and the mentioned user’s notifications', async () => {
    const published = await env.api.publishCast({
      signerUuid: alice.signerUuid,
      text: `the ${WORD} is here, @${carol.username}`,
      channelId,
    });
    castHash = published.cast.hash;
    expect((await authorCasts())[0]).toBe(castHash);
    expect((await followingOf(bob.fid))[0]).toBe(castHash);
    expect((await channelFeed())[0]).toBe(castHash);
    expect(await searchHits()).toEqual([castHash]);
    expect((await notified(carol.fid, 'mentions'))[0]).toBe(castHash);
  });

  it('is the same message in the hub views and the event log', async () => {
    expect((await hubCasts(alice.fid))[0]).toBe(castHash);
    expect((await hubMentions(carol.fid))[0]).toBe(castHash);
    const byId = await env.hub.lookupCastByHashAndFid({ fid: alice.fid, hash: castHash });
    expect(byId.data.castAddBody?.text).toContain(WORD);
    const events = await env.hub.paginate('fetchEvents', { fromEventId: 0 }).toArray();
    const merged = events.filter(
      (e) => 'mergeMessageBody' in e && e.mergeMessageBody.message.hash === castHash,
    );
    expect(merged.map((e) => e.type)).toEqual(['HUB_EVENT_TYPE_MERGE_MESSAGE']);
  });

  it('notifies the author of a reply', async () => {
    env.tick(1000);
    replyHash = (
      await env.api.publishCast({ signerUuid: bob.signerUuid, text: 'nice tune', parent: castHash })
    ).cast.hash;
    expect((await notified(alice.fid, 'replies'))[0]).toBe(replyHash);
    const conversation = await env.api.lookupCastConversation({ identifier: castHash, type: 'hash' });
    expect(conversation.conversation.cast.direct_replies.map((r) => r.hash)).toEqual([replyHash]);
    expect(conversation.conversation.cast.replies.count).toBe(1);
  });

  it('counts a like and shows it in the liker’s viewer context and the author’s notifications', async () => {
    const look = async () =>
      (
        await env.api.lookupCastByHashOrWarpcastUrl({
          identifier: castHash,
          type: 'hash',
          viewerFid: carol.fid,
        })
      ).cast;
    expect((await look()).viewer_context).toEqual({ liked: false, recasted: false });
    env.tick(1000);
    await env.api.publishReaction({ signerUuid: carol.signerUuid, reactionType: 'like', target: castHash });
    const liked = await look();
    expect(liked.reactions.likes_count).toBe(1);
    expect(liked.reactions.likes).toEqual([{ fid: carol.fid, fname: carol.username }]);
    expect(liked.viewer_context?.liked).toBe(true);
    expect((await notified(alice.fid, 'likes'))[0]).toBe(castHash);
  });

  it('reaches a new follower’s following feed once they follow the author', async () => {
    expect(await followingOf(newcomer.fid)).not.toContain(castHash);
    await env.api.followUser({ signerUuid: newcomer.signer_uuid, targetFids: [alice.fid] });
    expect(await followingOf(newcomer.fid)).toContain(castHash);
  });

  it('is gone from every one of those views once deleted', async () => {
    env.tick(1000);
    await env.api.deleteCast({ signerUuid: alice.signerUuid, targetHash: castHash });
    expect(await authorCasts()).not.toContain(castHash);
    expect(await followingOf(bob.fid)).not.toContain(castHash);
    expect(await followingOf(newcomer.fid)).not.toContain(castHash);
    expect(await channelFeed()).not.toContain(castHash);
    expect(await searchHits()).toEqual([]);
    expect(await hubCasts(alice.fid)).not.toContain(castHash);
    expect(await hubMentions(carol.fid)).not.toContain(castHash);
    expect((await failure(env.hub.lookupCastByHashAndFid({ fid: alice.fid, hash: castHash }))).status).toBe(
      404,
    );
    expect(await notified(carol.fid, 'mentions')).not.toContain(castHash);
    expect(await notified(alice.fid, 'replies')).not.toContain(replyHash);
    expect(await notified(alice.fid, 'likes')).not.toContain(castHash);
    expect(
      (await failure(env.api.lookupCastByHashOrWarpcastUrl({ identifier: castHash, type: 'hash' }))).status,
    ).toBe(404);
  });
});
