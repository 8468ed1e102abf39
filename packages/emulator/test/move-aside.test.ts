// A seeded user moved off a fid an import takes (domain/move-aside.ts) is found whole on its new
// fid: the threads under its casts at every depth (others' replies signed again by them), others'
// reactions and quotes, its verifications (both APIs), channels and counts; the imported user on
// the old fid has none of it. Read through the SDK over real HTTP.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SEED_USERS } from '../src/seed/constants.js';
import { startApi } from './support/api.js';
import { jsonCaller } from './support/json-call.js';

let env: Awaited<ReturnType<typeof startApi>>;
const [alice, bob, carol] = SEED_USERS;
beforeAll(async () => {
  env = await startApi();
});
afterAll(() => env?.close());

type Reply = { text: string; author: { fid: number }; direct_replies?: object[] };
/** A thread as text, each reply under its parent: "author:text" at every depth (`me` read as `as`). */
const threadOf = (replies: object[], me: number, as: number): unknown[] =>
  (replies as Reply[]).map((r) => [
    `${r.author.fid === me ? as : r.author.fid}:${r.text}`,
    threadOf(r.direct_replies ?? [], me, as),
  ]);

async function snapshot(fid: number, root: string) {
  const { api, hub } = env;
  const user = (await api.fetchBulkUsers({ fids: [fid] })).users[0]!;
  const { conversation } = await api.lookupCastConversation({
    identifier: root,
    type: 'hash',
    replyDepth: 5,
  });
  const { reactions } = await api.fetchCastReactions({ hash: root, types: ['all'], limit: 100 });
  const members = (await api.fetchUserChannelMemberships({ fid, limit: 100 })).members.map(
    (m) => `${m.channel.id}:${m.role}`,
  );
  const followed = (await api.fetchUserChannels({ fid, limit: 100 })).channels.map((c) => c.id);
  const hubVerified = (await hub.fetchVerificationsByFid({ fid })).messages.map((m) =>
    String(m.data.verificationAddEthAddressBody?.address),
  );
  return {
    user,
    cast: conversation.cast,
    reactions: reactions.map((r) => `${r.reaction_type}:${r.user.fid}`).sort(),
    members: members.sort(),
    followed: followed.sort(),
    hubVerified,
  };
}

it('moves a seeded user whole: threads at every depth, others’ reactions and quotes, verifications, channels and counts', async () => {
  const { api } = env;
  // A thread under carol's cast, three deep, with carol answering inside it, a quote and reactions.
  const root = (await api.publishCast({ signerUuid: carol.signerUuid, text: 'carol asks' })).cast.hash;
  const r1 = await api.publishCast({ signerUuid: bob.signerUuid, text: 'bob answers', parent: root });
  const r2 = await api.publishCast({
    signerUuid: alice.signerUuid,
    text: 'alice adds',
    parent: r1.cast.hash,
  });
  await api.publishCast({ signerUuid: carol.signerUuid, text: 'carol thanks', parent: r2.cast.hash });
  await api.publishCast({
    signerUuid: alice.signerUuid,
    text: 'alice quotes carol',
    embeds: [{ cast_id: { fid: carol.fid, hash: root } }],
  });
  const mention = `alice waves at @${carol.username}`;
  await api.publishCast({ signerUuid: alice.signerUuid, text: mention });
  await api.publishReaction({ signerUuid: bob.signerUuid, reactionType: 'like', target: root });
  await api.publishReaction({ signerUuid: alice.signerUuid, reactionType: 'recast', target: root });
  await api.publishReaction({ signerUuid: alice.signerUuid, reactionType: 'like', target: r1.cast.hash });
  env.tick(60_000);
  const before = await snapshot(carol.fid, root);
  // What the seed gave carol and this test reads on her new fid: a verification, channels, followers.
  expect(before.user.verified_addresses.eth_addresses.length).toBeGreaterThan(0);
  expect(before.hubVerified.length).toBeGreaterThan(0);
  expect(before.members.length).toBeGreaterThan(0);
  expect(before.user.follower_count).toBeGreaterThan(0);
  expect(before.cast.replies.count).toBe(1);

  const call = jsonCaller(() => env);
  const imported = await call('POST', '/_emulator/imports', {
    users: [{ fid: carol.fid, username: 'carol-live' }],
  });
  expect(imported.status).toBe(200);
  const moved = imported.body.moved_fids[0];
  const to: number = moved.to;
  expect(moved).toMatchObject({ fid: carol.fid, verifications: before.hubVerified.length });
  expect(moved.others_casts).toBeGreaterThanOrEqual(3);
  expect(moved.others_reactions).toBeGreaterThanOrEqual(3);
  expect(moved.channels).toBe(before.members.length);

  // The old hash finds the cast on its new fid, with the same thread, reactions and counts.
  const after = await snapshot(to, root);
  expect(after.cast.author.fid).toBe(to);
  expect(threadOf(after.cast.direct_replies, carol.fid, to)).toEqual(
    threadOf(before.cast.direct_replies, carol.fid, to),
  );
  expect(threadOf(after.cast.direct_replies, carol.fid, to)).toEqual([
    [`${bob.fid}:bob answers`, [[`${alice.fid}:alice adds`, [[`${to}:carol thanks`, []]]]]],
  ]);
  expect([
    after.cast.replies.count,
    after.cast.reactions.likes_count,
    after.cast.reactions.recasts_count,
  ]).toEqual([
    before.cast.replies.count,
    before.cast.reactions.likes_count,
    before.cast.reactions.recasts_count,
  ]);
  expect(after.reactions).toEqual(before.reactions);
  // Others' casts point at the new hash: the reply by its parent, the quote by its embed.
  const reply = (await api.lookupCastByHashOrWarpcastUrl({ identifier: r1.cast.hash, type: 'hash' })).cast;
  expect([reply.parent_hash, reply.parent_author.fid, reply.reactions.likes_count]).toEqual([
    after.cast.hash,
    to,
    1,
  ]);
  const quotes = await call('GET', `/v2/farcaster/cast/quotes/?identifier=${after.cast.hash}&type=hash`);
  expect(quotes.body.casts.map((c: { text: string }) => c.text)).toEqual(['alice quotes carol']);
  const mentions = await api.fetchAllNotifications({ fid: to, type: ['mentions'] });
  expect(mentions.notifications.map((n) => n.cast?.text)).toContain(mention);
  // The user reads the same: verifications through both APIs, channels, counts.
  expect(after.user.verified_addresses).toEqual(before.user.verified_addresses);
  expect(after.hubVerified).toEqual(before.hubVerified);
  expect([after.members, after.followed]).toEqual([before.members, before.followed]);
  expect([after.user.follower_count, after.user.following_count]).toEqual([
    before.user.follower_count,
    before.user.following_count,
  ]);

  // The imported user on the old fid has none of it.
  const old = (await api.fetchBulkUsers({ fids: [carol.fid] })).users[0]!;
  expect(old.username).toBe('carol-live');
  expect(old.verified_addresses.eth_addresses).toEqual([]);
  expect([old.follower_count, old.following_count]).toEqual([0, 0]);
  expect((await env.hub.fetchVerificationsByFid({ fid: carol.fid })).messages).toEqual([]);
  expect((await api.fetchUserChannelMemberships({ fid: carol.fid, limit: 100 })).members).toEqual([]);
  expect((await api.fetchUserChannels({ fid: carol.fid, limit: 100 })).channels).toEqual([]);
  expect((await api.fetchCastsForUser({ fid: carol.fid, limit: 10, includeReplies: true })).casts).toEqual(
    [],
  );
  expect((await api.fetchAllNotifications({ fid: carol.fid })).notifications).toEqual([]);
}, 60_000);
