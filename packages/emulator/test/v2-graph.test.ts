// The social graph (follows, followers, relevance, suggestions, interactions) and moderation
// (blocks, mutes, bans) through the SDK over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_USERS } from '../src/seed/constants.js';
import { startApi } from './support/api.js';

let env: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  env = await startApi();
});
afterAll(() => env.close());

const [alice, bob, carol] = SEED_USERS;
/** Whether `fid` follows `target`, as the hub answers for the link (404: no link). */
async function follows(fid: number, target: number): Promise<boolean> {
  return env.hub.lookupUserRelation({ fid, targetFid: target, linkType: 'follow' }).then(
    () => true,
    (e: { status?: number }) => {
      if (e.status === 404) return false;
      throw e;
    },
  );
}

/** A user nobody follows yet: one the test kit registers. */
const stranger = async () => (await env.fixtures.user()).fid;

describe('follow and unfollow', () => {
  it('following a user shows up in their followers, the counts and viewer_context', async () => {
    const target = await stranger();
    const before = (await env.api.fetchBulkUsers({ fids: [target] })).users[0]!;
    env.tick(1000);
    const res = await env.api.followUser({ signerUuid: alice.signerUuid, targetFids: [target] });
    expect(res.success).toBe(true);
    expect(res.details[0]).toMatchObject({
      success: true,
      target_fid: target,
      hash: expect.stringMatching(/^0x[0-9a-f]{40}$/),
    });

    const after = (await env.api.fetchBulkUsers({ fids: [target], viewerFid: alice.fid })).users[0]!;
    expect(after.follower_count).toBe(before.follower_count + 1);
    expect(after.viewer_context?.following).toBe(true);

    const { users } = await env.api.fetchUserFollowers({ fid: target, limit: 5 });
    expect(users[0]!.user.fid).toBe(alice.fid);
    const following = await env.api.fetchUserFollowing({ fid: alice.fid, limit: 1 });
    expect(following.users[0]!.user.fid).toBe(target);

    env.tick(1000);
    const undo = await env.api.unfollowUser({ signerUuid: alice.signerUuid, targetFids: [target] });
    expect(undo.details[0]!.success).toBe(true);
    expect(await follows(alice.fid, target)).toBe(false);
    const gone = (await env.api.fetchBulkUsers({ fids: [target], viewerFid: alice.fid })).users[0]!;
    expect(gone.follower_count).toBe(before.follower_count);
    expect(gone.viewer_context?.following).toBe(false);
  });

  it('following someone already followed is a no-op that reports the existing link', async () => {
    expect(await follows(alice.fid, bob.fid)).toBe(true);
    const { hash } = await env.hub.lookupUserRelation({
      fid: alice.fid,
      targetFid: bob.fid,
      linkType: 'follow',
    });
    const res = await env.api.followUser({ signerUuid: alice.signerUuid, targetFids: [bob.fid] });
    expect(res.details).toEqual([{ success: true, target_fid: bob.fid, hash }]);
  });

  it('following an unknown fid is a 404 and follows nobody', async () => {
    const target = await stranger();
    await expect(
      env.api.followUser({ signerUuid: alice.signerUuid, targetFids: [target, 999_999] }),
    ).rejects.toMatchObject({ status: 404, property: 'target_fids' });
    expect(await follows(alice.fid, target)).toBe(false);
  });

  it('an unknown signer is a 404 and a signer not yet approved is a 400', async () => {
    await expect(
      env.api.followUser({ signerUuid: '00000000-0000-4000-8000-00000000ffff', targetFids: [2] }),
    ).rejects.toMatchObject({ status: 404, property: 'signer_uuid' });
    const fresh = await env.api.createSigner();
    await expect(
      env.api.followUser({ signerUuid: fresh.signer_uuid, targetFids: [2] }),
    ).rejects.toMatchObject({
      status: 400,
      property: 'signer_uuid',
    });
  });
});

describe('follower lists', () => {
  it('walking the followers with cursors visits every follower once, newest first', async () => {
    const seen: number[] = [];
    const times: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await env.api.fetchUserFollowers({ fid: alice.fid, limit: 17, cursor });
      seen.push(...page.users.map((f) => f.user.fid));
      cursor = page.next.cursor ?? undefined;
    } while (cursor);
    // Every follower her count promises, once, newest first by when each followed (the hub's links).
    const { users } = await env.api.fetchBulkUsers({ fids: [alice.fid] });
    expect(seen.length).toBe(users[0]!.follower_count);
    expect(new Set(seen).size).toBe(seen.length);
    const links = await env.hub.fetchUserFollowers({ targetFid: alice.fid, pageSize: 1000 });
    expect(links.nextPageToken).toBe('');
    const followedAt = new Map(links.messages.map((m) => [m.data.fid, m.data.timestamp]));
    expect([...followedAt.keys()].sort()).toEqual([...seen].sort());
    for (const fid of seen) times.push(followedAt.get(fid)!);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('algorithmic order ranks followees by their own follower counts', async () => {
    const { users } = await env.api.fetchUserFollowing({ fid: bob.fid, sortType: 'algorithmic', limit: 20 });
    expect(users).toHaveLength(20);
    const counts = users.map((f) => f.user.follower_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('a forged cursor is a 400 naming the cursor', async () => {
    await expect(env.api.fetchUserFollowers({ fid: 1, cursor: 'bm9wZQ' })).rejects.toMatchObject({
      status: 400,
      property: 'cursor',
    });
  });

  it('followers of an unknown fid is a 404', async () => {
    await expect(env.api.fetchUserFollowers({ fid: 999_999 })).rejects.toMatchObject({
      status: 404,
      property: 'fid',
    });
  });

  it('relevant followers are followers of the target whom the viewer follows', async () => {
    const res = await env.api.fetchRelevantFollowers({ targetFid: carol.fid, viewerFid: bob.fid });
    const fids = res.all_relevant_followers_dehydrated.map((f) => f.user.fid);
    expect(fids.length).toBeGreaterThan(0);
    for (const fid of fids) {
      expect(await follows(fid, carol.fid)).toBe(true);
      expect(await follows(bob.fid, fid)).toBe(true);
    }
    expect(res.top_relevant_followers_hydrated.map((f) => f.user.fid)).toEqual(fids.slice(0, 5));
  });

  it('suggestions are users the fid does not follow yet, never the fid itself', async () => {
    const { users } = await env.api.fetchFollowSuggestions({ fid: alice.fid, limit: 10 });
    expect(users).toHaveLength(10);
    for (const u of users) {
      expect(u.fid).not.toBe(alice.fid);
      expect(await follows(alice.fid, u.fid)).toBe(false);
    }
  });
});

describe('interactions', () => {
  it('lists what two users did to each other, newest first, filtered by type', async () => {
    const target = await stranger();
    env.tick(1000);
    await env.api.followUser({ signerUuid: carol.signerUuid, targetFids: [target] });
    const { interactions } = await env.api.fetchUserInteractions({
      fids: [carol.fid, target],
      type: ['follows'],
    });
    expect(interactions[0]).toMatchObject({ type: 'follows', follows: [{ user: { fid: carol.fid } }] });

    const all = await env.api.fetchUserInteractions({ fids: [alice.fid, bob.fid] });
    const times = all.interactions.map((i) => Date.parse(i.most_recent_timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(all.interactions.map((i) => i.type)).size).toBeGreaterThan(1);
  });

  it('needs exactly two fids', async () => {
    await expect(env.api.fetchUserInteractions({ fids: [1] })).rejects.toMatchObject({
      status: 400,
      property: 'fids',
    });
  });
});

describe('blocks, mutes and bans', () => {
  it('a block shows in both users viewer_context and in the block lists until removed', async () => {
    await env.api.publishBlock({ signerUuid: alice.signerUuid, blockedFid: carol.fid });
    const seenByAlice = (await env.api.fetchBulkUsers({ fids: [carol.fid], viewerFid: alice.fid })).users[0]!;
    expect(seenByAlice.viewer_context).toMatchObject({ blocking: true, blocked_by: false });
    const seenByCarol = (await env.api.fetchBulkUsers({ fids: [alice.fid], viewerFid: carol.fid })).users[0]!;
    expect(seenByCarol.viewer_context).toMatchObject({ blocking: false, blocked_by: true });

    const byBlocker = await env.api.fetchBlockList({ blockerFid: alice.fid });
    expect(byBlocker.blocks.map((b) => b.blocked?.fid)).toEqual([carol.fid]);
    const byBlocked = await env.api.fetchBlockList({ blockedFid: carol.fid });
    expect(byBlocked.blocks.map((b) => b.blocker?.fid)).toEqual([alice.fid]);

    await env.api.deleteBlock({ signerUuid: alice.signerUuid, blockedFid: carol.fid });
    expect((await env.api.fetchBlockList({ blockerFid: alice.fid })).blocks).toEqual([]);
  });

  it('the block list needs a blocker or a blocked fid', async () => {
    await expect(env.api.fetchBlockList({})).rejects.toMatchObject({ status: 400 });
  });

  it('mutes list newest first with cursors and disappear when deleted', async () => {
    for (const muted of [10, 11, 12]) {
      env.tick(1000);
      await env.api.publishMute({ fid: bob.fid, mutedFid: muted });
    }
    const first = await env.api.fetchMuteList({ fid: bob.fid, limit: 2 });
    expect(first.mutes.map((m) => m.muted.fid)).toEqual([12, 11]);
    const second = await env.api.fetchMuteList({ fid: bob.fid, limit: 2, cursor: first.next.cursor! });
    expect(second.mutes.map((m) => m.muted.fid)).toEqual([10]);
    expect(second.next.cursor).toBeNull();
    await env.api.deleteMute({ fid: bob.fid, mutedFid: 11 });
    expect((await env.api.fetchMuteList({ fid: bob.fid })).mutes.map((m) => m.muted.fid)).toEqual([12, 10]);
  });

  it('muting an unknown fid is a 404', async () => {
    await expect(env.api.publishMute({ fid: bob.fid, mutedFid: 999_999 })).rejects.toMatchObject({
      status: 404,
      property: 'muted_fid',
    });
  });

  it('bans are listed until lifted', async () => {
    env.tick(1000);
    await env.api.publishBans({ fids: [20, 21] });
    expect((await env.api.fetchBanList({})).bans.map((b) => b.banned?.fid).sort()).toEqual([20, 21]);
    await env.api.deleteBans({ fids: [20] });
    expect((await env.api.fetchBanList({})).bans.map((b) => b.banned?.fid)).toEqual([21]);
  });
});
