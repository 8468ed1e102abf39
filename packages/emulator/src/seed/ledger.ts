// The seed's subscriptions and ledger: a few creators with STP contracts and their subscribers, and
// balances on the emulator's networks for users with a verified address, drawn from the seed's own
// stream so the same seed gives the same rows.
import { contractAddress, credit, EMULATOR_USDC, NATIVE } from '../domain/ledger.js';
import { poolOf, trade } from '../domain/trades.js';
import { createWallet, DEFAULT_WALLET_ID } from '../domain/wallets.js';
import { ethAddressesOfFids, insertToken } from '../store/queries/ledger.js';
import { insertSubscriber, insertSubscription } from '../store/queries/subscriptions.js';
import type { Store } from '../store/store.js';
import type { Prng } from './prng.js';

/** Base's chain id: the STP contracts of the seed say they live there, on the emulator's copy. */
export const SEED_SUBSCRIPTION_CHAIN = 8453;
const DAY_MS = 24 * 3600 * 1000;
const TOPICS = ['Field notes', 'Studio', 'Letters', 'Dispatch', 'Workshop', 'Almanac', 'Sketchbook', 'Radio'];
/** Bounded whatever the seed size: balances and subscriptions are a sample, not a census. */
const FUNDED_USERS = 400;
const CREATORS = 8;

export function seedLedger(
  store: Store,
  opts: { rng: Prng; users: number; anchor: number; origin: string; usernames: readonly string[] },
): void {
  const { rng, anchor } = opts;
  const fids = Array.from({ length: Math.min(opts.users, FUNDED_USERS) }, (_, i) => i + 1);
  const addresses = new Map<number, string>();
  for (const { fid, address } of ethAddressesOfFids(store, fids))
    if (!addresses.has(fid)) addresses.set(fid, address);

  for (const [, address] of addresses) {
    credit(store, 'base', NATIVE, address, BigInt(1 + rng.int(5_000)) * 10n ** 15n);
    credit(store, 'optimism', NATIVE, address, BigInt(rng.int(2_000)) * 10n ** 15n);
    if (rng.chance(0.7))
      credit(store, 'base', EMULATOR_USDC, address, BigInt(1 + rng.int(50_000)) * 10n ** 6n);
  }

  // Two community tokens by alice, held by part of the graph, so relevant owners have an answer.
  const deployer = addresses.get(1) ?? '0x0000000000000000000000000000000000000001';
  for (const [i, [name, symbol]] of [
    ['Castkit Community', 'CAST'],
    ['Emulator Points', 'EPTS'],
  ].entries()) {
    const address = contractAddress(deployer, i);
    insertToken(store, {
      network: 'base',
      address,
      name: name!,
      symbol: symbol!,
      decimals: 18,
      owner: deployer,
      media: `${opts.origin}/_emulator/image/token-${symbol!.toLowerCase()}.svg`,
      metadata: JSON.stringify({ description: `${name} on the emulator's base network` }),
      factory: 'wow',
      created_at: anchor - (30 + i) * DAY_MS,
    });
    for (const [, holder] of addresses) {
      if (rng.chance(0.35))
        credit(store, 'base', address, holder, BigInt(1 + rng.int(1_000_000)) * 10n ** 18n);
    }
  }

  seedTrades(
    store,
    rng,
    anchor,
    [...addresses.values()],
    [contractAddress(deployer, 0), contractAddress(deployer, 1)],
  );

  const creators = fids.slice(0, Math.min(CREATORS, fids.length));
  for (const owner of creators) {
    const ownerAddress = addresses.get(owner) ?? deployer;
    const contract = contractAddress(`stp:${ownerAddress}`, owner);
    const period = 30 * 24 * 3600;
    const price = BigInt(1 + rng.int(9)) * 10n ** 15n;
    insertSubscription(store, {
      contract_address: contract,
      chain: SEED_SUBSCRIPTION_CHAIN,
      owner_fid: owner,
      owner_address: ownerAddress,
      title: `${TOPICS[owner % TOPICS.length]} by ${opts.usernames[owner] ?? `fid ${owner}`}`,
      symbol: `SUB${owner}`,
      art_url: `${opts.origin}/_emulator/image/subscription-${owner}.svg`,
      period_seconds: period,
      tokens_per_period: price.toString(),
      initial_mint_price: '0',
      created_at: anchor - (200 + rng.int(100)) * DAY_MS,
    });
    // Subscribers: the three named users always subscribe to each other; others by chance.
    for (const [fid, address] of addresses) {
      if (fid === owner) continue;
      if (!(fid <= 3 && owner <= 3) && !rng.chance(0.08)) continue;
      const subscribedAt = anchor - (1 + rng.int(150)) * DAY_MS;
      // Most are current; some lapsed, so checks answer both ways.
      const expiresAt =
        fid <= 3 || rng.chance(0.75)
          ? anchor + (1 + rng.int(60)) * DAY_MS
          : anchor - rng.int(20) * DAY_MS - DAY_MS;
      insertSubscriber(store, {
        contract_address: contract,
        chain: SEED_SUBSCRIPTION_CHAIN,
        address,
        fid,
        tier_id: 1,
        subscribed_at: subscribedAt,
        expires_at: expiresAt,
      });
    }
  }
  // The server wallet printed at start (x-wallet-id), funded like any new one.
  createWallet(store, { id: DEFAULT_WALLET_ID, at: anchor });
}

/** Cents of USDC per thousand tokens each community token trades around. */
const SEED_PRICES = [200, 50];

/**
 * A week of trades in the two community tokens, mostly buys, by funded users against each token's
 * pool (seeded with liquidity), so trades and trending have something to list on any seed.
 */
function seedTrades(
  store: Store,
  rng: Prng,
  anchor: number,
  traders: readonly string[],
  tokens: readonly string[],
): void {
  if (traders.length === 0) return;
  for (const [i, token] of tokens.entries()) {
    const pool = poolOf('base', token);
    credit(store, 'base', token, pool, 100_000_000n * 10n ** 18n);
    credit(store, 'base', EMULATOR_USDC, pool, 1_000_000n * 10n ** 6n);
    const trades = 30 + rng.int(30);
    for (let n = 0; n < trades; n++) {
      const thousands = BigInt(1 + rng.int(500));
      // Price drifts by up to 20% either way around the token's level.
      const cents = (BigInt(SEED_PRICES[i] ?? 100) * BigInt(80 + rng.int(41))) / 100n;
      trade(store, {
        network: 'base',
        token,
        trader: traders[rng.int(traders.length)]!,
        side: rng.chance(0.7) ? 'buy' : 'sell',
        tokenUnits: thousands * 1000n * 10n ** 18n,
        usdcUnits: thousands * cents * 10n ** 4n,
        at: anchor - rng.int(7 * DAY_MS),
      });
    }
  }
}
