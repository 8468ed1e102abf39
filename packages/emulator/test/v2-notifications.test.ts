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

const aliceNotifications = async (params: Record<string, unknown> = {}) =>
  conforms('fetch-all-notifications', await env.api.fetchAllNotifications({ fid: alice.fid, ...params }));

describe('notifications', () => {
  it("groups likes on a user's cast into one notification that lists who liked it", async () => {
    env.tick(1000);
    const { cast } = await env.api.publishCast({ signerUuid: alice.signerUuid, text: 'like this please' });
    env.tick(1000);
    await env.api.publishReaction({ signerUuid: bob.signerUuid, reactionType: 'like', target: cast.hash });
    env.tick(1000);
    await env.api.publishReaction({ signerUuid: carol.signerUuid, reactionType: 'like', target: cast.hash });
    const [first] = (await aliceNotifications({ type: ['likes'] })).notifications;
    expect(first).toMatchObject({ type: 'likes', count: 2, cast: { hash: cast.hash } });
    expect(first!.reactions!.map((r) => r.user.fid).sort()).toEqual([bob.fid, carol.fid]);
    expect(first!.reactions!.every((r) => r.cast.hash === cast.hash && r.object === 'likes')).toBe(true);
  });

  it('notifies a mention, a reply and a quote, one notification each', async () => {
    const mine = (await env.api.fetchCastsForUser({ fid: alice.fid, limit: 1 })).casts[0]!;
    env.tick(1000);
    const mention = await env.api.publishCast({
      signerUuid: bob.signerUuid,
      text: `ping @${alice.username}`,
    });
    env.tick(1000);
    const reply = await env.api.publishCast({
      signerUuid: carol.signerUuid,
      text: 'replying',
      parent: mine.hash,
    });
    env.tick(1000);
    const quote = await env.api.publishCast({
      signerUuid: bob.signerUuid,
      text: 'quoting',
      embeds: [{ cast_id: { fid: alice.fid, hash: mine.hash } }],
    });
    const [m] = (await aliceNotifications({ type: ['mentions'] })).notifications;
    expect(m).toMatchObject({ type: 'mention', count: 1, cast: { hash: mention.cast.hash } });
    const [r] = (await aliceNotifications({ type: ['replies'] })).notifications;
    expect(r).toMatchObject({ type: 'reply', cast: { hash: reply.cast.hash, parent_hash: mine.hash } });
    const [q] = (await aliceNotifications({ type: ['quotes'] })).notifications;
    expect(q).toMatchObject({ type: 'quote', cast: { hash: quote.cast.hash } });
    const latest = (await aliceNotifications({ limit: 3 })).notifications.map((n) => n.type);
    expect(latest).toEqual(['quote', 'reply', 'mention']);
  });

  it('groups new followers of the day into one follows notification', async () => {
    // Two users new to alice, registered by the test kit.
    const followers = [await env.fixtures.user(), await env.fixtures.user()];
    const before = (await aliceNotifications({ type: ['follows'] })).notifications[0];
    for (const f of followers) {
      env.tick(1000);
      await env.fixtures.follow(f, alice.fid);
    }
    const [n] = (await aliceNotifications({ type: ['follows'] })).notifications;
    expect(n!.type).toBe('follows');
    // Both land in the day's one notification, newest first, on top of whoever followed earlier that day.
    const earlier =
      before?.most_recent_timestamp.slice(0, 10) === n!.most_recent_timestamp.slice(0, 10)
        ? (before!.count ?? 0)
        : 0;
    expect(n!.count).toBe(earlier + 2);
    expect(n!.follows!.slice(0, 2).map((f) => f.user.fid)).toEqual([followers[1]!.fid, followers[0]!.fid]);
  });

  it('pages notifications newest first without repeating one', async () => {
    const seen = new Set<string>();
    let last = Number.POSITIVE_INFINITY;
    let cursor: string | undefined;
    for (let i = 0; i < 5; i++) {
      const page = await aliceNotifications({ limit: 4, cursor });
      for (const n of page.notifications) {
        const key = `${n.type}:${n.cast?.hash}:${n.most_recent_timestamp}`;
        expect(seen.has(key)).toBe(false);
        seen.add(key);
        const at = Date.parse(n.most_recent_timestamp);
        expect(at).toBeLessThanOrEqual(last);
        last = at;
      }
      cursor = page.next.cursor ?? undefined;
      if (!cursor) break;
    }
    expect(seen.size).toBeGreaterThan(8);
  });

  it('marks notifications seen, so only newer ones count as unseen', async () => {
    expect((await aliceNotifications()).unseen_notifications_count).toBeGreaterThan(0);
    conforms(
      'mark-notifications-as-seen',
      await env.api.markNotificationsAsSeen({ signerUuid: alice.signerUuid }),
    );
    const after = await aliceNotifications();
    expect(after.unseen_notifications_count).toBe(0);
    expect(after.notifications.every((n) => n.seen)).toBe(true);

    env.tick(5000);
    const { cast } = await env.api.publishCast({
      signerUuid: bob.signerUuid,
      text: `again @${alice.username}`,
    });
    const fresh = await aliceNotifications();
    expect(fresh.unseen_notifications_count).toBe(1);
    expect(fresh.notifications[0]).toMatchObject({ seen: false, cast: { hash: cast.hash } });
    expect(fresh.notifications[1]!.seen).toBe(true);

    // The bearer form names the signer in the Authorization header instead of the body.
    await env.api.markNotificationsAsSeen({ authorization: `Bearer ${alice.signerUuid}` });
    expect((await aliceNotifications()).unseen_notifications_count).toBe(0);
  });

  it('limits notifications to channels or parent URLs', async () => {
    const [channel, other] = (await env.api.fetchAllChannels({ limit: 2 })).channels;
    if (!channel || !other) throw new Error('the seed has fewer than two channels');
    env.tick(1000);
    const posted = await env.api.publishCast({
      signerUuid: alice.signerUuid,
      text: 'channel post',
      channelId: channel.id,
    });
    env.tick(1000);
    const reply = await env.api.publishCast({
      signerUuid: bob.signerUuid,
      text: 'channel reply',
      parent: posted.cast.hash,
    });
    const inChannel = conforms(
      'fetch-channel-notifications-for-user',
      await env.api.fetchChannelNotificationsForUser({ fid: alice.fid, channelIds: [channel.id] }),
    );
    expect(inChannel.notifications[0]).toMatchObject({ type: 'reply', cast: { hash: reply.cast.hash } });
    expect(inChannel.notifications.some((n) => n.type === 'follows')).toBe(false);
    const elsewhere = await env.api.fetchChannelNotificationsForUser({
      fid: alice.fid,
      channelIds: [other.id],
    });
    expect(elsewhere.notifications.map((n) => n.cast?.hash)).not.toContain(reply.cast.hash);
    const byUrl = conforms(
      'fetch-notifications-by-parent-url-for-user',
      await env.api.fetchNotificationsByParentUrlForUser({ fid: alice.fid, parentUrls: [channel.url] }),
    );
    expect(byUrl.notifications[0]!.cast?.hash).toBe(reply.cast.hash);
  });

  it('answers 404 for an unknown user or channel and 400 without a signer', async () => {
    expect((await failure(env.api.fetchAllNotifications({ fid: 999_999 }))).status).toBe(404);
    expect(
      (await failure(env.api.fetchChannelNotificationsForUser({ fid: 1, channelIds: ['no-such-channel'] })))
        .status,
    ).toBe(404);
    expect((await failure(env.api.markNotificationsAsSeen({}))).status).toBe(400);
    expect((await failure(env.api.markNotificationsAsSeen({ signerUuid: 'nope' }))).status).toBe(404);
  });
});
