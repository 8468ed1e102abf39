// The simulated ledger's rules: which tokens exist on which of the emulator's networks, amounts in
// exact base units, and transfers that commit all at once with a recorded transaction. No real chain
// is read or written; hashes are derived from the ledger's own history so a replay gives the same ones.
import { ValidationError } from '../ground/errors.js';
import { keccakOfText } from '../ground/hex.js';
import {
  balanceOf,
  insertTransaction,
  setBalance,
  type TokenRow,
  tokenByAddress,
  transactionCount,
} from '../store/queries/ledger.js';
import type { Store } from '../store/store.js';

/** The native coin's token address in balances (it has no contract). */
export const NATIVE = 'native';
/** The emulator's USDC stand-in: one address on every network, 6 decimals like the real one. */
export const EMULATOR_USDC = '0x00000000000000000000000000000000c0ffee06';
/** Fixed prices in USDC: the emulator has no market, only these numbers. */
const USDC_PRICE: Record<string, number> = { ETH: 3000, USDC: 1 };

/** Built-in tokens, present on every network without a deploy. */
export function builtinToken(network: string, address: string): TokenRow | undefined {
  const base = { network, owner: NATIVE, media: null, metadata: '{}', factory: 'emulator', created_at: 0 };
  if (address === NATIVE) return { ...base, address, name: 'Ether', symbol: 'ETH', decimals: 18 };
  if (address === EMULATOR_USDC)
    return { ...base, address, name: 'USD Coin (emulator)', symbol: 'USDC', decimals: 6 };
  return undefined;
}

export function tokenOn(store: Store, network: string, address: string): TokenRow | undefined {
  return builtinToken(network, address) ?? tokenByAddress(store, network, address);
}

/** `amount` whole tokens (a JSON number, at most `decimals` places) in base units, exactly. */
export function toBaseUnits(amount: number, decimals: number, property: string): bigint {
  if (!Number.isFinite(amount) || amount <= 0)
    throw new ValidationError(`${property} must be positive`, property);
  // toFixed never uses exponent notation below 1e21, which covers every amount a token can hold here.
  const [whole, fraction = ''] = amount.toFixed(Math.min(decimals, 20)).split('.');
  const units = BigInt(whole! + fraction.padEnd(decimals, '0').slice(0, decimals));
  if (units === 0n)
    throw new ValidationError(`${property} is smaller than the token's smallest unit`, property);
  return units;
}

/** Base units as a decimal string of whole tokens (`1.5`, `0.000001`, `12`). */
export function formatUnits(units: bigint, decimals: number): string {
  const digits = units.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** The balance's worth in USDC at the emulator's fixed prices (0 for tokens without one). */
export function inUsdc(units: bigint, token: TokenRow): string {
  const price = USDC_PRICE[token.symbol] ?? 0;
  return (Number(formatUnits(units, token.decimals)) * price).toFixed(2);
}

export function credit(store: Store, network: string, token: string, holder: string, units: bigint): void {
  setBalance(store, network, token, holder, balanceOf(store, network, token, holder) + units);
}

/** Moves units between holders; false (nothing moved) when the sender holds too few. */
export function transfer(
  store: Store,
  network: string,
  token: string,
  from: string,
  to: string,
  units: bigint,
): boolean {
  const held = balanceOf(store, network, token, from);
  if (held < units) return false;
  setBalance(store, network, token, from, held - units);
  credit(store, network, token, to, units);
  return true;
}

/** A transaction hash from the ledger's history (its count) and what it did: the same replay, the same hash. */
export function recordTransaction(
  store: Store,
  network: string,
  kind: string,
  sender: string,
  body: unknown,
  /** unix ms; defaults to the store clock (the seed dates its history itself). */
  at = store.now(),
): string {
  const n = transactionCount(store);
  const hash = keccakOfText(`castkit-ledger:${n}:${network}:${kind}:${sender}:${JSON.stringify(body)}`);
  insertTransaction(store, { hash, network, kind, sender, body, ts: at });
  return hash;
}

/** A deterministic contract address for what a deployer deploys as its n-th contract. */
export function contractAddress(deployer: string, n: number): string {
  return `0x${keccakOfText(`castkit-contract:${deployer}:${n}`).slice(-40)}`;
}
