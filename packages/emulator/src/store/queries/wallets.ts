// Server wallets (x-wallet-id): which ids the emulator knows and the ledger address each holds.

import { column, rows, write } from '../statements.js';
import type { Store } from '../store.js';

export interface WalletRow {
  wallet_id: string;
  address: string;
  created_at: number;
}

const INSERT_WALLET = write<[row: WalletRow]>(
  'INSERT INTO server_wallets (wallet_id, address, created_at) VALUES (@wallet_id, @address, @created_at)',
);

export function insertWallet(store: Store, row: WalletRow): void {
  INSERT_WALLET.run(store, row);
}

const WALLET_BY_ID = rows<[walletId: string], WalletRow>('SELECT * FROM server_wallets WHERE wallet_id = ?');

export function walletById(store: Store, walletId: string): WalletRow | undefined {
  return WALLET_BY_ID.get(store, walletId);
}

const ALL_WALLETS = rows<[], WalletRow>('SELECT * FROM server_wallets ORDER BY created_at, wallet_id');

/** Every wallet, oldest first: a developer's handful, not a list to page. */
export function allWallets(store: Store): WalletRow[] {
  return ALL_WALLETS.all(store);
}

const WALLET_COUNT = column<[], number>('SELECT COUNT(*) FROM server_wallets');

export function walletCount(store: Store): number {
  return WALLET_COUNT.get(store) ?? 0;
}
