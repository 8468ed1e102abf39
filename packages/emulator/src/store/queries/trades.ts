// Fungible trades on the local ledger: who bought or sold how much of a token for USDC, and when.

import { rows, write } from '../statements.js';
import type { Store } from '../store.js';
import { pager } from './keyset.js';

export interface TradeRow {
  id: number;
  network: string;
  token: string;
  tx_hash: string;
  trader: string;
  pool: string;
  side: 'buy' | 'sell';
  /** Base units of the token. */
  token_amount: string;
  /** Base units of the emulator's USDC. */
  usdc_amount: string;
  ts: number;
}

const INSERT_TRADE = write<[row: Omit<TradeRow, 'id'>]>(
  `INSERT INTO ledger_trades (network, token, tx_hash, trader, pool, side, token_amount, usdc_amount, ts)
       VALUES (@network, @token, @tx_hash, @trader, @pool, @side, @token_amount, @usdc_amount, @ts)`,
);

/** Records a trade: its id. */
export function insertTrade(store: Store, row: Omit<TradeRow, 'id'>): number {
  return Number(INSERT_TRADE.run(store, row).lastInsertRowid);
}

const TRADE = rows<[id: number], TradeRow>('SELECT * FROM ledger_trades WHERE id = ?');

export function tradeById(store: Store, id: number): TradeRow | undefined {
  return TRADE.get(store, id);
}

const TRADES = pager<TradeRow>();

/** A token's trades since `since` (unix ms), newest first, a page at a time. */
export function tradesOf(
  store: Store,
  network: string,
  token: string,
  since: number,
  window: { after?: readonly (string | number)[]; limit: number },
) {
  return TRADES.page(
    store,
    {
      select: 'SELECT * FROM ledger_trades INDEXED BY ledger_trades_token',
      where: ['network = ?', 'token = ?', 'ts >= ?'],
      binds: [network, token, since],
      order: [
        { sql: 'ts', as: 'ts', dir: 'desc' },
        { sql: 'id', as: 'id', dir: 'desc' },
      ],
    },
    window,
  );
}

export interface TokenVolumeRow {
  token: string;
  buys: number;
  /** USDC base units bought for, summed as a number: ranking only, never shown. */
  volume: number;
}

const BUY_VOLUME = rows<[network: string, since: number, limit: number], TokenVolumeRow>(
  `SELECT token, COUNT(*) AS buys, SUM(CAST(usdc_amount AS REAL)) AS volume
       FROM ledger_trades INDEXED BY ledger_trades_ts
       WHERE network = ? AND ts >= ? AND side = 'buy'
       GROUP BY token ORDER BY volume DESC, buys DESC, token LIMIT ?`,
);

/** Tokens by USDC bought since `since`, then by number of buys. */
export function buyVolumeSince(
  store: Store,
  network: string,
  since: number,
  limit: number,
): TokenVolumeRow[] {
  return BUY_VOLUME.all(store, network, since, limit);
}

const LAST_TRADE = rows<[network: string, token: string], TradeRow>(
  'SELECT * FROM ledger_trades INDEXED BY ledger_trades_token WHERE network = ? AND token = ? ORDER BY ts DESC, id DESC LIMIT 1',
);

/** A token's latest trade: its price. */
export function lastTrade(store: Store, network: string, token: string): TradeRow | undefined {
  return LAST_TRADE.get(store, network, token);
}
