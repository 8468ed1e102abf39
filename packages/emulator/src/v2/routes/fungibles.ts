// 3.x's fungible reads on the local ledger (domain/ledger.ts, domain/trades.ts): tokens by id and
// metadata, a wallet's balances, trades and what trends by buy volume on the emulator's clock. Prices are the last trade's; nothing reads a real chain.
import type { V2Handlers } from '../../api/dispatch.js';
import { EMULATOR_USDC, formatUnits, NATIVE, tokenOn } from '../../domain/ledger.js';
import { priceUsd } from '../../domain/trades.js';
import { NotFoundError, ValidationError } from '../../ground/errors.js';
import {
  fungible,
  isNetwork,
  NATIVE_ADDRESS,
  NETWORKS,
  type Network,
  supplyOf,
  tradeEntry,
} from '../../hydrate/fungibles.js';
import { userDehydrated } from '../../hydrate/user.js';
import { castsMatchingCount } from '../../store/queries/casts.js';
import { balancePage, type TokenRow } from '../../store/queries/ledger.js';
import { buyVolumeSince, tradesOf } from '../../store/queries/trades.js';
import { verifiedAddressFids } from '../../store/queries/users.js';
import type { Store } from '../../store/store.js';
import { nextCursor, pageWindow } from '../cursor.js';
import { EVM_ADDRESS, viewOf } from './social-common.js';

const CHAIN_NETWORKS: Record<string, Network> = {
  '1': 'ethereum',
  '10': 'optimism',
  '8453': 'base',
  '42161': 'arbitrum',
};
const HOUR = 3_600_000;
const WINDOWS: Record<string, number> = {
  '1h': HOUR,
  '6h': 6 * HOUR,
  '12h': 12 * HOUR,
  '24h': 24 * HOUR,
  '7d': 168 * HOUR,
};
const MAX_TRADES = 100;
const MAX_TRENDING = 50;

function address(value: string, property: string): string {
  if (!EVM_ADDRESS.test(value)) throw new ValidationError(`${property} must be an eth address`, property);
  return value.toLowerCase();
}

function network(value: string, property: string): Network {
  if (!isNetwork(value))
    throw new ValidationError(`${property} must be one of ${NETWORKS.join(', ')}, got ${value}`, property);
  return value;
}

function requireToken(store: Store, net: string, token: string, property: string): TokenRow {
  const row = tokenOn(store, net, token);
  if (!row) throw new NotFoundError(`no fungible ${token} on the emulator's ${net} network`, property);
  return row;
}

const usd = (n: number | null) => (n === null ? null : n.toFixed(n < 1 ? 8 : 2));

/** USD traded in a token since `since`: the USDC side of its trades. */
function volumeSince(store: Store, t: TokenRow, since: number): number {
  let cents = 0n;
  let after: readonly (string | number)[] | undefined;
  do {
    const page = tradesOf(store, t.network, t.address, since, { after, limit: 500 });
    for (const r of page.rows) cents += BigInt(r.usdc_amount) / 10_000n;
    after = page.next ?? undefined;
  } while (after);
  return Number(cents) / 100;
}

function tokenMetadata(store: Store, t: TokenRow, net: Network) {
  const price = priceUsd(store, t);
  const { supply, holders } = supplyOf(store, t);
  const description = t.metadata ? metadataDescription(t.metadata) : null;
  const supplyTokens = Number(formatUnits(supply, t.decimals));
  const now = store.now();
  return {
    address: t.address === NATIVE ? NATIVE_ADDRESS : t.address,
    network: net,
    name: t.name,
    symbol: t.symbol,
    decimals: t.decimals,
    description,
    image_url: t.media,
    total_supply: t.address === NATIVE ? null : formatUnits(supply, t.decimals),
    holder_count: t.address === NATIVE ? null : holders,
    price_usd: usd(price),
    price_source: price === null ? null : ('onchain' as const),
    price_updated_at: price === null ? null : Math.floor(now / 1000),
    price_change_24h_pct: null,
    price_change_6h_pct: null,
    market_cap: price === null || t.address === NATIVE ? null : usd(price * supplyTokens),
    fdv: null,
    liquidity: null,
    volume_24h: t.address === NATIVE ? null : volumeSince(store, t, now - 24 * HOUR).toFixed(2),
    volume_6h: t.address === NATIVE ? null : volumeSince(store, t, now - 6 * HOUR).toFixed(2),
  };
}

function metadataDescription(json: string): string | null {
  const parsed: unknown = JSON.parse(json);
  return typeof parsed === 'object' &&
    parsed !== null &&
    'description' in parsed &&
    typeof parsed.description === 'string'
    ? parsed.description
    : null;
}

/** `eip155:<chain>/erc20:<address>` (or `/slip44:60` for the native coin) as a network and token. */
function fungibleId(id: string, property: string): { network: Network; token: string } {
  const m = /^eip155:(\d+)\/(?:erc20:(0x[0-9a-fA-F]{40})|slip44:60)$/.exec(id.trim());
  const net = m ? CHAIN_NETWORKS[m[1]!] : undefined;
  if (!m || !net) {
    throw new ValidationError(
      `${property} must list ids like eip155:8453/erc20:<address> on chains 1, 10, 8453 or 42161, got ${id}`,
      property,
    );
  }
  return { network: net, token: m[2]?.toLowerCase() ?? NATIVE };
}

export const fungibleHandlers: V2Handlers = {
  fetchFungibles(call) {
    const { store, params } = call;
    viewOf(call);
    const ids = params.fungibles.split(',').filter((s) => s.trim());
    if (ids.length === 0 || ids.length > 50)
      throw new ValidationError('fungibles must list 1 to 50 fungible ids', 'fungibles');
    const fungibles = ids.flatMap((id) => {
      const { network: net, token } = fungibleId(id, 'fungibles');
      const row = tokenOn(store, net, token);
      if (!row) return [];
      // A token is talked about as $SYMBOL; FTS drops the $, so the symbol is the phrase searched.
      const cast_count = castsMatchingCount(store, `"${row.symbol.replace(/"/g, '')}"`);
      return [{ object: 'farcaster_fungible' as const, fungible: fungible(store, row, net), cast_count }];
    });
    return { fungibles };
  },

  getTokenMetadata({ store, params }) {
    const net = network(params.network, 'network');
    const token = requireToken(store, net, address(params.address, 'address'), 'address');
    return { token: tokenMetadata(store, token, net) };
  },

  batchGetTokenMetadata({ store, params }) {
    const nets = params.networks.map((n) => network(n, 'networks'));
    const addresses = params.addresses.map((a) => address(a, 'addresses'));
    if (addresses.length === 0 || addresses.length > 100)
      throw new ValidationError('addresses must list 1 to 100 addresses', 'addresses');
    if (nets.length !== 1 && nets.length !== addresses.length)
      throw new ValidationError('networks must name one network, or one per address', 'networks');
    const tokens = addresses.flatMap((a, i) => {
      const net = nets.length === 1 ? nets[0]! : nets[i]!;
      const row = tokenOn(store, net, a);
      return row ? [tokenMetadata(store, row, net)] : [];
    });
    return { tokens };
  },

  getWalletBalances({ store, params }) {
    const holder = address(params.address, 'address');
    const nets = [...new Set(params.networks.map((n) => network(n, 'networks')))];
    const page = balancePage(store, holder, nets, pageWindow(params, 2));
    const balances = page.rows.flatMap((r) => {
      const t = tokenOn(store, r.network, r.token);
      if (!t || !isNetwork(r.network)) return [];
      const price = priceUsd(store, t);
      const inToken = formatUnits(BigInt(r.amount), t.decimals);
      return [
        {
          address: t.address === NATIVE ? NATIVE_ADDRESS : t.address,
          network: r.network,
          name: t.name,
          symbol: t.symbol,
          decimals: t.decimals,
          image_url: t.media,
          balance: inToken,
          price_usd: usd(price),
          balance_usd: price === null ? null : (Number(inToken) * price).toFixed(2),
        },
      ];
    });
    return { balances, next: nextCursor(page.next) };
  },

  fetchFungibleTrades({ store, params, origin }) {
    const token = requireToken(store, params.network, address(params.address, 'address'), 'address');
    const usdc = tokenOn(store, params.network, EMULATOR_USDC)!;
    const since = store.now() - (WINDOWS[params.time_window] ?? WINDOWS['24h']!);
    const rows = tradesOf(store, params.network, token.address, since, { limit: MAX_TRADES }).rows.filter(
      (r) =>
        params.min_amount_usd === undefined ||
        Number(formatUnits(BigInt(r.usdc_amount), 6)) >= params.min_amount_usd,
    );
    const fids = new Map(
      verifiedAddressFids(store, [...new Set(rows.map((r) => r.trader))]).map((v) => [v.address, v.fid]),
    );
    const trades = rows.flatMap((r) => {
      const fid = fids.get(r.trader);
      const trader = fid === undefined ? undefined : userDehydrated(store, [fid], origin).get(fid);
      return trader ? [tradeEntry(store, token, usdc, r, trader)] : [];
    });
    return { object: 'fungible_trades' as const, trades };
  },

  fetchTrendingFungibles({ store, params }) {
    const since = store.now() - (WINDOWS[params.time_window] ?? WINDOWS['24h']!);
    const trending = buyVolumeSince(store, params.network, since, MAX_TRENDING).flatMap((v) => {
      const t = tokenOn(store, params.network, v.token);
      if (!t) return [];
      const price = priceUsd(store, t);
      return [
        {
          object: 'trending_fungible' as const,
          fungible: { ...fungible(store, t, params.network), price: { in_usd: usd(price) ?? '0' } },
        },
      ];
    });
    return { trending };
  },
};
