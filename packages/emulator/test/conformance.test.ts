// Every emulated operation's response, validated against the official spec's response schema.
// Exceptions, where the spec and sensible behaviour disagree, live in ./conformance-exceptions.ts.
import { hubOperations, v2Operations } from '@castkit/sdk';
import { Message } from '@farcaster/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signMessageData, toFarcasterTime } from '../src/index.js';
import { SEED_USERS } from '../src/seed/constants.js';
import { conformanceExceptions } from './conformance-exceptions.js';
import { startApi } from './support/api.js';
import { SpecValidator } from './support/spec-validator.js';

let env: Awaited<ReturnType<typeof startApi>>;
let data: Record<string, any>;
const v2Spec = new SpecValidator('neynar-v2.yaml');
const hubSpec = new SpecValidator('hub-v1.yaml');

beforeAll(async () => {
  env = await startApi();
  const one = <T>(sql: string, ...args: unknown[]) => env.store.db.prepare(sql).get(...args) as T;
  const cast = one<{ hash: string; fid: number }>(
    'SELECT hash, fid FROM casts WHERE deleted = 0 AND replies_count > 0 ORDER BY likes_count DESC LIMIT 1',
  );
  const channel = one<{ id: string; url: string }>('SELECT id, url FROM channels ORDER BY id LIMIT 1');
  const user = one<{
    custody_address: string;
    twitter: string | null;
    location_lat: number;
    location_lng: number;
  }>('SELECT * FROM users WHERE fid = 1');
  const twitter = one<{ twitter: string } | undefined>(
    'SELECT twitter FROM users WHERE twitter IS NOT NULL LIMIT 1',
  );
  const reaction = one<{ fid: number; target: string; target_fid: number }>(
    'SELECT fid, target, target_fid FROM reactions WHERE type = 1 AND target_fid IS NOT NULL LIMIT 1',
  );
  const mention = one<{ fid: number }>('SELECT fid FROM cast_mentions LIMIT 1');
  const link = one<{ fid: number; target_fid: number }>('SELECT fid, target_fid FROM links LIMIT 1');
  const proof = one<{ name: string } | undefined>('SELECT name FROM username_proofs LIMIT 1');
  const signerKey = one<{ public_key: string; private_key: Buffer }>(
    'SELECT public_key, private_key FROM signers WHERE fid = 1 LIMIT 1',
  );
  const signerPrivateKey = new Uint8Array(signerKey.private_key);
  const event = one<{ id: number }>('SELECT MIN(id) AS id FROM hub_events');
  data = { cast, channel, user, twitter, reaction, mention, link, proof, signerKey, signerPrivateKey, event };
});
afterAll(() => env.close());

const alice = SEED_USERS[0];
const bob = SEED_USERS[1];

/** Read calls: representative parameters per operation, from the seeded data. */
const v2Reads: Record<string, () => Record<string, unknown>> = {
  fetchBulkUsers: () => ({ fids: [1, 2, 3], viewerFid: 2 }),
  fetchBulkUsersByEthOrSolAddress: () => ({ addresses: [data.user.custody_address] }),
  lookupUserByUsername: () => ({ username: alice.username, viewerFid: 2 }),
  lookupUsersByXUsername: () => ({ xUsername: data.twitter?.twitter ?? 'nobody' }),
  searchUser: () => ({ q: 'a', viewerFid: 1, limit: 5 }),
  lookupUserByCustodyAddress: () => ({ custodyAddress: data.user.custody_address }),
  fetchUsersByLocation: () => ({
    latitude: data.user.location_lat ?? 0,
    longitude: data.user.location_lng ?? 0,
  }),
  fetchPowerUsers: () => ({ viewerFid: 1 }),
  fetchPowerUsersLite: () => ({}),
  getFreshAccountFID: () => ({}),
  fetchUserInteractions: () => ({ fids: [1, 2] }),
  lookupCastByHashOrWarpcastUrl: () => ({ identifier: data.cast.hash, type: 'hash', viewerFid: 2 }),
  fetchBulkCasts: () => ({ casts: [data.cast.hash], viewerFid: 1 }),
  lookupCastConversation: () => ({ identifier: data.cast.hash, type: 'hash', replyDepth: 2, viewerFid: 1 }),
  searchCasts: () => ({ q: 'the', limit: 5 }),
  fetchCastMetrics: () => ({ q: 'the' }),
  fetchEmbeddedUrlMetadata: () => ({ url: 'https://example.com/' }),
  fetchComposerActions: () => ({ list: 'top' }),
  fetchFeed: () => ({ feedType: 'following', fid: 1, limit: 10 }),
  fetchUserFollowingFeed: () => ({ fid: 1, viewerFid: 1 }),
  fetchFeedForYou: () => ({ fid: 1 }),
  fetchFeedByChannelIds: () => ({ channelIds: [data.channel.id] }),
  fetchFeedByParentUrls: () => ({ parentUrls: [data.channel.url] }),
  fetchTrendingFeed: () => ({ timeWindow: '24h' }),
  fetchCastsForUser: () => ({ fid: 1, viewerFid: 2 }),
  fetchPopularCastsByUser: () => ({ fid: 1 }),
  fetchRepliesAndRecastsForUser: () => ({ fid: 1 }),
  fetchFramesOnlyFeed: () => ({}),
  fetchCastReactions: () => ({ hash: data.cast.hash, types: ['likes', 'recasts'] }),
  fetchUserReactions: () => ({ fid: data.reaction?.fid ?? 1, type: 'likes' }),
  fetchUserFollowers: () => ({ fid: 1, viewerFid: 2 }),
  fetchUserFollowing: () => ({ fid: 1 }),
  fetchRelevantFollowers: () => ({ targetFid: 1, viewerFid: 2 }),
  fetchFollowSuggestions: () => ({ fid: 1 }),
  fetchAllNotifications: () => ({ fid: 1 }),
  fetchChannelNotificationsForUser: () => ({ fid: 1, channelIds: [data.channel.id] }),
  fetchNotificationsByParentUrlForUser: () => ({ fid: 1, parentUrls: [data.channel.url] }),
  lookupChannel: () => ({ id: data.channel.id, viewerFid: 1 }),
  fetchBulkChannels: () => ({ ids: [data.channel.id] }),
  fetchAllChannels: () => ({ limit: 5 }),
  searchChannels: () => ({ q: data.channel.id.slice(0, 2) }),
  fetchTrendingChannels: () => ({ timeWindow: '7d' }),
  fetchFollowersForAChannel: () => ({ id: data.channel.id }),
  fetchRelevantFollowersForAChannel: () => ({ id: data.channel.id, viewerFid: 1 }),
  fetchChannelMembers: () => ({ channelId: data.channel.id }),
  fetchChannelInvites: () => ({ channelId: data.channel.id }),
  fetchUserChannels: () => ({ fid: 1 }),
  fetchUserChannelMemberships: () => ({ fid: 1 }),
  fetchUsersActiveChannels: () => ({ fid: 1 }),
  isFnameAvailable: () => ({ fname: alice.username }),
  lookupUserStorageAllocations: () => ({ fid: 1 }),
  lookupUserStorageUsage: () => ({ fid: 1 }),
  lookupSigner: () => ({ signerUuid: alice.signerUuid }),
  lookupDeveloperManagedSigner: () => ({ publicKey: data.signerKey.public_key }),
  fetchNonce: () => ({}),
  fetchAuthorizationUrl: () => ({ clientId: 'castkit', responseType: 'code' }),
  fetchMuteList: () => ({ fid: 1 }),
  fetchBlockList: () => ({ blockerFid: 1 }),
  fetchBanList: () => ({}),
};

/** Write calls run in this order (later ones may depend on earlier ones). */
const v2Writes: [string, () => Record<string, unknown>][] = [
  [
    'publishCast',
    () => ({
      signerUuid: alice.signerUuid,
      text: `conformance @${bob.username}`,
      channelId: data.channel.id,
    }),
  ],
  ['publishReaction', () => ({ signerUuid: bob.signerUuid, reactionType: 'like', target: data.cast.hash })],
  ['deleteReaction', () => ({ signerUuid: bob.signerUuid, reactionType: 'like', target: data.cast.hash })],
  ['followUser', () => ({ signerUuid: alice.signerUuid, targetFids: [3] })],
  ['unfollowUser', () => ({ signerUuid: alice.signerUuid, targetFids: [3] })],
  ['followChannel', () => ({ signerUuid: alice.signerUuid, channelId: data.channel.id })],
  ['unfollowChannel', () => ({ signerUuid: alice.signerUuid, channelId: data.channel.id })],
  ['updateUser', () => ({ signerUuid: alice.signerUuid, bio: 'updated by the conformance test' })],
  ['markNotificationsAsSeen', () => ({ signerUuid: alice.signerUuid })],
  ['createSigner', () => ({})],
  ['publishMute', () => ({ fid: 1, mutedFid: 2 })],
  ['deleteMute', () => ({ fid: 1, mutedFid: 2 })],
];

/**
 * Hub read calls: one or more parameter sets per operation, so each shape an operation can answer
 * (a page or one message, each on-chain event type, a signer filter) is checked.
 */
const hubReads: Record<string, () => Record<string, unknown>[]> = {
  lookupHubInfo: () => [{ dbstats: true }, { dbstats: false }],
  lookupCastByHashAndFid: () => [{ fid: data.cast.fid, hash: data.cast.hash }],
  fetchUsersCasts: () => [{ fid: 1, pageSize: 20 }],
  fetchCastsMentioningUser: () => [{ fid: data.mention.fid }],
  fetchCastsByParent: () => [{ fid: data.cast.fid, hash: data.cast.hash }, { url: data.channel.url }],
  lookupReactionById: () => [
    {
      fid: data.reaction.fid,
      targetFid: data.reaction.target_fid,
      targetHash: data.reaction.target,
      reactionType: 'Like',
    },
  ],
  fetchCastReactions: () => [
    // Hubs also accept the numeric spelling of a reaction type.
    { targetFid: data.reaction.target_fid, targetHash: data.reaction.target, reactionType: 1 },
  ],
  fetchUserReactions: () => [{ fid: data.reaction.fid, reactionType: 'Like' }],
  fetchReactionsByTarget: () => [{ url: data.channel.url }, { url: data.channel.url, reactionType: 'Like' }],
  lookupUserRelation: () => [{ fid: data.link.fid, targetFid: data.link.target_fid, linkType: 'follow' }],
  fetchUserFollowing: () => [{ fid: 1 }],
  fetchUserFollowers: () => [{ targetFid: 1 }],
  fetchUserData: () => [{ fid: 1 }, { fid: 1, userDataType: 'USER_DATA_TYPE_BIO' }],
  fetchFids: () => [{ shardId: 1, pageSize: 3 }, { shardId: 0 }],
  lookupUserStorageLimit: () => [{ fid: 1 }],
  fetchUsernameProofsByFid: () => [{ fid: 1 }],
  fetchUsernameProofByName: () => [{ name: data.proof?.name ?? alice.username }],
  fetchVerificationsByFid: () => [{ fid: 1 }],
  lookupOnChainIdRegistryEventByAddress: () => [{ address: data.user.custody_address }],
  fetchUserOnChainEvents: () =>
    ['EVENT_TYPE_SIGNER', 'EVENT_TYPE_ID_REGISTER', 'EVENT_TYPE_STORAGE_RENT'].map((eventType) => ({
      fid: 1,
      eventType,
    })),
  fetchUserOnChainSignersEvents: () => [{ fid: 1 }, { fid: 1, signer: data.signerKey.public_key }],
  fetchEvents: () => [{ fromEventId: data.event.id }],
  lookupEvent: () => [{ eventId: data.event.id }],
};

/** Protobuf bytes of a cast by fid 1, signed by one of its seeded signers, stamped by the emulator clock. */
function signedCast(privateKey: Uint8Array, text: string): Uint8Array {
  const data = {
    type: 1,
    fid: 1,
    timestamp: toFarcasterTime(env.store.now()),
    network: 1,
    castAddBody: { text, type: 0, embeds: [], embedsDeprecated: [], mentions: [], mentionsPositions: [] },
  };
  return Message.encode(signMessageData(data as never, privateKey)).finish();
}

async function check(api: 'v2' | 'hub', name: string, params: Record<string, unknown>) {
  const client: any = api === 'v2' ? env.api : env.hub;
  const op = (api === 'v2' ? v2Operations : hubOperations)[name as never] as { id: string };
  const body = await client[name](params);
  const errors = (api === 'v2' ? v2Spec : hubSpec).errors(op.id, body);
  const allowed = conformanceExceptions[`${api} ${name}`] ?? [];
  const excused = errors.filter((e) => allowed.some((a) => e.includes(a.path)));
  // An excused mismatch inside one branch of a root oneOf makes Ajv also report the branches the
  // body did not take (missing properties at the root, "must match exactly one schema"); those go with it.
  const consequence = (e: string) =>
    excused.length > 0 && /^\/ must (have required property|match exactly one schema)/.test(e);
  const unexplained = errors.filter((e) => !excused.includes(e) && !consequence(e));
  expect(unexplained, `${name} response does not match the spec`).toEqual([]);
}

describe('v2 responses match the spec', () => {
  it.each(Object.keys(v2Reads))('%s', async (name) => {
    await check('v2', name, v2Reads[name]!());
  });
  it('write operations, in sequence', async () => {
    for (const [name, params] of v2Writes) await check('v2', name, params());
  });
});

describe('webhook operations match the spec', () => {
  it('valid calls, in sequence: create, look up, list, update, turn off, delete', async () => {
    const subscription = { 'cast.created': { author_fids: [1], text: '(?i)hello' }, 'follow.created': {} };
    await check('v2', 'publishWebhook', { name: 'conformance', url: 'http://127.0.0.1:9/', subscription });
    const webhookId = (await env.api.fetchWebhooks()).webhooks[0]!.webhook_id;
    await check('v2', 'lookupWebhook', { webhookId });
    await check('v2', 'fetchWebhooks', {});
    await check('v2', 'updateWebhook', {
      webhookId,
      name: 'renamed',
      url: 'http://127.0.0.1:9/x',
      subscription,
    });
    await check('v2', 'updateWebhookActiveStatus', { webhookId, active: 'false' });
    await check('v2', 'deleteWebhook', { webhookId });
  });

  it('invalid calls get a 4xx naming the field', async () => {
    const url = 'http://127.0.0.1:9/';
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['publishWebhook', { name: 'x', url: 'not a url' }, 400, 'url'],
      [
        'publishWebhook',
        { name: 'x', url, subscription: { 'cast.created': { text: '(a*)*' } } },
        400,
        'subscription.cast.created.text',
      ],
      ['updateWebhook', { webhookId: 'missing', name: 'x', url }, 404, 'webhook_id'],
      ['updateWebhookActiveStatus', { webhookId: 'missing', active: 'true' }, 404, 'webhook_id'],
      ['deleteWebhook', { webhookId: 'missing' }, 404, 'webhook_id'],
      ['lookupWebhook', { webhookId: 'missing' }, 404, 'webhook_id'],
    ];
    for (const [name, params, status, property] of cases) {
      const error = await (env.api as any)[name](params).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, name).toMatchObject({ status, property });
    }
  });
});

describe('hub responses match the spec', () => {
  it.each(Object.keys(hubReads))('%s', async (name) => {
    for (const params of hubReads[name]!()) await check('hub', name, params);
  });
  it('publishMessage and validateMessage, with a message signed by a seeded signer', async () => {
    const bytes = signedCast(data.signerPrivateKey, 'conformance over the hub API');
    await check('hub', 'validateMessage', { body: bytes });
    await check('hub', 'publishMessage', { body: bytes });
  });
});
