// Per CRDT key the later message wins, for every kind that has one: a message older than the key's
// current one is refused with a 409 and changes nothing; a newer one replaces it.
import {
  hexStringToBytes,
  Message,
  type MessageData,
  makeVerificationAddressClaim,
  ViemLocalEip712Signer,
} from '@farcaster/core';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toFarcasterTime } from '../src/index.js';
import { signMessageData } from '../src/protocol/index.js';
import { SEED_USERS } from '../src/seed/constants.js';
import { startApi, TEST_NOW } from './support/api.js';
import { nextHubEventId } from './support/reads.js';
import { signingKeyFor } from './support/signing-key.js';

let env: Awaited<ReturnType<typeof startApi>>;
let aliceKey: Uint8Array;
beforeAll(async () => {
  env = await startApi();
  aliceKey = await signingKeyFor(env.api, SEED_USERS[0].fid, TEST_NOW);
});
afterAll(() => env.close());

// A minute ahead of the clock (a hub allows ten): newer than anything the seed wrote for alice.
const T = toFarcasterTime(TEST_NOW) + 60;

/** Signs alice's message with an explicit timestamp and submits it over HTTP to the hub API. */
async function submit(timestamp: number, body: Partial<MessageData> & { type: number }) {
  const m = signMessageData({ fid: 1, network: 1, ...body, timestamp } as MessageData, aliceKey);
  const res = await fetch(`${env.url}/v1/submitMessage`, {
    method: 'POST',
    body: Message.encode(m).finish() as BodyInit,
    headers: { 'x-api-key': env.apiKey, 'content-type': 'application/octet-stream' },
  });
  return { status: res.status, body: await res.json(), hash: `0x${Buffer.from(m.hash).toString('hex')}` };
}

/** The hash of the message a hub lookup answers, or undefined when it answers 404. */
async function hashOr404(lookup: Promise<{ hash: string }>): Promise<string | undefined> {
  try {
    return (await lookup).hash;
  } catch (e) {
    if ((e as { status?: number }).status === 404) return undefined;
    throw e;
  }
}

interface Kind {
  name: string;
  what: RegExp;
  current: () => Promise<Partial<MessageData> & { type: number }>;
  older: () => Promise<Partial<MessageData> & { type: number }>;
  newer: () => Promise<Partial<MessageData> & { type: number }>;
  /** The hash of the key's current message as the hub answers it, or undefined when there is none. */
  state: () => Promise<string | undefined>;
  /** True when the newer message is a remove, so the key ends up empty. */
  newerRemoves: boolean;
}

const url = 'https://example.com/last-write-wins';
const owner = privateKeyToAccount(`0x${'42'.repeat(32)}`);
const address = hexStringToBytes(owner.address)._unsafeUnwrap();
const blockHash = hexStringToBytes(`0x${'ab'.repeat(32)}`)._unsafeUnwrap();

async function verificationAdd() {
  const claim = makeVerificationAddressClaim(1, address, 1, blockHash, 0)._unsafeUnwrap();
  const claimSignature = (
    await new ViemLocalEip712Signer(owner).signVerificationEthAddressClaim(claim)
  )._unsafeUnwrap();
  return {
    type: 7,
    verificationAddAddressBody: {
      address,
      blockHash,
      claimSignature,
      verificationType: 0,
      chainId: 0,
      protocol: 0,
    },
  };
}

const kinds: Kind[] = [
  {
    name: 'a reaction',
    what: /newer reaction/,
    current: async () => ({ type: 3, reactionBody: { type: 1, targetUrl: url } }),
    older: async () => ({ type: 4, reactionBody: { type: 1, targetUrl: url } }),
    newer: async () => ({ type: 4, reactionBody: { type: 1, targetUrl: url } }),
    state: async () =>
      (await env.hub.fetchReactionsByTarget({ url, reactionType: 'Like' })).messages.find(
        (m) => m.data.fid === 1,
      )?.hash,
    newerRemoves: true,
  },
  {
    name: 'a follow',
    what: /newer link/,
    current: async () => ({ type: 5, linkBody: { type: 'follow', targetFid: 3 } }),
    older: async () => ({ type: 6, linkBody: { type: 'follow', targetFid: 3 } }),
    newer: async () => ({ type: 6, linkBody: { type: 'follow', targetFid: 3 } }),
    state: () => hashOr404(env.hub.lookupUserRelation({ fid: 1, targetFid: 3, linkType: 'follow' })),
    newerRemoves: true,
  },
  {
    name: 'a user data value',
    what: /newer value for this user data type/,
    current: async () => ({ type: 11, userDataBody: { type: 3, value: 'the current bio' } }),
    older: async () => ({ type: 11, userDataBody: { type: 3, value: 'an older bio' } }),
    newer: async () => ({ type: 11, userDataBody: { type: 3, value: 'a newer bio' } }),
    state: () =>
      hashOr404(
        env.hub
          .fetchUserData({ fid: 1, userDataType: 'USER_DATA_TYPE_BIO' })
          // Asked for one type, the hub answers that one message.
          .then((r) => ('messages' in r ? r.messages[0]! : r)),
      ),
    newerRemoves: false,
  },
  {
    name: 'a verification',
    what: /newer verification/,
    current: verificationAdd,
    older: verificationAdd,
    newer: async () => ({ type: 8, verificationRemoveBody: { address, protocol: 0 } }),
    state: async () =>
      (await env.hub.fetchVerificationsByFid({ fid: 1, address: owner.address.toLowerCase() })).messages[0]
        ?.hash,
    newerRemoves: true,
  },
];

describe('last write wins, per CRDT key', () => {
  for (const kind of kinds) {
    it(`refuses ${kind.name} older than the current one with 409, and lets a newer one replace it`, async () => {
      const current = await submit(T, await kind.current());
      expect(current.status, JSON.stringify(current.body)).toBe(200);
      expect(await kind.state()).toBe(current.hash);

      // Refused, and kept nowhere: the key still answers the current message, the event log did not grow.
      const nextEvent = await nextHubEventId(env.hub);
      const older = await submit(T - 5, await kind.older());
      expect(older.status).toBe(409);
      expect(older.body).toMatchObject({ name: 'HubError', details: expect.stringMatching(kind.what) });
      expect(await kind.state()).toBe(current.hash);
      expect(await nextHubEventId(env.hub)).toBe(nextEvent);

      const newer = await submit(T + 5, await kind.newer());
      expect(newer.status, JSON.stringify(newer.body)).toBe(200);
      expect(await kind.state()).toBe(kind.newerRemoves ? undefined : newer.hash);
      // Its merge event names the message it replaced.
      const event = await env.hub.lookupEvent({ eventId: nextEvent });
      const merged = 'mergeMessageBody' in event ? event.mergeMessageBody : undefined;
      expect(merged?.message.hash).toBe(newer.hash);
      expect(merged?.deletedMessages.map((m) => m.hash)).toEqual([current.hash]);
    });
  }

  it('breaks a tie of timestamps by the higher hash', async () => {
    const a = signMessageData(
      {
        type: 11,
        fid: 1,
        network: 1,
        timestamp: T + 30,
        userDataBody: { type: 2, value: 'Tie A' },
      } as MessageData,
      aliceKey,
    );
    const b = signMessageData(
      {
        type: 11,
        fid: 1,
        network: 1,
        timestamp: T + 30,
        userDataBody: { type: 2, value: 'Tie B' },
      } as MessageData,
      aliceKey,
    );
    const [low, high] = Buffer.compare(Buffer.from(a.hash), Buffer.from(b.hash)) < 0 ? [a, b] : [b, a];
    const post = (m: typeof a) =>
      fetch(`${env.url}/v1/submitMessage`, {
        method: 'POST',
        body: Message.encode(m).finish() as BodyInit,
        headers: { 'x-api-key': env.apiKey, 'content-type': 'application/octet-stream' },
      }).then((r) => r.status);
    expect(await post(high)).toBe(200);
    expect(await post(low)).toBe(409);
    const { users } = await env.api.fetchBulkUsers({ fids: [1] });
    expect(users[0]!.display_name).toBe(high.data!.userDataBody!.value);
  });
});
