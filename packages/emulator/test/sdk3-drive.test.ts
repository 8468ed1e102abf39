// Today's SDK, @neynar/nodejs-sdk 3.177.0, configured as a 3.x app configures it (base path = the
// emulator's root, headers in baseOptions), against a real emulator: every social and protocol method
// of its two clients called once with realistic inputs built from the emulator's own data (the
// conformance calls, support/operation-calls.ts, where 2.44 had the operation). Each resolves, except
// the methods NOT_SERVED lists, each with its reason, which fail as it says: the list is exactly the
// set failing, so whoever serves one takes it off the list.
import { SIGNED_KEY_REQUEST_DOMAIN, SIGNED_KEY_REQUEST_TYPES } from '@castkit/sdk/2.x';
import { Configuration, NeynarAPIClient, NeynarHubClient } from '@neynar/nodejs-sdk-3';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationTable } from '../src/api/operations.js';
import { SEED_USERS } from '../src/seed/constants.js';
import { startApi } from './support/api.js';
import {
  type CallContext,
  callContext,
  DEVELOPER_MNEMONIC,
  type OperationCall,
  operationCalls,
} from './support/operation-calls.js';

/** The server wallet the 3.x app's client sends as `x-wallet-id` (3.x requires it on wallet operations). */
const WALLET_ID = 'sdk3-drive-wallet';

let env: Awaited<ReturnType<typeof startApi>>;
let ctx: CallContext & { close(): void };
let clients: { v2: NeynarAPIClient; hub: NeynarHubClient };
/** A seeded mini app's domain, for the app-host calls. */
let appDomain: string;

beforeAll(async () => {
  env = await startApi();
  ctx = await callContext(env);
  // The wallet the app's client names: one the emulator knows (3.x refuses an id it does not).
  await fetch(`${env.url}/_emulator/wallets`, {
    method: 'POST',
    headers: { 'x-api-key': env.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ id: WALLET_ID }),
  });
  clients = {
    v2: new NeynarAPIClient(
      new Configuration({
        apiKey: env.apiKey,
        basePath: env.url,
        baseOptions: { headers: { 'x-wallet-id': WALLET_ID } },
      }),
    ),
    hub: new NeynarHubClient(new Configuration({ apiKey: env.apiKey, basePath: env.url })),
  };
  const [frame] = (await env.api.fetchFrameCatalog({ limit: 1, timeWindow: '7d' })).frames;
  appDomain = new URL(frame!.frames_url).host;
});
afterAll(() => {
  ctx?.close();
  env?.close();
});

const [alice] = SEED_USERS;
const appAccount = mnemonicToAccount(DEVELOPER_MNEMONIC);
/** The address the app registers as a developer-managed auth address: an account of its own. */
const AUTH_ADDRESS = mnemonicToAccount(DEVELOPER_MNEMONIC, { addressIndex: 7 }).address;

const methodsOf = (C: { prototype: object }) =>
  Object.getOwnPropertyNames(C.prototype).filter(
    (n) => n !== 'constructor' && typeof Reflect.get(C.prototype, n) === 'function',
  );
const sdkMethods = [
  ...methodsOf(NeynarAPIClient).map((m) => `v2 ${m}`),
  ...methodsOf(NeynarHubClient).map((m) => `hub ${m}`),
];

/** Neynar's hosted products (studio, portal): not the Farcaster API, answered 501 and not driven here. */
const hosted = new Set(operationTable.filter((op) => op.hosted).map((op) => `${op.api} ${op.name}`));

/**
 * The methods that do not succeed against the emulator yet, with the status they get and why. A
 * method served later comes off this list (the test fails until it does).
 */
const NOT_SERVED: Record<string, { status: number; reason: string }> = {
  'v2 createX402Siwx': {
    status: 404,
    reason: 'not in the 3.174 spec the emulator serves: SDK 3.177 added POST /v2/signature/x402/siwx',
  },
};

/** 2.44's names of the conformance calls whose 3.x method is named otherwise. */
const RENAMED: Record<string, string> = { 'v2 lookupCastByHashOrWarpcastUrl': 'v2 lookupCastByHashOrUrl' };

/** Where a 3.x method takes other inputs than 2.44's did for the same operation. */
const INPUTS_3X: Record<string, OperationCall[1]> = {
  // 3.x takes every JSON body by its fields (2.44's SDK took these two wrapped); the wallet comes
  // from the client's headers.
  'v2 sendFungiblesToUsers': () => ({ network: 'base', recipients: [{ fid: 1, amount: 1.25 }] }),
  'v2 createTransactionPayFrame': async (c) => {
    const wrapped = await paramsOf('v2 createTransactionPayFrame')(c);
    return { ...Object(wrapped.framePayTransactionRequestBody) };
  },
  // 3.x requires the removal's signature by the verified address.
  'v2 deleteVerification': async (c) => {
    const published = await paramsOf('v2 publishVerification')(c);
    const removal = await paramsOf('v2 deleteVerification')(c);
    return { ...removal, ethSignature: published.ethSignature };
  },
};

/** Inputs of the operations 3.x added, from the emulator's data; run after the conformance calls. */
const NEW_IN_3X: OperationCall[] = [
  ['v2 appHostGetUserState', () => ({ fid: alice!.fid })],
  [
    'v2 appHostPostEvent',
    () => ({ appDomain, fid: alice!.fid, event: 'frame_added', signerUuid: alice!.signerUuid }),
  ],
  ['v2 appHostGetEvent', () => ({ appDomain, fid: alice!.fid, event: 'frame_added' })],
  [
    'v2 registerSignedKeyForDeveloperManagedAuthAddress',
    async (c) => {
      const appFid = Number(Object(Object(c.results['v2 registerAccount']).user).fid);
      const deadline = c.deadline();
      // A SignedKeyRequest from the app's custody address over the auth address, left-padded to 32 bytes.
      const signature = await appAccount.signTypedData({
        domain: SIGNED_KEY_REQUEST_DOMAIN,
        types: SIGNED_KEY_REQUEST_TYPES,
        primaryType: 'SignedKeyRequest',
        message: {
          requestFid: BigInt(appFid),
          key: `0x${AUTH_ADDRESS.slice(2).toLowerCase().padStart(64, '0')}`,
          deadline: BigInt(deadline),
        },
      });
      return { address: AUTH_ADDRESS, appFid, deadline, signature };
    },
  ],
  ['v2 lookupDeveloperManagedAuthAddress', () => ({ address: AUTH_ADDRESS })],
  ['v2 fetchCastQuotes', (c) => ({ identifier: c.data.cast.hash, type: 'hash', viewerFid: 1 })],
  ['v2 listTrendingTopics', () => ({ limit: 5 })],
  ['v2 fetchFeedByTopic', () => ({ slug: 'dev', viewerFid: 1, limit: 5 })],
  ['v2 fetchUserReciprocalFollowers', () => ({ fid: 1, viewerFid: 2, limit: 5 })],
  ['v2 getUserBestFriends', () => ({ fid: 1, limit: 5 })],
  ['v2 fetchVerifications', () => ({ fid: 2 })],
  ['v2 getNotificationCampaignStats', () => ({ limit: 5 })],
  [
    'v2 fetchBulkRelevantFungibleOwners',
    (c) => ({ contractAddresses: [c.data.token.address], network: 'base', viewerFid: 1 }),
  ],
  ['v2 fetchFungibleTrades', (c) => ({ network: 'base', address: c.data.token.address, timeWindow: '24h' })],
  ['v2 fetchTrendingFungibles', () => ({ network: 'base', timeWindow: '24h' })],
  ['v2 fetchFungibles', (c) => ({ fungibles: `eip155:8453/erc20:${c.data.token.address}`, viewerFid: 1 })],
  ['v2 getWalletBalances', (c) => ({ networks: ['base'], address: c.data.subscriber.address })],
  ['v2 getTokenMetadata', (c) => ({ network: 'base', address: c.data.token.address })],
  ['v2 batchGetTokenMetadata', (c) => ({ networks: ['base'], addresses: [c.data.token.address] })],
  [
    'v2 deployErc721',
    () => ({ deployErc721Request: { name: 'Drive Collection', symbol: 'DRIVE', network: 'base' } }),
  ],
  [
    'v2 simulateNftMint',
    (c) => ({
      recipients: JSON.stringify([{ fid: 1, quantity: 1 }]),
      nftContractAddress: String(Object(Object(c.results['v2 deployErc721']).collection).address),
      network: 'base',
    }),
  ],
  [
    'v2 mintNft',
    (c) => ({
      mintNftRequest: {
        contract_address: String(Object(Object(c.results['v2 deployErc721']).collection).address),
        network: 'base',
        recipients: [{ fid: 1 }],
      },
    }),
  ],
  [
    'v2 uploadTokenMetadata',
    (c) => ({
      uploadTokenMetadataRequest: {
        contract_address: String(Object(Object(c.results['v2 deployErc721']).collection).address),
        network: 'base',
        tokens: [{ token_id: '1', metadata: { name: 'Drive #1', image: 'https://example.com/1.png' } }],
      },
    }),
  ],
  ['v2 generateImage', () => ({ generateImageRequest: { prompt: 'a purple arch at dawn', format: 'png' } })],
  [
    'v2 createX402Signature',
    (c) => ({
      xApiKey: c.env.apiKey,
      createX402SignatureRequest: {
        payment_requirements: {
          x402Version: 1,
          accepts: [
            {
              scheme: 'exact',
              network: 'base',
              maxAmountRequired: '10000',
              asset: c.data.token.address,
              payTo: c.data.subscriber.address,
              resource: 'https://example.com/paid',
              description: 'one paid request',
              maxTimeoutSeconds: 60,
            },
          ],
        },
      },
    }),
  ],
  ['v2 createX402Siwx', (c) => ({ xApiKey: c.env.apiKey, createX402SiwxRequest: { domain: 'example.com' } })],
];

/** The SDK's helpers beyond the operations, called after them. */
const HELPERS: OperationCall[] = [
  [
    'v2 createSignerAndRegisterSignedKey',
    (c) => ({ farcasterDeveloperMnemonic: DEVELOPER_MNEMONIC, deadline: c.deadline() }),
  ],
];

function paramsOf(key: string): (c: CallContext) => Promise<Record<string, unknown>> {
  const call = operationCalls.find(([k]) => k === key);
  if (!call) throw new Error(`no conformance call ${key}`);
  return async (c) => ({ ...(await call[1](c)) });
}

/** Every call this test makes, in order: the conformance calls 3.x still has, then 3.x's new ones. */
const calls: OperationCall[] = [
  ...operationCalls
    .map(([key, params]): OperationCall => [RENAMED[key] ?? key, params])
    .filter(([key]) => sdkMethods.includes(key))
    .map(([key, params]): OperationCall => [key, INPUTS_3X[key] ?? params]),
  ...NEW_IN_3X,
  ...HELPERS,
];

/** Calls a client method by name, as an app would; a failure becomes its status and body. */
async function send(key: string, params: Record<string, unknown>) {
  const [api, name] = key.split(' ') as ['v2' | 'hub', string];
  const client = clients[api];
  const method: unknown = Reflect.get(client, name);
  if (typeof method !== 'function') throw new Error(`${key} is no method of the 3.x SDK`);
  try {
    return { ok: true as const, answer: await Reflect.apply(method, client, [params]) };
  } catch (e) {
    const response = Object(Object(e).response);
    return { ok: false as const, status: response.status, data: response.data, message: String(e) };
  }
}

describe('@neynar/nodejs-sdk 3.177.0 as a 3.x app against the emulator', () => {
  it('has 201 methods: every social and protocol one is called here, the hosted products are not', () => {
    expect(sdkMethods).toHaveLength(201);
    const called = new Set(calls.map(([key]) => key));
    expect(calls).toHaveLength(called.size);
    expect(sdkMethods.filter((m) => !hosted.has(m) && !called.has(m))).toEqual([]);
    expect([...called].filter((m) => hosted.has(m))).toEqual([]);
    expect(hosted.size).toBe(42);
    for (const key of Object.keys(NOT_SERVED)) expect(called.has(key), key).toBe(true);
  });

  for (const [key, params] of calls) {
    it(key, async () => {
      const result = await send(key, await params(ctx));
      const expected = NOT_SERVED[key];
      if (!expected) {
        expect(result.ok, `${key}: ${JSON.stringify(result)}`).toBe(true);
        if (result.ok) {
          ctx.results[key] = result.answer;
          // Every method answers something: an object (a list, a page, a success flag), never nothing.
          expect(result.answer, key).toBeTypeOf('object');
          expect(result.answer, key).not.toBeNull();
        }
        return;
      }
      expect(result.ok, `${key} is served now: take it off NOT_SERVED`).toBe(false);
      if (!result.ok) {
        expect([result.status, result.data], `${key}: ${expected.reason}`).toEqual([
          expected.status,
          expected.status === 501
            ? expect.objectContaining({ message: `${key.split(' ')[1]} is not emulated yet` })
            : expect.anything(),
        ]);
      }
    });
  }
});
