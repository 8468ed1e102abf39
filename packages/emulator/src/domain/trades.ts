// Fungible trades on the local ledger: a trader swaps USDC for a token (or back) with the token's
// pool, both legs moving balances in one recorded transaction. The pool is an address derived from
// the token; its price is whatever the last trade paid, as on a real pool.

import { LocalEventType } from '../ground/types.js';
import { balanceOf, type TokenRow } from '../store/queries/ledger.js';
import { appendHubEvent } from '../store/queries/messages.js';
import { insertTrade, lastTrade } from '../store/queries/trades.js';
import type { Store } from '../store/store.js';
import { contractAddress, EMULATOR_USDC, formatUnits, recordTransaction, transfer } from './ledger.js';

export const poolOf = (network: string, token: string): string =>
  contractAddress(`pool:${network}`, Number.parseInt(token.slice(2, 10), 16));

export interface TradeInput {
  network: string;
  token: string;
  trader: string;
  side: 'buy' | 'sell';
  /** Base units of the token. */
  tokenUnits: bigint;
  /** Base units of USDC. */
  usdcUnits: bigint;
  at?: number;
}

/** Swaps with the pool: its transaction hash, or undefined (nothing moved) when either side holds too little. */
export function trade(store: Store, t: TradeInput): string | undefined {
  const pool = poolOf(t.network, t.token);
  return store.tx(() => {
    const [payer, payee] = t.side === 'buy' ? [t.trader, pool] : [pool, t.trader];
    if (
      balanceOf(store, t.network, EMULATOR_USDC, payer) < t.usdcUnits ||
      balanceOf(store, t.network, t.token, payee) < t.tokenUnits
    )
      return undefined;
    transfer(store, t.network, EMULATOR_USDC, payer, payee, t.usdcUnits);
    transfer(store, t.network, t.token, payee, payer, t.tokenUnits);
    const tx_hash = recordTransaction(
      store,
      t.network,
      'trade',
      t.trader,
      {
        token: t.token,
        side: t.side,
        token_amount: `${t.tokenUnits}`,
        usdc_amount: `${t.usdcUnits}`,
      },
      t.at,
    );
    const id = insertTrade(store, {
      network: t.network,
      token: t.token,
      tx_hash,
      trader: t.trader,
      pool,
      side: t.side,
      token_amount: `${t.tokenUnits}`,
      usdc_amount: `${t.usdcUnits}`,
      ts: t.at ?? store.now(),
    });
    // The trade's event, in the same transaction: webhooks and realtime send it as trade.created.
    appendHubEvent(store, {
      type: LocalEventType.Trade,
      tradeId: id,
      ...(t.at === undefined ? {} : { at: t.at }),
    });
    return tx_hash;
  });
}

/** USD per whole token at the last trade (USDC counts as a dollar); null for a token never traded. */
export function priceUsd(store: Store, token: TokenRow): number | null {
  if (token.address === EMULATOR_USDC) return 1;
  if (token.symbol === 'ETH') return 3000;
  const last = lastTrade(store, token.network, token.address);
  if (!last) return null;
  const tokens = Number(formatUnits(BigInt(last.token_amount), token.decimals));
  return tokens > 0 ? Number(formatUnits(BigInt(last.usdc_amount), 6)) / tokens : null;
}
