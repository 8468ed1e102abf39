// Channels through the SDK over real HTTP: lookups, lists, trending, follows, members and invites.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_USERS } from '../src/seed/constants.js';
import { startApi } from './support/api.js';

let env: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  env = await startApi();
});
afterAll(() => env.close());

const [alice, bob, carol] = SEED_USERS;

/** Every channel, on one page. */
const allChannels = async () => (await env.api.fetchAllChannels({ limit: 200 })).channels;

/** A channel that `fid` leads (the seed makes fids 1..3 lead the first channels). */
const ledBy = async (fid: number) => (await allChannels()).find((c) => c.lead?.fid === fid)!;

/** Every page of a cursor list, put together. */
async function everyPage<T>(page: (cursor?: string) => Promise<{ items: T[]; cursor?: string | null }>) {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const p = await page(cursor);
    items.push(...p.items);
    cursor = p.cursor ?? undefined;
  } while (cursor);
  return items;
}

/** A channel's followers, every page. */
const followersOf = (id: string, viewerFid?: number) =>
  everyPage(async (cursor) => {
    const p = await env.api.fetchFollowersForAChannel({ id, limit: 100, cursor, viewerFid });
    return { items: p.users, cursor: p.next.cursor };
  });

/** A channel's members, every page, `limit` to a page. */
const membersOf = (channelId: string, limit = 100) =>
  everyPage(async (cursor) => {
    const p = await env.api.fetchChannelMembers({ channelId, limit, cursor });
    return { items: p.members.map((m) => m.user.fid), cursor: p.next.cursor };
  });

describe('channel lookups', () => {
  it('looks a channel up by id and by parent_url, with its lead and counts', async () => {
    const ch = await ledBy(alice.fid);
    const byId = await env.api.lookupChannel({ id: ch.id });
    const byUrl = await env.api.lookupChannel({ id: ch.url, type: 'parent_url' });
    expect(byUrl.channel.id).toBe(ch.id);
    expect(byId.channel).toMatchObject({
      id: ch.id,
      url: ch.url,
      parent_url: ch.url,
      lead: { fid: alice.fid },
    });
    // The count is the followers the channel lists.
    expect(byId.channel.follower_count).toBe((await followersOf(ch.id)).length);
    expect(byId.channel.follower_count).toBeGreaterThan(0);
    expect(byId.channel.image_url?.startsWith(env.url)).toBe(true);
  });

  it('an unknown channel is a 404 naming it', async () => {
    await expect(env.api.lookupChannel({ id: 'no-such-channel' })).rejects.toMatchObject({
      status: 404,
      apiMessage: expect.stringContaining('no-such-channel'),
    });
  });

  it('fetchAllChannels pages through every channel once', async () => {
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await env.api.fetchAllChannels({ limit: 5, cursor });
      ids.push(...page.channels.map((c) => c.id));
      cursor = page.next?.cursor ?? undefined;
    } while (cursor);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual((await allChannels()).map((c) => c.id).sort());
    expect(ids.length).toBeGreaterThan(5);
  });

  it('fetchBulkChannels skips unknown ids and searchChannels matches by prefix', async () => {
    const ch = await ledBy(bob.fid);
    const bulk = await env.api.fetchBulkChannels({ ids: [ch.id, 'no-such-channel'] });
    expect(bulk.channels.map((c) => c.id)).toEqual([ch.id]);
    const found = await env.api.searchChannels({ q: ch.id.slice(0, 2) });
    expect(found.channels.map((c) => c.id)).toContain(ch.id);
  });

  it('trending channels rank by casts in the window, counts as strings', async () => {
    const { channels } = await env.api.fetchTrendingChannels({ timeWindow: '7d', limit: 5 });
    expect(channels.length).toBeGreaterThan(1);
    const counts = channels.map((c) => Number(c.cast_count_7d));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    // Three casts more in the top channel count three more.
    const top = channels[0]!;
    for (let i = 0; i < 3; i++)
      await env.fixtures.cast(carol, `trending ${i}`, { channelId: top.channel.id });
    const again = (await env.api.fetchTrendingChannels({ timeWindow: '7d', limit: 5 })).channels;
    expect(again[0]!.channel.id).toBe(top.channel.id);
    expect(again[0]!.cast_count_7d).toBe(String(Number(top.cast_count_7d) + 3));
  });

  it('a user active channels are the channels they cast in, most recent first', async () => {
    // alice casts in two channels, the second last: they lead, in that order.
    const [first, second] = (await allChannels()).slice(-2);
    env.tick(1000);
    await env.fixtures.cast(alice, 'active here', { channelId: first!.id });
    env.tick(1000);
    await env.fixtures.cast(alice, 'and here', { channelId: second!.id });
    const { channels } = await env.api.fetchUsersActiveChannels({ fid: alice.fid });
    const ids = channels!.map((c) => c.id);
    expect(ids.slice(0, 2)).toEqual([second!.id, first!.id]);
    expect(new Set(ids).size).toBe(ids.length);
    // The rest are channels her casts are in, each once.
    const { casts } = await env.api.fetchCastsForUser({ fid: alice.fid, limit: 150 });
    const castIn = new Set(casts.map((c) => c.channel?.id));
    for (const id of ids) expect(castIn).toContain(id);
  });
});

describe('channel follows', () => {
  it('following a channel shows in its followers, the user channels and viewer_context', async () => {
    const followed = (await env.api.fetchUserChannels({ fid: carol.fid, limit: 100 })).channels.map(
      (c) => c.id,
    );
    const ch = (await allChannels()).find((c) => !followed.includes(c.id))!;
    const before = (await env.api.lookupChannel({ id: ch.id, viewerFid: carol.fid })).channel;
    expect(before.viewer_context?.following).toBe(false);
    env.tick(1000);
    await env.api.followChannel({ signerUuid: carol.signerUuid, channelId: ch.id });
    const after = (await env.api.lookupChannel({ id: ch.id, viewerFid: carol.fid })).channel;
    expect(after.viewer_context?.following).toBe(true);
    expect(after.follower_count).toBe(before.follower_count! + 1);
    const followers = await env.api.fetchFollowersForAChannel({ id: ch.id, limit: 1 });
    expect(followers.users[0]!.fid).toBe(carol.fid);
    const mine = await env.api.fetchUserChannels({ fid: carol.fid, limit: 1 });
    expect(mine.channels[0]!.id).toBe(ch.id);

    await env.api.unfollowChannel({ signerUuid: carol.signerUuid, channelId: ch.id });
    expect((await env.api.lookupChannel({ id: ch.id })).channel.follower_count).toBe(before.follower_count);
  });

  it('relevant channel followers are followers the viewer follows', async () => {
    const ch = await ledBy(alice.fid);
    const res = await env.api.fetchRelevantFollowersForAChannel({ id: ch.id, viewerFid: bob.fid });
    // The channel's followers bob follows, as its follower list shows them to him, most followed first.
    const expected = (await followersOf(ch.id, bob.fid))
      .filter((u) => u.viewer_context?.following)
      .sort((a, b) => b.follower_count - a.follower_count || a.fid - b.fid)
      .map((u) => u.fid);
    expect(expected.length).toBeGreaterThan(1);
    expect(res.all_relevant_followers_dehydrated.map((f) => f.user.fid)).toEqual(expected);
    expect(res.top_relevant_followers_hydrated.map((f) => f.user.fid)).toEqual(
      expected.slice(0, res.top_relevant_followers_hydrated.length),
    );
  });
});

describe('members and invites', () => {
  it('the lead invites a user, who accepts and becomes a member, and can be removed', async () => {
    const ch = await ledBy(alice.fid);
    // Someone new, so no member yet.
    const user = await env.fixtures.user();
    const invitee = user.fid;
    const signer = { signer_uuid: user.signerUuid };

    env.tick(1000);
    await env.api.inviteChannelMember({
      signerUuid: alice.signerUuid,
      channelId: ch.id,
      fid: invitee,
      role: 'member',
    });
    const invites = await env.api.fetchChannelInvites({ invitedFid: invitee });
    expect(invites.invites).toEqual([
      expect.objectContaining({
        channel_id: ch.id,
        role: 'member',
        inviter: expect.objectContaining({ fid: alice.fid }),
      }),
    ]);

    await env.api.respondChannelInvite({
      signerUuid: signer.signer_uuid,
      channelId: ch.id,
      role: 'member',
      accept: true,
    });
    expect((await env.api.fetchChannelInvites({ invitedFid: invitee })).invites).toEqual([]);
    const members = await env.api.fetchChannelMembers({ channelId: ch.id, fid: invitee });
    expect(members.members).toEqual([
      expect.objectContaining({ role: 'member', user: expect.objectContaining({ fid: invitee }) }),
    ]);
    const memberships = await env.api.fetchUserChannelMemberships({ fid: invitee });
    expect(memberships.members.map((m) => m.channel.id)).toContain(ch.id);
    const seen = await env.api.lookupChannel({ id: ch.id, viewerFid: invitee });
    expect(seen.channel.viewer_context).toEqual({ following: true, role: 'member' });

    await env.api.removeChannelMember({
      signerUuid: alice.signerUuid,
      channelId: ch.id,
      fid: invitee,
      role: 'member',
    });
    expect((await env.api.fetchChannelMembers({ channelId: ch.id, fid: invitee })).members).toEqual([]);
  });

  it('someone who does not moderate the channel cannot invite (403)', async () => {
    const moderates = (await env.api.fetchUserChannelMemberships({ fid: carol.fid, limit: 100 })).members
      .filter((m) => m.role !== 'member')
      .map((m) => m.channel.id);
    const ch = (await allChannels()).find((c) => c.lead?.fid !== carol.fid && !moderates.includes(c.id))!;
    await expect(
      env.api.inviteChannelMember({
        signerUuid: carol.signerUuid,
        channelId: ch.id,
        fid: 50,
        role: 'member',
      }),
    ).rejects.toMatchObject({ status: 403 });
  });

  it('answering an invite that does not exist is a 404', async () => {
    const ch = await ledBy(alice.fid);
    await expect(
      env.api.respondChannelInvite({
        signerUuid: bob.signerUuid,
        channelId: ch.id,
        role: 'moderator',
        accept: true,
      }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('member lists page by join time without repeats', async () => {
    const ch = await ledBy(alice.fid);
    // Two join a second apart: the newest member first.
    const joined: number[] = [];
    for (let i = 0; i < 2; i++) {
      const user = await env.fixtures.user();
      env.tick(1000);
      await env.api.inviteChannelMember({
        signerUuid: alice.signerUuid,
        channelId: ch.id,
        fid: user.fid,
        role: 'member',
      });
      await env.api.respondChannelInvite({
        signerUuid: user.signerUuid,
        channelId: ch.id,
        role: 'member',
        accept: true,
      });
      joined.push(user.fid);
    }
    const fids = await membersOf(ch.id, 4);
    expect(fids.slice(0, 2)).toEqual([joined[1], joined[0]]);
    expect(new Set(fids).size).toBe(fids.length);
    expect(fids.length).toBeGreaterThan(4); // more than one page
    // Pages of four put together are the whole list on one page.
    expect(fids).toEqual(await membersOf(ch.id));
  });
});
