// STP subscriptions (the seed's, on the emulator's copy of Base): what a creator created, what a
// user subscribed to, who subscribes to a creator, and the contract's check by address.
import type { Subscription, SubscriptionTier } from '@castkit/sdk/2.x';
import type { V2Handlers } from '../../api/dispatch.js';
import { NotFoundError, ValidationError } from '../../ground/errors.js';
import { hydrateUserList, requireUser } from '../../hydrate/user.js';
import { isoTime } from '../../store/clock.js';
import {
  type SubscriberRow,
  type SubscriptionRow,
  subscribersByAddress,
  subscribersOfCreator,
  subscriptionByContract,
  subscriptionsCreatedBy,
  subscriptionsOfFid,
} from '../../store/queries/subscriptions.js';
import { capped, EVM_ADDRESS, viewOf } from './social-common.js';

const PROVIDER = 'fabric_stp';

function tierOf(row: SubscriptionRow): SubscriptionTier {
  return {
    id: 1,
    price: {
      period_duration_seconds: row.period_seconds,
      tokens_per_period: row.tokens_per_period,
      initial_mint_price: row.initial_mint_price,
    },
  };
}

function subscriptionBody(row: SubscriptionRow): Subscription {
  return {
    object: 'subscription',
    provider_name: PROVIDER,
    contract_address: row.contract_address,
    chain: row.chain,
    metadata: { title: row.title, symbol: row.symbol, art_url: row.art_url },
    owner_address: row.owner_address,
    price: tierOf(row).price as Subscription['price'],
    tiers: [tierOf(row)],
    protocol_version: 1,
    // Priced in the network's native coin, as STP v1 contracts are.
    token: { symbol: 'ETH', address: null, decimals: 18, erc20: false },
  };
}

export const subscriptionHandlers: V2Handlers = {
  fetchSubscriptionsForFid({ store, params }) {
    requireUser(store, params.fid, 'fid');
    const created = subscriptionsCreatedBy(store, params.fid).map(subscriptionBody);
    // The spec nests the list once more (an array of { subscriptions_created }); one group per creator.
    return { subscriptions_created: created.length ? [{ subscriptions_created: created }] : [] };
  },

  fetchSubscribedToForFid(call) {
    const { store, params } = call;
    requireUser(store, params.fid, 'fid');
    const view = viewOf(call);
    const rows = subscriptionsOfFid(store, params.fid);
    const creators = new Map(
      hydrateUserList(store, [...new Set(rows.map((r) => r.owner_fid))], view).map((u) => [u.fid, u]),
    );
    return {
      subscribed_to: rows.map((row) => ({
        ...subscriptionBody(row),
        subscribed_at: isoTime(row.subscribed_at),
        expires_at: isoTime(row.expires_at),
        tier: tierOf(row),
        creator: creators.get(row.owner_fid)!,
      })),
    };
  },

  fetchSubscribersForFid(call) {
    const { store, params } = call;
    requireUser(store, params.fid, 'fid');
    const view = viewOf(call);
    // Paragraph subscriptions are not modelled: a creator has none there.
    const rows = params.subscription_provider === PROVIDER ? subscribersOfCreator(store, params.fid) : [];
    const users = new Map(
      hydrateUserList(store, [...new Set(rows.map((r) => r.fid))], view).map((u) => [u.fid, u]),
    );
    return {
      subscribers: rows.map((row) => ({
        object: 'subscriber',
        user: users.get(row.fid)!,
        subscribed_to: {
          object: 'subscription_dehydrated',
          provider_name: PROVIDER,
          contract_address: row.contract_address,
          protocol_version: 1,
          chain: row.chain,
          subscribed_at: isoTime(row.subscribed_at),
          expires_at: isoTime(row.expires_at),
          tier_id: String(row.tier_id),
        },
      })),
    };
  },

  fetchSubscriptionCheck({ store, params }) {
    const contract = params.contract_address.toLowerCase();
    if (!EVM_ADDRESS.test(contract)) {
      throw new ValidationError('contract_address must be an eth address', 'contract_address');
    }
    if (!/^[1-9][0-9]{0,9}$/.test(params.chain_id)) {
      throw new ValidationError(
        `chain_id must be a chain id such as 8453, got "${params.chain_id}"`,
        'chain_id',
      );
    }
    const addresses = capped(params.addresses, 'addresses', 350).map((a) => {
      if (!EVM_ADDRESS.test(a))
        throw new ValidationError(`addresses has a malformed address "${a}"`, 'addresses');
      return a.toLowerCase();
    });
    const subscription = subscriptionByContract(store, contract, Number(params.chain_id));
    if (!subscription) {
      throw new NotFoundError(
        `no subscription contract ${contract} on chain ${params.chain_id} in the emulator`,
        'contract_address',
      );
    }
    const found = new Map<string, SubscriberRow>(
      subscribersByAddress(store, contract, subscription.chain, addresses).map((r) => [r.address, r]),
    );
    const now = store.now();
    return Object.fromEntries(
      addresses.map((address) => {
        const row = found.get(address);
        return [
          address,
          {
            object: 'subscribed_to_dehydrated' as const,
            status: row !== undefined && row.expires_at > now,
            expires_at: row?.expires_at ?? null,
            subscribed_at: row?.subscribed_at ?? null,
            tier: row ? tierOf(subscription) : null,
          },
        ];
      }),
    );
  },
};
