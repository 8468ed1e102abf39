// Subscriptions, the simulated on-chain operations and the pre-signed writes, merged for v2/index.ts.
import type { V2Handlers } from '../../api/dispatch.js';
import { farcasterActionHandlers } from './farcaster-actions.js';
import { fungibleHandlers } from './fungibles.js';
import { nftHandlers } from './nfts.js';
import { onchainHandlers } from './onchain.js';
import { subscriptionHandlers } from './subscriptions.js';

export const restHandlers: V2Handlers = {
  ...subscriptionHandlers,
  ...onchainHandlers,
  ...fungibleHandlers,
  ...nftHandlers,
  ...farcasterActionHandlers,
};
