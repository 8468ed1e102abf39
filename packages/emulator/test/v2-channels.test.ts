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
const one = <T>(sql: string, ...args: unknown[]) => env.store.db.prepare(sql).get(...args) as T;

/** A channel that `fid` leads (the seed makes fids 1..3 lead the first channels). */
const ledBy = (fid: number) =>
  one<{ id: string; url: string }>('SELECT id, url FROM channels WHERE lead_fid = ? LIMIT 1', fid);

describe('channel lookups', () => {
  it('looks a channel up by id and by parent_url, with its lead and counts', async () => {
    const ch = ledBy(alice.fid);
    const byId = await env.api.lookupChannel({ id: ch.id });
    const byUrl = await env.api.lookupChannel({ id: ch.url, type: 'parent_url' });
    expect(byUrl.channel.id).toBe(ch.id);
    expect(byId.channel).toMatchObject({
      id: ch.id,
      url: ch.url,
      parent_url: ch.url,
      lead: { fid: alice.fid },
    });
    const followers = one<{ n: number }>(
      'SELECT COUNT(*) AS n FROM channel_follows WHERE channel_id = ?',
      ch.id,
    ).n;
    expect(byId.channel.follower_count).toBe(followers);
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
    expect(ids.length).toBe(one<{ n: number }>('SELECT COUNT(*) AS n FROM channels').n);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('fetchBulkChannels skips unknown ids and searchChannels matches by prefix', async () => {
    const ch = ledBy(bob.fid);
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
    const top = channels[0]!;
    const since = env.store.now() - 7 * 24 * 3600 * 1000;
    const stored = one<{ n: number }>(
      'SELECT COUNT(*) AS n FROM casts WHERE channel_id = ? AND deleted = 0 AND ts >= ?',
      top.channel.id,
      since,
    ).n;
    expect(top.cast_count_7d).toBe(String(stored));
  });

  it('a user active channels are the channels they cast in, most recent first', async () => {
    const { channels } = await env.api.fetchUsersActiveChannels({ fid: alice.fid });
    const expected = env.store.db
      .prepare(
        'SELECT channel_id FROM casts WHERE fid = 1 AND channel_id IS NOT NULL AND deleted = 0 GROUP BY channel_id ORDER BY MAX(ts) DESC',
      )
      .pluck()
      .all();
    expect(channels?.map((c) => c.id)).toEqual(expected.slice(0, 20));
  });
});

describe('channel follows', () => {
  it('following a channel shows in its followers, the user channels and viewer_context', async () => {
    const ch = one<{ id: string }>(
      'SELECT id FROM channels WHERE id NOT IN (SELECT channel_id FROM channel_follows WHERE fid = 3) LIMIT 1',
    );
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
    const ch = ledBy(alice.fid);
    const res = await env.api.fetchRelevantFollowersForAChannel({ id: ch.id, viewerFid: bob.fid });
    const expected = env.store.db
      .prepare(
        `SELECT f.fid FROM channel_follows f
         JOIN links l ON l.fid = ? AND l.type = 'follow' AND l.target_fid = f.fid
         JOIN users u ON u.fid = f.fid
         WHERE f.channel_id = ? ORDER BY u.follower_count DESC, f.fid`,
      )
      .pluck()
      .all(bob.fid, ch.id) as number[];
    expect(expected.length).toBeGreaterThan(1);
    expect(res.all_relevant_followers_dehydrated.map((f) => f.user.fid)).toEqual(expected);
    expect(res.top_relevant_followers_hydrated.map((f) => f.user.fid)).toEqual(
      expected.slice(0, res.top_relevant_followers_hydrated.length),
    );
  });
});

describe('members and invites', () => {
  it('the lead invites a user, who accepts and becomes a member, and can be removed', async () => {
    const ch = ledBy(alice.fid);
    const invitee = one<{ fid: number }>(
      'SELECT fid FROM users WHERE fid > 3 AND fid NOT IN (SELECT fid FROM channel_members WHERE channel_id = ?) LIMIT 1',
      ch.id,
    ).fid;
    const signer = one<{ signer_uuid: string }>(
      "SELECT signer_uuid FROM signers WHERE fid = ? AND status = 'approved'",
      invitee,
    );

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
    const ch = one<{ id: string }>(
      "SELECT id FROM channels WHERE lead_fid != 3 AND id NOT IN (SELECT channel_id FROM channel_members WHERE fid = 3 AND role != 'member') LIMIT 1",
    );
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
    const ch = ledBy(alice.fid);
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
    const ch = ledBy(alice.fid);
    const fids: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await env.api.fetchChannelMembers({ channelId: ch.id, limit: 4, cursor });
      fids.push(...page.members.map((m) => m.user.fid));
      cursor = page.next.cursor ?? undefined;
    } while (cursor);
    expect(fids.length).toBe(
      one<{ n: number }>('SELECT COUNT(*) AS n FROM channel_members WHERE channel_id = ?', ch.id).n,
    );
    expect(new Set(fids).size).toBe(fids.length);
    expect(fids.length).toBeGreaterThan(4); // more than one page
    // Newest members first: join times never increase down the pages.
    const joined = fids.map(
      (fid) =>
        one<{ at: number }>(
          'SELECT created_at AS at FROM channel_members WHERE channel_id = ? AND fid = ?',
          ch.id,
          fid,
        ).at,
    );
    expect(joined).toEqual([...joined].sort((a, b) => b - a));
  });
});
