// The calls a 3.x caller makes: the conformance calls of the operations 3.x kept (operation-calls.ts,
// under today's names, with 3.x's inputs where they changed), then the operations 3.x added, with
// realistic inputs from the emulator's own data. The 3.x SDK drive (sdk3-drive.test.ts) sends them
// with @neynar/nodejs-sdk 3.177, the conformance test with @castkit/sdk's 3.x tables in both path forms.
import { SIGNED_KEY_REQUEST_DOMAIN, SIGNED_KEY_REQUEST_TYPES } from '@castkit/sdk/2.x';
import { mnemonicToAccount } from 'viem/accounts';
import { SEED_USERS } from '../../src/seed/constants.js';
import {
  type CallContext,
  DEVELOPER_MNEMONIC,
  type OperationCall,
  operationCalls,
} from './operation-calls.js';

const [alice] = SEED_USERS;
const appAccount = mnemonicToAccount(DEVELOPER_MNEMONIC);
/** The address the app registers as a developer-managed auth address: an account of its own. */
export const AUTH_ADDRESS = mnemonicToAccount(DEVELOPER_MNEMONIC, { addressIndex: 7 }).address;

/** 2.44's names of the conformance calls whose 3.x method is named otherwise. */
export const RENAMED: Record<string, string> = {
  'v2 lookupCastByHashOrWarpcastUrl': 'v2 lookupCastByHashOrUrl',
};

export function paramsOf(key: string): (c: CallContext) => Promise<Record<string, unknown>> {
  const call = operationCalls.find(([k]) => k === key);
  if (!call) throw new Error(`no conformance call ${key}`);
  return async (c) => ({ ...(await call[1](c)) });
}

/** Where a 3.x call takes other inputs than 2.44's did for the same operation. */
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

/** A seeded mini app's domain, for the app-host calls. */
async function appDomain(c: CallContext): Promise<string> {
  const [frame] = (await c.env.api.fetchFrameCatalog({ limit: 1, timeWindow: '7d' })).frames;
  return new URL(frame!.frames_url).host;
}

/** The address of the collection the calls deployed (deployErc721). */
const collection = (c: CallContext) =>
  String(Object(Object(c.results['v2 deployErc721']).collection).address);

/** Inputs of the operations 3.x added, from the emulator's data; run after the conformance calls. */
const NEW_IN_3X: OperationCall[] = [
  ['v2 appHostGetUserState', () => ({ fid: alice!.fid })],
  [
    'v2 appHostPostEvent',
    async (c) => ({
      appDomain: await appDomain(c),
      fid: alice!.fid,
      event: 'frame_added',
      signerUuid: alice!.signerUuid,
    }),
  ],
  [
    'v2 appHostGetEvent',
    async (c) => ({ appDomain: await appDomain(c), fid: alice!.fid, event: 'frame_added' }),
  ],
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
      nftContractAddress: collection(c),
      network: 'base',
    }),
  ],
  [
    'v2 mintNft',
    (c) => ({
      mintNftRequest: { contract_address: collection(c), network: 'base', recipients: [{ fid: 1 }] },
    }),
  ],
  [
    'v2 uploadTokenMetadata',
    (c) => ({
      uploadTokenMetadataRequest: {
        contract_address: collection(c),
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
];

/**
 * Every call a 3.x caller makes, in order, keyed by today's names: the conformance calls of the
 * operations `has` says 3.x kept, then the ones 3.x added.
 */
export function operationCalls3(has: (key: string) => boolean): OperationCall[] {
  return [
    ...operationCalls
      .map(([key, params]): OperationCall => [RENAMED[key] ?? key, INPUTS_3X[key] ?? params])
      .filter(([key]) => has(key)),
    ...NEW_IN_3X,
  ];
}
