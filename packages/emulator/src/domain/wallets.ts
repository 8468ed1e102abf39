// Server wallets (a Neynar app's `x-wallet-id`): the ids the emulator knows, each an address on the
// local ledger with balances the on-chain operations spend. One is seeded (DEFAULT_WALLET_ID) and
// printed at start; more are made through POST /_emulator/wallets. A wallet's key is derived from
// its id so that what it signs (x402 payments) verifies against its address, with nothing secret
// stored: these are test keys on a ledger no real chain reads.
import { ConflictError, ValidationError } from '../ground/errors.js';
import { keccakOfText } from '../ground/hex.js';
import { loadViemAccounts } from '../ground/viem.js';
import {
  allWallets,
  insertWallet,
  type WalletRow,
  walletById,
  walletCount,
} from '../store/queries/wallets.js';
import type { Store } from '../store/store.js';
import { credit, EMULATOR_USDC, NATIVE, recordTransaction } from './ledger.js';

/** The wallet every seeded emulator has, printed beside the API key. */
export const DEFAULT_WALLET_ID = 'castkit-dev-wallet';
/** The networks a new wallet is funded on: those the NFT and fungible operations take. */
export const WALLET_NETWORKS = ['base', 'optimism', 'base-sepolia'] as const;
/** A new wallet's funds on each of WALLET_NETWORKS unless its creator says otherwise, in whole tokens. */
export const DEFAULT_FUNDING = { eth: 1, usdc: 10_000 };
const HEADER = 'x-wallet-id';
const WALLET_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

export type Hex = `0x${string}`;

/** The wallet's private key: a hash of its id, the same on every emulator. */
export function walletKey(walletId: string): Hex {
  return keccakOfText(`castkit-wallet-key:${walletId}`);
}

export const walletAccount = (walletId: string) =>
  loadViemAccounts().privateKeyToAccount(walletKey(walletId));

/** The ledger address of a wallet id: the address of its key, lower-case like every address stored. */
export function walletAddress(walletId: string): string {
  return walletAccount(walletId).address.toLowerCase();
}

export interface NewWallet {
  id?: string | undefined;
  /** Whole ETH on each of WALLET_NETWORKS (default 1). */
  eth?: number | undefined;
  /** Whole USDC on each of WALLET_NETWORKS (default 10,000). */
  usdc?: number | undefined;
  /** unix ms it was made; defaults to the store clock (the seed dates its own). */
  at?: number | undefined;
}

/** A new wallet with its funds, in one transaction; 409 when the id is taken. */
export function createWallet(store: Store, input: NewWallet = {}, property = 'id'): WalletRow {
  return store.tx(() => {
    const id = input.id ?? nextWalletId(store);
    if (!WALLET_ID.test(id)) {
      throw new ValidationError(
        `${property} must be 1-64 letters, digits, '.', '_', ':' or '-', starting with a letter or digit`,
        property,
      );
    }
    if (walletById(store, id)) throw new ConflictError(`wallet ${id} exists already`, property);
    const row = { wallet_id: id, address: walletAddress(id), created_at: input.at ?? store.now() };
    insertWallet(store, row);
    const eth = wholeUnits(input.eth ?? DEFAULT_FUNDING.eth, 18, 'eth');
    const usdc = wholeUnits(input.usdc ?? DEFAULT_FUNDING.usdc, 6, 'usdc');
    for (const network of WALLET_NETWORKS) {
      if (eth > 0n) credit(store, network, NATIVE, row.address, eth);
      if (usdc > 0n) credit(store, network, EMULATOR_USDC, row.address, usdc);
    }
    recordTransaction(
      store,
      WALLET_NETWORKS[0],
      'fund',
      row.address,
      { wallet: id, eth: `${eth}`, usdc: `${usdc}` },
      row.created_at,
    );
    return row;
  });
}

/** `wallet-<n>` after the wallets there are, skipping ids a developer chose. */
function nextWalletId(store: Store): string {
  let n = walletCount(store) + 1;
  while (walletById(store, `wallet-${n}`)) n++;
  return `wallet-${n}`;
}

/** Whole tokens (at most `decimals` places, 0 allowed) in base units. */
function wholeUnits(amount: number, decimals: number, property: string): bigint {
  if (!Number.isFinite(amount) || amount < 0 || amount > 1e15)
    throw new ValidationError(`${property} must be a number from 0 to 1e15`, property);
  const [whole, fraction = ''] = amount.toFixed(Math.min(decimals, 20)).split('.');
  return BigInt((whole ?? '0') + fraction.padEnd(decimals, '0').slice(0, decimals));
}

/**
 * The wallet an operation whose spec requires `x-wallet-id` spends from: a missing or unknown id is
 * the 400 naming the header, as the API answers a wallet id it did not issue.
 */
export function requireWallet(store: Store, walletId: string | undefined): WalletRow {
  if (walletId === undefined || walletId === '')
    throw new ValidationError(`${HEADER} header is required: the id of a server wallet`, HEADER);
  const wallet = walletById(store, walletId);
  if (!wallet) {
    throw new ValidationError(
      `${HEADER} ${walletId} is no server wallet of this emulator (GET /_emulator/wallets lists them; POST /_emulator/wallets makes one)`,
      HEADER,
    );
  }
  return wallet;
}

/**
 * A 2.44 caller's wallet: 2.44's send-fungibles took any id, so an id not seen before becomes a
 * wallet with the default funds (listed by GET /_emulator/wallets from then on) instead of a 400.
 */
export function walletOrNew(store: Store, walletId: string): WalletRow {
  return walletById(store, walletId) ?? createWallet(store, { id: walletId }, HEADER);
}

export { allWallets };

/** Narrows a checked address string to viem's address type, without a cast. */
export function hexAddress(value: string, property: string): Hex {
  if (!isHexAddress(value)) throw new ValidationError(`${property} must be an eth address`, property);
  return value;
}
const isHexAddress = (value: string): value is Hex => /^0x[0-9a-fA-F]{40}$/.test(value);
