// The simulated ledger: tokens deployed on the emulator's networks, balances per holder address in
// base units, and the transactions that moved them.
import type { Store } from '../store.js';

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

export function insertToken(store: Store, row: TokenRow): void {
  store
    .stmt(
      `INSERT INTO ledger_tokens (network, address, name, symbol, decimals, owner, media, metadata, factory, created_at)
       VALUES (@network, @address, @name, @symbol, @decimals, @owner, @media, @metadata, @factory, @created_at)`,
    )
    .run(row);
}

export function tokenByAddress(store: Store, network: string, address: string): TokenRow | undefined {
  return store.stmt('SELECT * FROM ledger_tokens WHERE network = ? AND address = ?').get(network, address) as
    | TokenRow
    | undefined;
}

/** Base units `holder` has of `token` on `network`; 0 when it never held any. */
export function balanceOf(store: Store, network: string, token: string, holder: string): bigint {
  const amount = store
    .stmt('SELECT amount FROM ledger_balances WHERE network = ? AND token = ? AND holder = ?')
    .pluck()
    .get(network, token, holder) as string | undefined;
  return BigInt(amount ?? 0);
}

export function setBalance(
  store: Store,
  network: string,
  token: string,
  holder: string,
  amount: bigint,
): void {
  store
    .stmt(
      `INSERT INTO ledger_balances (network, token, holder, amount) VALUES (?, ?, ?, ?)
       ON CONFLICT (network, token, holder) DO UPDATE SET amount = excluded.amount`,
    )
    .run(network, token, holder, amount.toString());
}

/** Every non-zero balance of these holders on these networks, in a stable order. */
export function balancesOfHolders(
  store: Store,
  holders: readonly string[],
  networks: readonly string[],
): BalanceRow[] {
  return store
    .stmt(
      `SELECT network, token, holder, amount FROM ledger_balances
       WHERE holder IN (SELECT value FROM json_each(?)) AND network IN (SELECT value FROM json_each(?))
         AND amount != '0'
       ORDER BY holder, network, token`,
    )
    .all(JSON.stringify(holders), JSON.stringify(networks)) as BalanceRow[];
}

/** Holders of a token with their verified fid, largest balance first (compared as numbers of digits, then text). */
export function tokenHolderFids(
  store: Store,
  network: string,
  token: string,
  limit: number,
): { fid: number; amount: string }[] {
  return store
    .stmt(
      `SELECT v.fid AS fid, b.amount AS amount FROM ledger_balances b
       JOIN verifications v ON v.address = b.holder
       WHERE b.network = ? AND b.token = ? AND b.amount != '0'
       ORDER BY length(b.amount) DESC, b.amount DESC, v.fid LIMIT ?`,
    )
    .all(network, token, limit) as { fid: number; amount: string }[];
}

export function insertTransaction(
  store: Store,
  tx: { hash: string; network: string; kind: string; sender: string; body: unknown; ts: number },
): void {
  store
    .stmt('INSERT INTO ledger_transactions (hash, network, kind, sender, body, ts) VALUES (?, ?, ?, ?, ?, ?)')
    .run(tx.hash, tx.network, tx.kind, tx.sender, JSON.stringify(tx.body), tx.ts);
}

/** Transactions recorded so far: the next one's nonce, so hashes never repeat. */
export function transactionCount(store: Store): number {
  return Number(store.stmt('SELECT COUNT(*) FROM ledger_transactions').pluck().get());
}

/** Holders of a token whom `viewer` follows, with their fid, largest balance first. */
export function followedTokenHolderFids(
  store: Store,
  network: string,
  token: string,
  viewer: number,
  limit: number,
): { fid: number; amount: string }[] {
  return store
    .stmt(
      `SELECT v.fid AS fid, b.amount AS amount FROM ledger_balances b
       JOIN verifications v ON v.address = b.holder
       JOIN links l ON l.fid = ? AND l.type = 'follow' AND l.target_fid = v.fid
       WHERE b.network = ? AND b.token = ? AND b.amount != '0'
       ORDER BY length(b.amount) DESC, b.amount DESC, v.fid LIMIT ?`,
    )
    .all(viewer, network, token, limit) as { fid: number; amount: string }[];
}

/** Each fid's verified Ethereum addresses, oldest verification first. */
export function ethAddressesOfFids(
  store: Store,
  fids: readonly number[],
): { fid: number; address: string }[] {
  return store
    .stmt(
      `SELECT fid, address FROM verifications
       WHERE fid IN (SELECT value FROM json_each(?)) AND address LIKE '0x%'
       ORDER BY fid, ts, address`,
    )
    .all(JSON.stringify(fids)) as { fid: number; address: string }[];
}

/** Whether `holder` ever had a balance row for the token (zero included): a wallet seen before. */
export function hasBalanceRow(store: Store, network: string, token: string, holder: string): boolean {
  return (
    store
      .stmt('SELECT 1 FROM ledger_balances WHERE network = ? AND token = ? AND holder = ?')
      .get(network, token, holder) !== undefined
  );
}
