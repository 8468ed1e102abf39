// Fungibles as the API shows them, from the local ledger (domain/ledger.ts, domain/trades.ts): a
// token, a balance of one, and a trade, which fetchFungibleTrades lists and trade.created events carry.
import { EMULATOR_USDC, formatUnits, NATIVE, tokenOn } from '../domain/ledger.js';
import { priceUsd } from '../domain/trades.js';
import { holderAmounts, type TokenRow } from '../store/queries/ledger.js';
import { type TradeRow, tradeById } from '../store/queries/trades.js';
import { verifiedAddressFids } from '../store/queries/users.js';
import type { Store } from '../store/store.js';
import { hydrateUsers, userDehydrated } from './user.js';

export type Network = 'ethereum' | 'optimism' | 'base' | 'arbitrum';
export const NETWORKS: readonly Network[] = ['ethereum', 'optimism', 'base', 'arbitrum'];
export const isNetwork = (n: string): n is Network => NETWORKS.some((m) => m === n);

/** The address wallets and indexers give the native coin, which has no contract. */
export const NATIVE_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

export function supplyOf(store: Store, t: TokenRow): { supply: bigint; holders: number } {
  const amounts = holderAmounts(store, t.network, t.address);
  return { supply: amounts.reduce((sum, a) => sum + BigInt(a), 0n), holders: amounts.length };
}

export function fungible(store: Store, t: TokenRow, net: Network) {
  return {
    object: 'fungible' as const,
    network: net,
    name: t.name,
    symbol: t.symbol,
    address: t.address === NATIVE ? NATIVE_ADDRESS : t.address,
    decimals: t.decimals,
    total_supply: t.address === NATIVE ? null : formatUnits(supplyOf(store, t).supply, t.decimals),
    logo: t.media,
  };
}

export function fungibleBalance(store: Store, t: TokenRow, net: Network, units: bigint) {
  const price = priceUsd(store, t);
  const inToken = formatUnits(units, t.decimals);
  return {
    object: 'fungible_balance' as const,
    token: fungible(store, t, net),
    balance: {
      in_token: inToken,
      in_usd: price === null ? null : Number((Number(inToken) * price).toFixed(2)),
    },
  };
}

/** A trade as the API lists it, made by `trader`. */
export function tradeEntry<U>(store: Store, t: TokenRow, usdc: TokenRow, r: TradeRow, trader: U) {
  const net = isNetwork(r.network) ? r.network : 'base';
  const token = fungibleBalance(store, t, net, BigInt(r.token_amount));
  const cash = fungibleBalance(store, usdc, net, BigInt(r.usdc_amount));
  return {
    object: 'trade' as const,
    trader,
    pool: { object: 'pool' as const, address: r.pool, protocol_family: 'emulator', protocol_version: '1' },
    transaction: {
      hash: r.tx_hash,
      network: { object: 'network' as const, name: r.network },
      net_transfer: {
        object: 'net_transfer' as const,
        receiving_fungible: r.side === 'buy' ? token : cash,
        sending_fungible: r.side === 'buy' ? cash : token,
      },
    },
  };
}

/**
 * A recorded trade as its trade.created event carries it: the trader as 3.x's UserDehydrated with its
 * `score` (which the event's filters read), or null when no user has verified the trading address
 * (a server wallet's trade). Undefined for a trade the ledger no longer has (a reset, a restore).
 */
export function tradeEventData(store: Store, tradeId: number, origin: string) {
  const r = tradeById(store, tradeId);
  const token = r && tokenOn(store, r.network, r.token);
  const usdc = r && tokenOn(store, r.network, EMULATOR_USDC);
  if (!r || !token || !usdc) return undefined;
  const fid = verifiedAddressFids(store, [r.trader])[0]?.fid;
  const user = fid === undefined ? undefined : userDehydrated(store, [fid], origin).get(fid);
  const score = fid === undefined ? undefined : hydrateUsers(store, [fid], { origin }).get(fid)?.score;
  const trader = user ? { ...user, ...(score === undefined ? {} : { score }) } : null;
  const entry = tradeEntry(store, token, usdc, r, trader);
  const { net_transfer: net } = entry.transaction;
  // The event's FungibleBalance leaves out a supply it does not know; a traded token always has one.
  const withSupply = (b: ReturnType<typeof fungibleBalance>) => {
    const { total_supply, ...rest } = b.token;
    return { ...b, token: { ...rest, ...(total_supply === null ? {} : { total_supply }) } };
  };
  return {
    ...entry,
    transaction: {
      ...entry.transaction,
      net_transfer: {
        ...net,
        receiving_fungible: withSupply(net.receiving_fungible),
        sending_fungible: withSupply(net.sending_fungible),
      },
    },
  };
}
