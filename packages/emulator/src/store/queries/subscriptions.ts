// STP subscriptions: the contracts creators deployed and the addresses subscribed to them.

import { rows, write } from '../statements.js';
import type { Store } from '../store.js';

export interface SubscriptionRow {
  contract_address: string;
  chain: number;
  owner_fid: number;
  owner_address: string;
  title: string;
  symbol: string;
  art_url: string;
  period_seconds: number;
  tokens_per_period: string;
  initial_mint_price: string;
  created_at: number;
}

export interface SubscriberRow {
  contract_address: string;
  chain: number;
  address: string;
  fid: number;
  tier_id: number;
  subscribed_at: number;
  expires_at: number;
}

/** Every page these lists answer is bounded: a creator has a handful of contracts. */
const MAX_ROWS = 100;

const INSERT_SUBSCRIPTION = write<
  [row: SubscriptionRow]
>(`INSERT INTO stp_subscriptions (contract_address, chain, owner_fid, owner_address, title, symbol,
         art_url, period_seconds, tokens_per_period, initial_mint_price, created_at)
       VALUES (@contract_address, @chain, @owner_fid, @owner_address, @title, @symbol, @art_url,
         @period_seconds, @tokens_per_period, @initial_mint_price, @created_at)`);

export function insertSubscription(store: Store, row: SubscriptionRow): void {
  INSERT_SUBSCRIPTION.run(store, row);
}

const INSERT_SUBSCRIBER = write<
  [row: SubscriberRow]
>(`INSERT OR REPLACE INTO stp_subscribers (contract_address, chain, address, fid, tier_id, subscribed_at, expires_at)
       VALUES (@contract_address, @chain, @address, @fid, @tier_id, @subscribed_at, @expires_at)`);

export function insertSubscriber(store: Store, row: SubscriberRow): void {
  INSERT_SUBSCRIBER.run(store, row);
}

const SUBSCRIPTIONS_CREATED_BY = rows<[fid: number], SubscriptionRow>(
  `SELECT * FROM stp_subscriptions WHERE owner_fid = ? ORDER BY created_at DESC, contract_address LIMIT ${MAX_ROWS}`,
);

/** A creator's contracts, newest first. */
export function subscriptionsCreatedBy(store: Store, fid: number): SubscriptionRow[] {
  return SUBSCRIPTIONS_CREATED_BY.all(store, fid);
}

const SUBSCRIPTION_BY_CONTRACT = rows<[contract: string, chain: number], SubscriptionRow>(
  'SELECT * FROM stp_subscriptions WHERE contract_address = ? AND chain = ?',
);

export function subscriptionByContract(
  store: Store,
  contract: string,
  chain: number,
): SubscriptionRow | undefined {
  return SUBSCRIPTION_BY_CONTRACT.get(store, contract, chain);
}

const SUBSCRIPTIONS_OF_FID = rows<
  [fid: number],
  SubscriptionRow & SubscriberRow
>(`SELECT s.*, b.address, b.fid, b.tier_id, b.subscribed_at, b.expires_at
       FROM stp_subscribers b JOIN stp_subscriptions s USING (contract_address, chain)
       WHERE b.fid = ? ORDER BY b.subscribed_at DESC, b.contract_address LIMIT ${MAX_ROWS}`);

/** What a fid subscribed to (any of its addresses), newest first, with the contract's row. */
export function subscriptionsOfFid(store: Store, fid: number): (SubscriptionRow & SubscriberRow)[] {
  return SUBSCRIPTIONS_OF_FID.all(store, fid);
}

const SUBSCRIBERS_OF_CREATOR = rows<
  [fid: number],
  SubscriptionRow & SubscriberRow
>(`SELECT s.*, b.address, b.fid, b.tier_id, b.subscribed_at, b.expires_at
       FROM stp_subscriptions s JOIN stp_subscribers b USING (contract_address, chain)
       WHERE s.owner_fid = ? ORDER BY b.subscribed_at DESC, b.address LIMIT ${MAX_ROWS}`);

/** Who subscribed to any of a creator's contracts, newest first. */
export function subscribersOfCreator(store: Store, fid: number): (SubscriptionRow & SubscriberRow)[] {
  return SUBSCRIBERS_OF_CREATOR.all(store, fid);
}

const SUBSCRIBERS_BY_ADDRESS = rows<
  [contract: string, chain: number, addresses: string],
  SubscriberRow
>(`SELECT * FROM stp_subscribers WHERE contract_address = ? AND chain = ?
       AND address IN (SELECT value FROM json_each(?))`);

/** The subscriptions of `addresses` (lower-case) to one contract. */
export function subscribersByAddress(
  store: Store,
  contract: string,
  chain: number,
  addresses: readonly string[],
): SubscriberRow[] {
  return SUBSCRIBERS_BY_ADDRESS.all(store, contract, chain, JSON.stringify(addresses));
}
