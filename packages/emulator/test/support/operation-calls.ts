// One realistic call per operation of both APIs, built from the emulator's own data, in an order
// where later calls may use earlier answers (a cast published, then deleted). The conformance test
// sends them with @castkit/sdk, the incumbent-SDK test with @neynar/nodejs-sdk: the parameter
// objects are the same, as the two SDKs take the same ones.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIGNED_KEY_REQUEST_DOMAIN, SIGNED_KEY_REQUEST_TYPES } from '@castkit/sdk/2.x';
import {
  FarcasterNetwork,
  ID_GATEWAY_EIP_712_DOMAIN,
  ID_GATEWAY_REGISTER_TYPE,
  KEY_GATEWAY_ADD_TYPE,
  KEY_GATEWAY_EIP_712_DOMAIN,
  Message,
  makeVerificationAddressClaim,
  Protocol,
  ViemLocalEip712Signer,
} from '@farcaster/core';
import { encodeAbiParameters, toHex } from 'viem';
import {
  generatePrivateKey,
  mnemonicToAccount,
  type PrivateKeyAccount,
  privateKeyToAccount,
} from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { EMULATOR_USDC } from '../../src/domain/ledger.js';
import type { V2Wire } from '../../src/generated/v2-wire.js';
import { fromHex } from '../../src/ground/codec.js';
import { ed25519PublicKey } from '../../src/ground/keys.js';
import { toFarcasterTime } from '../../src/index.js';
import { signMessageData } from '../../src/protocol/index.js';
import { SEED_USERS } from '../../src/seed/constants.js';
import type { startApi } from './api.js';
import { signingKeyFor } from './signing-key.js';

type Env = Awaited<ReturnType<typeof startApi>>;
type Params = Record<string, unknown>;

/** A mnemonic whose first account the calls register, for the incumbent SDK's mnemonic helper. */
export const DEVELOPER_MNEMONIC =
  'legal winner thank year wave sausage worth useful legal winner thank yellow';

const [alice, bob] = SEED_USERS;

/** A frame action as the emulator posts it to a frame's server. */
interface FramePacket {
  untrustedData: { timestamp: number | string } & Record<string, unknown>;
  trustedData: { messageBytes: string };
}

/** Seeded data the calls are built from, read through the APIs once before the first call. */
export interface CallData {
  cast: { hash: string; fid: number };
  channel: { id: string; url: string };
  user: { custody_address: string; location_lat: number | null; location_lng: number | null };
  twitter: { twitter: string } | undefined;
  reaction: { fid: number; target: string; target_fid: number };
  mention: { fid: number };
  link: { fid: number; target_fid: number };
  proof: { name: string } | undefined;
  /** A key alice has added on chain. */
  signerKey: { public_key: string };
  event: { id: number };
  led: { id: string };
  invitee: { fid: number };
  member: { fid: number };
  invite: { channel_id: string; invited_fid: number };
  subscriber: { contract_address: string; chain: string; address: string };
  token: { address: string };
  /** The local app's origin. */
  actionApp: string;
  /** The signed packets frame actions posted to the local app, oldest first. */
  framePackets: FramePacket[];
}

export interface CallContext {
  env: Env;
  data: CallData;
  /** Answers of the calls made so far, by `<api> <name>`. */
  results: Record<string, unknown>;
  /** Seconds an hour past the emulator clock: a deadline that has not passed. */
  deadline(): number;
  /** A key that signs for alice, added through the API on first use (only calls that sign write it). */
  signingKey(): Promise<Uint8Array>;
}

/** Reads what the calls need from the seeded data through the APIs, and starts a local app for actions. */
export async function callContext(env: Env): Promise<CallContext & { close(): void }> {
  const { api, hub } = env;
  const byId = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => (a.id < b.id ? -1 : 1));
  const channels = byId((await api.fetchAllChannels({ limit: 200 })).channels);
  const led = byId(channels.filter((c) => c.lead?.fid === alice!.fid))[0]!;
  const { members } = await api.fetchChannelMembers({ channelId: led.id, limit: 100 });
  const { invites } = await api.fetchChannelInvites({ channelId: led.id, limit: 100 });
  const inLed = new Set([...members.map((m) => m.user.fid), ...invites.map((i) => i.invited.fid)]);
  const [user] = (await api.fetchBulkUsers({ fids: [alice!.fid] })).users;
  // The X accounts of the first hundred users, in fid order.
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
  const xAccounts = (await api.fetchBulkUsers({ fids: hundred })).users
    .sort((a, b) => a.fid - b.fid)
    .flatMap((u) => (u.verified_accounts ?? []).filter((a) => a.platform === 'x'))
    .map((a) => ({ twitter: a.username! }));
  // The most liked cast with replies in alice's following feed.
  const feed = (await api.fetchUserFollowingFeed({ fid: alice!.fid, limit: 100 })).casts;
  const cast = feed
    .filter((c) => c.replies.count > 0)
    .sort((a, b) => b.reactions.likes_count - a.reactions.likes_count)[0]!;
  const like = (await hub.fetchUserReactions({ fid: alice!.fid, reactionType: 'Like' })).messages.find(
    (m) => m.data.reactionBody?.targetCastId,
  )!.data.reactionBody!.targetCastId!;
  const follow = (await hub.fetchUserFollowing({ fid: alice!.fid })).messages[0]!;
  const keys = await hub.fetchUserOnChainEvents({ fid: alice!.fid, eventType: 'EVENT_TYPE_SIGNER' });
  const [subscriber] = (
    await api.fetchSubscribersForFid({ fid: alice!.fid, subscriptionProvider: 'fabric_stp' })
  ).subscribers!;
  const balances = await Promise.all(
    SEED_USERS.map(({ fid }) => api.fetchUserBalance({ fid, networks: ['base'] })),
  );
  const tokens = balances.flatMap((b) => b.user_balance!.address_balances.flatMap((a) => a.token_balances));
  const packets: FramePacket[] = [];
  const data: Omit<CallData, 'actionApp'> = {
    cast: { hash: cast.hash, fid: cast.author.fid },
    channel: { id: channels[0]!.id, url: channels[0]!.url },
    user: {
      custody_address: user!.custody_address,
      location_lat: user!.profile.location?.latitude ?? null,
      location_lng: user!.profile.location?.longitude ?? null,
    },
    twitter: xAccounts[0],
    reaction: { fid: alice!.fid, target: like.hash, target_fid: like.fid },
    mention: { fid: alice!.fid },
    link: { fid: follow.data.fid, target_fid: follow.data.linkBody!.targetFid! },
    proof: (await hub.fetchUsernameProofsByFid({ fid: alice!.fid })).proofs[0],
    signerKey: {
      public_key: keys.events.flatMap((e) => ('signerEventBody' in e ? [e.signerEventBody.key] : []))[0]!,
    },
    event: { id: (await hub.fetchEvents({ fromEventId: 0 })).events[0]!.id },
    led: { id: led.id },
    invitee: { fid: firstFidNotIn(inLed) },
    member: {
      fid: Math.min(...members.filter((m) => m.role === 'member' && m.user.fid > 3).map((m) => m.user.fid)),
    },
    invite: await pendingInvite(env),
    subscriber: {
      contract_address: subscriber!.subscribed_to.contract_address!,
      chain: String(subscriber!.subscribed_to.chain),
      address: subscriber!.user.verified_addresses.primary.eth_address!,
    },
    token: { address: tokens.find((t) => t.token.symbol === 'CAST')!.token.address! },
    framePackets: packets,
  };
  let key: Promise<Uint8Array> | undefined;
  // A local app: it receives publishFarcasterAction, serves a frame page (the crawl reads its meta
  // tags) and answers frame actions posted to it with the next frame, keeping the signed packets.
  const app: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.url?.endsWith('/api/farcaster/action')) {
        res.setHeader('content-type', 'application/json').end('{"received":true}');
        return;
      }
      if (req.method === 'POST') packets.push(JSON.parse(body));
      res.setHeader('content-type', 'text/html').end(FRAME_HTML);
    });
  });
  await new Promise<void>((r) => app.listen(0, '127.0.0.1', r));
  return {
    env,
    data: { ...data, actionApp: `http://127.0.0.1:${(app.address() as AddressInfo).port}` },
    results: {},
    deadline: () => Math.floor(env.store.now() / 1000) + 3600,
    signingKey: () => (key ??= signingKeyFor(api, alice!.fid, env.store.now())),
    close: () => app.close(),
  };
}

/** The lowest fid past the seeded three not in `taken`. */
function firstFidNotIn(taken: Set<number>): number {
  let fid = 4;
  while (taken.has(fid)) fid++;
  return fid;
}

/** A pending channel invite to alice, bob or carol. */
async function pendingInvite(env: Env): Promise<CallData['invite']> {
  for (const { fid } of SEED_USERS) {
    const [invite] = (await env.api.fetchChannelInvites({ invitedFid: fid })).invites;
    if (invite) return { channel_id: invite.channel_id, invited_fid: invite.invited.fid };
  }
  throw new Error('the seed has no pending invite to alice, bob or carol');
}

/** An earlier v2 call's answer, typed as its operation's response. */
function answer<K extends keyof V2Wire>(c: CallContext, name: K): V2Wire[K]['response'] {
  const body = c.results[`v2 ${name}`];
  if (body === undefined) throw new Error(`v2 ${name} has not been called yet`);
  return body as V2Wire[K]['response'];
}

/**
 * A message's protobuf bytes in an ArrayBuffer of their own: encoders hand out views into a shared
 * pool, and axios (the incumbent SDK's transport) sends a view's whole underlying buffer.
 */
export const messageBytes = (m: Message) => new Uint8Array(Message.encode(m).finish());

/** Protobuf bytes of a cast by fid 1, signed by a key it added, stamped by the emulator clock. */
export async function signedCast(ctx: CallContext, text: string): Promise<Message> {
  return signMessageData(
    {
      type: 1,
      fid: 1,
      timestamp: toFarcasterTime(ctx.env.store.now()),
      network: 1,
      castAddBody: { text, type: 0, embeds: [], embedsDeprecated: [], mentions: [], mentionsPositions: [] },
    } as never,
    await ctx.signingKey(),
  );
}

function signKeyRequest(
  account: PrivateKeyAccount | ReturnType<typeof mnemonicToAccount>,
  fid: number,
  key: string,
  deadline: number,
) {
  return account.signTypedData({
    domain: SIGNED_KEY_REQUEST_DOMAIN,
    types: SIGNED_KEY_REQUEST_TYPES,
    primaryType: 'SignedKeyRequest',
    message: { requestFid: BigInt(fid), key: key as `0x${string}`, deadline: BigInt(deadline) },
  });
}

/** An IdGateway Register and a KeyGateway Add, signed by a fresh custody address, as an app's wallet signs them. */
export async function onchainRegistration(deadline: number) {
  const custody = privateKeyToAccount(generatePrivateKey());
  const recovery = privateKeyToAccount(generatePrivateKey()).address;
  const key = toHex(ed25519PublicKey(new Uint8Array(fromHex(generatePrivateKey()))));
  const metadata = encodeAbiParameters(
    [
      {
        type: 'tuple',
        components: [
          { name: 'requestFid', type: 'uint256' },
          { name: 'requestSigner', type: 'address' },
          { name: 'signature', type: 'bytes' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
    ],
    [
      {
        requestFid: 1n,
        requestSigner: custody.address,
        signature: `0x${'11'.repeat(65)}`,
        deadline: BigInt(deadline),
      },
    ],
  );
  const signature = await custody.signTypedData({
    domain: ID_GATEWAY_EIP_712_DOMAIN,
    types: { Register: ID_GATEWAY_REGISTER_TYPE },
    primaryType: 'Register',
    message: { to: custody.address, recovery, nonce: 0n, deadline: BigInt(deadline) },
  });
  const addSignature = await custody.signTypedData({
    domain: KEY_GATEWAY_EIP_712_DOMAIN,
    types: { Add: KEY_GATEWAY_ADD_TYPE },
    primaryType: 'Add',
    message: {
      owner: custody.address,
      keyType: 1,
      key,
      metadataType: 1,
      metadata,
      nonce: 0n,
      deadline: BigInt(deadline),
    },
  });
  return {
    registration: { custody_address: custody.address, recovery_address: recovery, deadline, signature },
    signers: [{ signature: addSignature, metadata, public_key: key, deadline }],
  };
}

// The app registered by the calls: its custody key is the developer mnemonic's first account.
const appAccount = mnemonicToAccount(DEVELOPER_MNEMONIC);
const verifier = privateKeyToAccount(`0x${'72'.repeat(32)}`);

const VERIFIED_BLOCK = `0x${'ab'.repeat(32)}`;
const MEDIA = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], {
  type: 'image/png',
});
/** A vNext frame page, as the local app serves it. */
const FRAME_HTML = `<html><head><meta name="fc:frame" content="vNext">
<meta name="fc:frame:image" content="http://127.0.0.1/next.png"><meta name="fc:frame:button:1" content="Again">
<meta name="fc:frame:input:text" content="Say something"></head></html>`;
const FRAME_PAGE = {
  uuid: '5ee1f0a2-7e6d-4c1e-9a4c-4a0f4f5b0c01',
  version: 'vNext',
  title: 'Conformance frame',
  image: { url: 'https://example.com/frame.png', aspect_ratio: '1.91:1' },
  buttons: [{ title: 'Next', index: 1, action_type: 'post' }],
};

const frameAction = (c: CallContext, text: string) => ({
  button: { index: 1, action_type: 'post', title: 'Go' },
  frames_url: `${c.data.actionApp}/frame`,
  post_url: `${c.data.actionApp}/post`,
  input: { text },
});

export type OperationCall = [key: string, params: (ctx: CallContext) => Params | Promise<Params>];

/** Reads, then writes in an order where each may use what the ones before it made. */
export const operationCalls: OperationCall[] = [
  // ---- v2 reads ------------------------------------------------------------------------------
  ['v2 fetchBulkUsers', () => ({ fids: [1, 2, 3], viewerFid: 2 })],
  ['v2 fetchBulkUsersByEthOrSolAddress', (c) => ({ addresses: [c.data.user.custody_address] })],
  ['v2 lookupUserByUsername', () => ({ username: alice!.username, viewerFid: 2 })],
  ['v2 lookupUsersByXUsername', (c) => ({ xUsername: c.data.twitter?.twitter ?? 'nobody' })],
  ['v2 searchUser', () => ({ q: 'a', viewerFid: 1, limit: 5 })],
  ['v2 lookupUserByCustodyAddress', (c) => ({ custodyAddress: c.data.user.custody_address })],
  [
    'v2 fetchUsersByLocation',
    (c) => ({ latitude: c.data.user.location_lat ?? 0, longitude: c.data.user.location_lng ?? 0 }),
  ],
  ['v2 fetchPowerUsers', () => ({ viewerFid: 1 })],
  ['v2 fetchPowerUsersLite', () => ({})],
  ['v2 getFreshAccountFID', () => ({})],
  ['v2 fetchUserInteractions', () => ({ fids: [1, 2] })],
  ['v2 lookupCastByHashOrWarpcastUrl', (c) => ({ identifier: c.data.cast.hash, type: 'hash', viewerFid: 2 })],
  ['v2 fetchBulkCasts', (c) => ({ casts: [c.data.cast.hash], viewerFid: 1 })],
  [
    'v2 lookupCastConversation',
    (c) => ({ identifier: c.data.cast.hash, type: 'hash', replyDepth: 2, viewerFid: 1 }),
  ],
  ['v2 lookupCastConversationSummary', (c) => ({ identifier: c.data.cast.hash, limit: 10 })],
  ['v2 searchCasts', () => ({ q: 'the', limit: 5 })],
  ['v2 fetchCastMetrics', () => ({ q: 'the' })],
  ['v2 fetchEmbeddedUrlMetadata', () => ({ url: 'https://example.com/' })],
  ['v2 fetchComposerActions', () => ({ list: 'top' })],
  ['v2 fetchFeed', () => ({ feedType: 'following', fid: 1, limit: 10 })],
  ['v2 fetchUserFollowingFeed', () => ({ fid: 1, viewerFid: 1 })],
  ['v2 fetchFeedForYou', () => ({ fid: 1 })],
  ['v2 fetchFeedByChannelIds', (c) => ({ channelIds: [c.data.channel.id] })],
  ['v2 fetchFeedByParentUrls', (c) => ({ parentUrls: [c.data.channel.url] })],
  ['v2 fetchTrendingFeed', () => ({ timeWindow: '24h' })],
  ['v2 fetchCastsForUser', () => ({ fid: 1, viewerFid: 2 })],
  ['v2 fetchPopularCastsByUser', () => ({ fid: 1 })],
  ['v2 fetchRepliesAndRecastsForUser', () => ({ fid: 1 })],
  ['v2 fetchFramesOnlyFeed', () => ({})],
  ['v2 fetchCastReactions', (c) => ({ hash: c.data.cast.hash, types: ['likes', 'recasts'] })],
  ['v2 fetchUserReactions', (c) => ({ fid: c.data.reaction?.fid ?? 1, type: 'likes' })],
  ['v2 fetchUserFollowers', () => ({ fid: 1, viewerFid: 2 })],
  ['v2 fetchUserFollowing', () => ({ fid: 1 })],
  ['v2 fetchRelevantFollowers', () => ({ targetFid: 1, viewerFid: 2 })],
  ['v2 fetchFollowSuggestions', () => ({ fid: 1 })],
  ['v2 fetchAllNotifications', () => ({ fid: 1 })],
  ['v2 fetchChannelNotificationsForUser', (c) => ({ fid: 1, channelIds: [c.data.channel.id] })],
  ['v2 fetchNotificationsByParentUrlForUser', (c) => ({ fid: 1, parentUrls: [c.data.channel.url] })],
  ['v2 lookupChannel', (c) => ({ id: c.data.channel.id, viewerFid: 1 })],
  ['v2 fetchBulkChannels', (c) => ({ ids: [c.data.channel.id] })],
  ['v2 fetchAllChannels', () => ({ limit: 5 })],
  ['v2 searchChannels', (c) => ({ q: c.data.channel.id.slice(0, 2) })],
  ['v2 fetchTrendingChannels', () => ({ timeWindow: '7d' })],
  ['v2 fetchFollowersForAChannel', (c) => ({ id: c.data.channel.id })],
  ['v2 fetchRelevantFollowersForAChannel', (c) => ({ id: c.data.channel.id, viewerFid: 1 })],
  ['v2 fetchChannelMembers', (c) => ({ channelId: c.data.channel.id })],
  ['v2 fetchChannelInvites', (c) => ({ channelId: c.data.channel.id })],
  ['v2 fetchUserChannels', () => ({ fid: 1 })],
  ['v2 fetchUserChannelMemberships', () => ({ fid: 1 })],
  ['v2 fetchUsersActiveChannels', () => ({ fid: 1 })],
  ['v2 isFnameAvailable', () => ({ fname: alice!.username })],
  ['v2 lookupUserStorageAllocations', () => ({ fid: 1 })],
  ['v2 lookupUserStorageUsage', () => ({ fid: 1 })],
  ['v2 lookupSigner', () => ({ signerUuid: alice!.signerUuid })],
  ['v2 lookupDeveloperManagedSigner', (c) => ({ publicKey: c.data.signerKey.public_key })],
  ['v2 fetchNonce', () => ({})],
  ['v2 fetchAuthorizationUrl', () => ({ clientId: 'castkit', responseType: 'code' })],
  ['v2 fetchMuteList', () => ({ fid: 1 })],
  ['v2 fetchBlockList', () => ({ blockerFid: 1 })],
  ['v2 fetchBanList', () => ({})],
  ['v2 fetchSubscriptionsForFid', () => ({ fid: 1, subscriptionProvider: 'fabric_stp' })],
  ['v2 fetchSubscribedToForFid', () => ({ fid: 2, subscriptionProvider: 'fabric_stp', viewerFid: 1 })],
  ['v2 fetchSubscribersForFid', () => ({ fid: 1, subscriptionProvider: 'fabric_stp', viewerFid: 2 })],
  [
    'v2 fetchSubscriptionCheck',
    (c) => ({
      addresses: [c.data.subscriber.address, '0x000000000000000000000000000000000000dead'],
      contractAddress: c.data.subscriber.contract_address,
      chainId: String(c.data.subscriber.chain),
    }),
  ],
  ['v2 fetchUserBalance', () => ({ fid: 1, networks: ['base', 'optimism'] })],
  [
    'v2 fetchRelevantFungibleOwners',
    (c) => ({ contractAddress: c.data.token.address, network: 'base', viewerFid: 1 }),
  ],
  ['v2 fetchFrameCatalog', () => ({ limit: 5, timeWindow: '7d', categories: ['games', 'social'] })],
  ['v2 fetchRelevantFrames', () => ({ viewerFid: 1, timeWindow: '7d' })],
  ['v2 fetchNeynarFrames', () => ({})],
  ['v2 searchFrames', () => ({ q: 'frame', limit: 5 })],
  ['v2 fetchFrameMetaTagsFromUrl', (c) => ({ url: `${c.data.actionApp}/frame` })],
  ['v2 fetchNotificationTokens', () => ({ limit: 10 })],
  ['v2 fetchValidateFrameList', () => ({})],
  ['v2 fetchWebhooks', () => ({})],

  // ---- v2 writes -----------------------------------------------------------------------------
  [
    'v2 publishCast',
    (c) => ({
      signerUuid: alice!.signerUuid,
      text: `conformance @${bob!.username}`,
      channelId: c.data.channel.id,
    }),
  ],
  [
    'v2 deleteCast',
    (c) => ({ signerUuid: alice!.signerUuid, targetHash: answer(c, 'publishCast').cast.hash }),
  ],
  [
    'v2 publishReaction',
    (c) => ({ signerUuid: bob!.signerUuid, reactionType: 'like', target: c.data.cast.hash }),
  ],
  [
    'v2 deleteReaction',
    (c) => ({ signerUuid: bob!.signerUuid, reactionType: 'like', target: c.data.cast.hash }),
  ],
  ['v2 followUser', () => ({ signerUuid: alice!.signerUuid, targetFids: [3] })],
  ['v2 unfollowUser', () => ({ signerUuid: alice!.signerUuid, targetFids: [3] })],
  ['v2 followChannel', (c) => ({ signerUuid: alice!.signerUuid, channelId: c.data.channel.id })],
  ['v2 unfollowChannel', (c) => ({ signerUuid: alice!.signerUuid, channelId: c.data.channel.id })],
  [
    'v2 inviteChannelMember',
    (c) => ({
      signerUuid: alice!.signerUuid,
      channelId: c.data.led.id,
      fid: c.data.invitee.fid,
      role: 'member',
    }),
  ],
  [
    'v2 respondChannelInvite',
    (c) => ({
      signerUuid: SEED_USERS.find((u) => u.fid === c.data.invite.invited_fid)!.signerUuid,
      channelId: c.data.invite.channel_id,
      role: 'member',
      accept: true,
    }),
  ],
  [
    'v2 removeChannelMember',
    (c) => ({
      signerUuid: alice!.signerUuid,
      channelId: c.data.led.id,
      fid: c.data.member.fid,
      role: 'member',
    }),
  ],
  ['v2 updateUser', () => ({ signerUuid: alice!.signerUuid, bio: 'updated by the conformance calls' })],
  [
    'v2 publishVerification',
    async () => {
      const claim = makeVerificationAddressClaim(
        bob!.fid,
        fromHex(verifier.address.toLowerCase()),
        FarcasterNetwork.MAINNET,
        fromHex(VERIFIED_BLOCK),
        Protocol.ETHEREUM,
      )._unsafeUnwrap();
      const signature = (
        await new ViemLocalEip712Signer(verifier).signVerificationEthAddressClaim(claim)
      )._unsafeUnwrap();
      return {
        signerUuid: bob!.signerUuid,
        address: verifier.address.toLowerCase(),
        blockHash: VERIFIED_BLOCK,
        ethSignature: toHex(signature),
      };
    },
  ],
  [
    'v2 deleteVerification',
    () => ({
      signerUuid: bob!.signerUuid,
      address: verifier.address.toLowerCase(),
      blockHash: VERIFIED_BLOCK,
    }),
  ],
  ['v2 markNotificationsAsSeen', () => ({ signerUuid: alice!.signerUuid })],
  ['v2 publishMute', () => ({ fid: 1, mutedFid: 2 })],
  ['v2 deleteMute', () => ({ fid: 1, mutedFid: 2 })],
  ['v2 publishBlock', () => ({ signerUuid: alice!.signerUuid, blockedFid: 40 })],
  ['v2 deleteBlock', () => ({ signerUuid: alice!.signerUuid, blockedFid: 40 })],
  ['v2 publishBans', () => ({ fids: [41, 42] })],
  ['v2 deleteBans', () => ({ fids: [41] })],
  ['v2 buyStorage', () => ({ fid: 2, units: 1 })],
  [
    'v2 registerAccount',
    async (c) => {
      const { fid } = await c.env.api.getFreshAccountFID();
      return {
        fid,
        signature: `0x${'11'.repeat(65)}`,
        requestedUserCustodyAddress: appAccount.address,
        deadline: c.deadline(),
        fname: 'conformanceapp',
      };
    },
  ],
  ['v2 createSigner', () => ({})],
  [
    'v2 registerSignedKey',
    async (c) => {
      const signer = await c.env.api.createSigner();
      const appFid = answer(c, 'registerAccount').user!.fid;
      const deadline = c.deadline();
      return {
        signerUuid: signer.signer_uuid,
        appFid,
        deadline,
        signature: await signKeyRequest(appAccount, appFid, signer.public_key, deadline),
      };
    },
  ],
  [
    'v2 registerSignedKeyForDeveloperManagedSigner',
    async (c) => {
      const publicKey = toHex(ed25519PublicKey(new Uint8Array(32).fill(9)));
      const appFid = answer(c, 'registerAccount').user!.fid;
      const deadline = c.deadline();
      return {
        publicKey,
        appFid,
        deadline,
        signature: await signKeyRequest(appAccount, appFid, publicKey, deadline),
      };
    },
  ],
  [
    'v2 fetchSigners',
    async (c) => {
      const message = createSiweMessage({
        address: appAccount.address,
        chainId: 10,
        domain: 'example.com',
        nonce: (await c.env.api.fetchNonce()).nonce,
        uri: 'https://example.com/login',
        version: '1',
      });
      return { message, signature: await appAccount.signMessage({ message }) };
    },
  ],
  ['v2 registerAccountOnchain', (c) => onchainRegistration(c.deadline())],
  [
    'v2 deployFungible',
    () => ({
      owner: verifier.address,
      symbol: 'CONF',
      name: 'Conformance Token',
      metadataMedia: MEDIA,
      metadataDescription: 'deployed by the operation calls',
    }),
  ],
  [
    'v2 sendFungiblesToUsers',
    // The body wrapped under its schema's name, as the incumbent SDK takes it (castkit takes both).
    () => ({
      xWalletId: 'operation-calls',
      transactionSendFungiblesRequest: { network: 'base', recipients: [{ fid: 1, amount: 1.25 }] },
    }),
  ],
  [
    'v2 publishMessageToFarcaster',
    async (c) => ({
      body: Message.toJSON(await signedCast(c, 'published through publishMessageToFarcaster')),
    }),
  ],
  [
    'v2 publishFarcasterAction',
    (c) => ({
      signerUuid: alice!.signerUuid,
      baseUrl: c.data.actionApp,
      action: { type: 'conformance.ping', payload: { n: 1 } },
    }),
  ],
  ['v2 publishNeynarFrame', () => ({ name: 'Conformance frame', pages: [FRAME_PAGE] })],
  ['v2 lookupNeynarFrame', (c) => ({ type: 'uuid', uuid: answer(c, 'publishNeynarFrame').uuid })],
  [
    'v2 updateNeynarFrame',
    (c) => ({
      uuid: answer(c, 'publishNeynarFrame').uuid,
      name: 'Conformance frame, renamed',
      pages: [FRAME_PAGE],
    }),
  ],
  [
    'v2 postFrameAction',
    (c) => ({ signerUuid: alice!.signerUuid, castHash: c.data.cast.hash, action: frameAction(c, 'hello') }),
  ],
  // The packet the frame received for the action above, as a frame server hands it on to validate.
  [
    'v2 validateFrameAction',
    (c) => ({
      messageBytesInHex: c.data.framePackets.at(-1)!.trustedData.messageBytes,
      castReactionContext: true,
    }),
  ],
  [
    'v2 postFrameActionDeveloperManaged',
    (c) => {
      // The packet a frame received, re-sent by its developer. The spec's packet types timestamp as a
      // string, while the packet the emulator posts to frames carries a number (noted for apps).
      const packet = c.data.framePackets.at(-1)!;
      const signaturePacket = {
        ...packet,
        untrustedData: { ...packet.untrustedData, timestamp: String(packet.untrustedData.timestamp) },
      };
      return { castHash: c.data.cast.hash, action: frameAction(c, 'again'), signaturePacket };
    },
  ],
  [
    'v2 fetchValidateFrameAnalytics',
    (c) => ({
      frameUrl: `${c.data.actionApp}/frame`,
      analyticsType: 'interactors',
      start: new Date(c.env.store.now() - 86_400_000).toISOString(),
      stop: new Date(c.env.store.now() + 1000).toISOString(),
    }),
  ],
  ['v2 deleteNeynarFrame', (c) => ({ uuid: answer(c, 'publishNeynarFrame').uuid })],
  [
    'v2 publishFrameNotifications',
    () => ({
      targetFids: [1],
      notification: {
        title: 'Hello',
        body: 'From the conformance calls',
        target_url: 'https://example.com/',
      },
    }),
  ],
  [
    'v2 createTransactionPayFrame',
    // Wrapped under its schema's name, as the incumbent SDK takes this body (castkit takes both).
    () => ({
      framePayTransactionRequestBody: {
        transaction: {
          to: {
            network: 'base',
            address: verifier.address,
            token_contract_address: EMULATOR_USDC,
            amount: 0.5,
          },
        },
        config: { line_items: [{ name: 'Coffee', description: 'One cup' }], allowlist_fids: [1, 2] },
      },
    }),
  ],
  ['v2 getTransactionPayFrame', (c) => ({ id: answer(c, 'createTransactionPayFrame').transaction_frame.id })],
  [
    'v2 publishWebhook',
    () => ({
      name: 'conformance',
      url: 'http://127.0.0.1:9/hook',
      subscription: { 'cast.created': { author_fids: [1] } },
    }),
  ],
  ['v2 lookupWebhook', (c) => ({ webhookId: answer(c, 'publishWebhook').webhook!.webhook_id })],
  [
    'v2 updateWebhook',
    (c) => ({
      webhookId: answer(c, 'publishWebhook').webhook!.webhook_id,
      name: 'conformance 2',
      url: 'http://127.0.0.1:9/hook',
    }),
  ],
  [
    'v2 updateWebhookActiveStatus',
    (c) => ({ webhookId: answer(c, 'publishWebhook').webhook!.webhook_id, active: 'false' }),
  ],
  ['v2 deleteWebhook', (c) => ({ webhookId: answer(c, 'publishWebhook').webhook!.webhook_id })],

  // ---- hub -----------------------------------------------------------------------------------
  ['hub lookupHubInfo', () => ({ dbstats: true })],
  ['hub lookupCastByHashAndFid', (c) => ({ fid: c.data.cast.fid, hash: c.data.cast.hash })],
  ['hub fetchUsersCasts', () => ({ fid: 1, pageSize: 20 })],
  ['hub fetchCastsMentioningUser', (c) => ({ fid: c.data.mention.fid })],
  ['hub fetchCastsByParent', (c) => ({ fid: c.data.cast.fid, hash: c.data.cast.hash })],
  [
    'hub lookupReactionById',
    (c) => ({
      fid: c.data.reaction.fid,
      targetFid: c.data.reaction.target_fid,
      targetHash: c.data.reaction.target,
      reactionType: 'Like',
    }),
  ],
  [
    'hub fetchCastReactions',
    (c) => ({
      targetFid: c.data.reaction.target_fid,
      targetHash: c.data.reaction.target,
      reactionType: 'Like',
    }),
  ],
  ['hub fetchUserReactions', (c) => ({ fid: c.data.reaction.fid, reactionType: 'Like' })],
  ['hub fetchReactionsByTarget', (c) => ({ url: c.data.channel.url })],
  [
    'hub lookupUserRelation',
    (c) => ({ fid: c.data.link.fid, targetFid: c.data.link.target_fid, linkType: 'follow' }),
  ],
  ['hub fetchUserFollowing', () => ({ fid: 1 })],
  ['hub fetchUserFollowers', () => ({ targetFid: 1 })],
  ['hub fetchUserData', () => ({ fid: 1, userDataType: 'USER_DATA_TYPE_BIO' })],
  ['hub fetchFids', () => ({ shardId: 1, pageSize: 3 })],
  ['hub lookupUserStorageLimit', () => ({ fid: 1 })],
  ['hub fetchUsernameProofsByFid', () => ({ fid: 1 })],
  ['hub fetchUsernameProofByName', (c) => ({ name: c.data.proof?.name ?? alice!.username })],
  ['hub fetchVerificationsByFid', () => ({ fid: 1 })],
  ['hub lookupOnChainIdRegistryEventByAddress', (c) => ({ address: c.data.user.custody_address })],
  ['hub fetchUserOnChainEvents', () => ({ fid: 1, eventType: 'EVENT_TYPE_ID_REGISTER' })],
  ['hub fetchUserOnChainSignersEvents', (c) => ({ fid: 1, signer: c.data.signerKey.public_key })],
  ['hub fetchEvents', (c) => ({ fromEventId: c.data.event.id })],
  ['hub lookupEvent', (c) => ({ eventId: c.data.event.id })],
  [
    'hub validateMessage',
    async (c) => ({ body: messageBytes(await signedCast(c, 'validated over the hub API')) }),
  ],
  [
    'hub publishMessage',
    async (c) => {
      c.env.tick(1000);
      return { body: messageBytes(await signedCast(c, 'published over the hub API')) };
    },
  ],
];
