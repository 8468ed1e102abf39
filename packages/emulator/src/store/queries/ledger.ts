// The simulated ledger: tokens deployed on the emulator's networks, balances per holder address in
// base units, and the transactions that moved them.

import { column, rows, write } from '../statements.js';
import type { Store } from '../store.js';
import { pager } from './keyset.js';
import { shownTo } from './moderation.js';

export interface TokenRow {
  network: string;
  address: string;
  name: string;
  symbol: string;
  decimals: number;
  owner: string;
  media: string | null;
  /** JSON of the deploy's metadata fields (description, links, nsfw). */
  metadata: string;
  factory: string;
  created_at: number;
}

export interface BalanceRow {
  network: string;
  token: string;
  holder: string;
  amount: string;
}

const INSERT_TOKEN = write<
  [row: TokenRow]
>(`INSERT INTO ledger_tokens (network, address, name, symbol, decimals, owner, media, metadata, factory, created_at)
       VALUES (@network, @address, @name, @symbol, @decimals, @owner, @media, @metadata, @factory, @created_at)`);

export function insertToken(store: Store, row: TokenRow): void {
  INSERT_TOKEN.run(store, row);
}

const TOKEN_BY_ADDRESS = rows<[network: string, address: string], TokenRow>(
  'SELECT * FROM ledger_tokens WHERE network = ? AND address = ?',
);

export function tokenByAddress(store: Store, network: string, address: string): TokenRow | undefined {
  return TOKEN_BY_ADDRESS.get(store, network, address);
}

const BALANCE_OF = column<[network: string, token: string, holder: string], string>(
  'SELECT amount FROM ledger_balances WHERE network = ? AND token = ? AND holder = ?',
);

/** Base units `holder` has of `token` on `network`; 0 when it never held any. */
export function balanceOf(store: Store, network: string, token: string, holder: string): bigint {
  const amount = BALANCE_OF.get(store, network, token, holder);
  return BigInt(amount ?? 0);
}

const SET_BALANCE = write<
  [network: string, token: string, holder: string, amount: string]
>(`INSERT INTO ledger_balances (network, token, holder, amount) VALUES (?, ?, ?, ?)
       ON CONFLICT (network, token, holder) DO UPDATE SET amount = excluded.amount`);

export function setBalance(
  store: Store,
  network: string,
  token: string,
  holder: string,
  amount: bigint,
): void {
  SET_BALANCE.run(store, network, token, holder, amount.toString());
}

const BALANCES_OF_HOLDERS = rows<
  [holders: string, networks: string],
  BalanceRow
>(`SELECT network, token, holder, amount FROM ledger_balances
       WHERE holder IN (SELECT value FROM json_each(?)) AND network IN (SELECT value FROM json_each(?))
         AND amount != '0'
       ORDER BY holder, network, token`);

/** Every non-zero balance of these holders on these networks, in a stable order. */
export function balancesOfHolders(
  store: Store,
  holders: readonly string[],
  networks: readonly string[],
): BalanceRow[] {
  return BALANCES_OF_HOLDERS.all(store, JSON.stringify(holders), JSON.stringify(networks));
}

const TOKEN_HOLDER_FIDS = rows<
  [network: string, token: string, limit: number],
  { fid: number; amount: string }
>(`SELECT v.fid AS fid, b.amount AS amount FROM ledger_balances b
       JOIN verifications v ON v.address = b.holder
       WHERE b.network = ? AND b.token = ? AND b.amount != '0'
       ORDER BY length(b.amount) DESC, b.amount DESC, v.fid LIMIT ?`);

/** Holders of a token with their verified fid, largest balance first (compared as numbers of digits, then text). */
export function tokenHolderFids(
  store: Store,
  network: string,
  token: string,
  limit: number,
): { fid: number; amount: string }[] {
  return TOKEN_HOLDER_FIDS.all(store, network, token, limit);
}

const INSERT_TRANSACTION = write<
  [hash: string, network: string, kind: string, sender: string, list: string, ts: number]
>('INSERT INTO ledger_transactions (hash, network, kind, sender, body, ts) VALUES (?, ?, ?, ?, ?, ?)');

export function insertTransaction(
  store: Store,
  tx: { hash: string; network: string; kind: string; sender: string; body: unknown; ts: number },
): void {
  INSERT_TRANSACTION.run(store, tx.hash, tx.network, tx.kind, tx.sender, JSON.stringify(tx.body), tx.ts);
}

const TRANSACTION_COUNT = column<[], number>('SELECT COUNT(*) FROM ledger_transactions');

/** Transactions recorded so far: the next one's nonce, so hashes never repeat. */
export function transactionCount(store: Store): number {
  return TRANSACTION_COUNT.get(store) ?? 0;
}

const FOLLOWED_TOKEN_HOLDER_FIDS = rows<
  [viewer: number, network: string, token: string, limit: number],
  { fid: number; amount: string }
>(`SELECT v.fid AS fid, b.amount AS amount FROM ledger_balances b
       JOIN verifications v ON v.address = b.holder
       JOIN links l ON l.fid = ? AND l.type = 'follow' AND l.target_fid = v.fid
       WHERE b.network = ? AND b.token = ? AND b.amount != '0' AND ${shownTo('l.fid', 'v.fid')}
       ORDER BY length(b.amount) DESC, b.amount DESC, v.fid LIMIT ?`);

/** Holders of a token whom `viewer` follows and has not muted or blocked (nor been blocked by), with their fid, largest balance first. */
export function followedTokenHolderFids(
  store: Store,
  network: string,
  token: string,
  viewer: number,
  limit: number,
): { fid: number; amount: string }[] {
  return FOLLOWED_TOKEN_HOLDER_FIDS.all(store, viewer, network, token, limit);
}

const ETH_ADDRESSES_OF_FIDS = rows<
  [fids: string],
  { fid: number; address: string }
>(`SELECT fid, address FROM verifications
       WHERE fid IN (SELECT value FROM json_each(?)) AND address LIKE '0x%'
       ORDER BY fid, ts, address`);

/** Each fid's verified Ethereum addresses, oldest verification first. */
export function ethAddressesOfFids(
  store: Store,
  fids: readonly number[],
): { fid: number; address: string }[] {
  return ETH_ADDRESSES_OF_FIDS.all(store, JSON.stringify(fids));
}

const BALANCES_OF_HOLDER = rows<[holder: string], BalanceRow>(
  `SELECT network, token, holder, amount FROM ledger_balances INDEXED BY ledger_balances_holder
       WHERE holder = ? AND amount != '0' ORDER BY network, token`,
);

/** Every non-zero balance of one holder on every network, by network then token. */
export function balancesOfHolder(store: Store, holder: string): BalanceRow[] {
  return BALANCES_OF_HOLDER.all(store, holder);
}

const HOLDER_AMOUNTS = column<[network: string, token: string], string>(
  "SELECT amount FROM ledger_balances WHERE network = ? AND token = ? AND amount != '0'",
);

/** Every non-zero balance of a token: its holders and, summed, its supply. */
export function holderAmounts(store: Store, network: string, token: string): string[] {
  return HOLDER_AMOUNTS.all(store, network, token);
}

const BALANCE_PAGES = pager<BalanceRow>();

/** One holder's non-zero balances on these networks, by network then token, a page at a time. */
export function balancePage(
  store: Store,
  holder: string,
  networks: readonly string[],
  window: { after?: readonly (string | number)[]; limit: number },
) {
  return BALANCE_PAGES.page(
    store,
    {
      select: 'SELECT network, token, holder, amount FROM ledger_balances INDEXED BY ledger_balances_holder',
      where: ['holder = ?', 'network IN (SELECT value FROM json_each(?))', "amount != '0'"],
      binds: [holder, JSON.stringify(networks)],
      order: [
        { sql: 'network', as: 'network', dir: 'asc' },
        { sql: 'token', as: 'token', dir: 'asc' },
      ],
    },
    window,
  );
}
