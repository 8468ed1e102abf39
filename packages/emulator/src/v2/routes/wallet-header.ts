// The server wallet an operation spends from, read from `x-wallet-id` as the caller's spec says:
// 3.x requires the header on its on-chain and account operations, and a missing or unknown id is
// the 400 naming it; 2.44 declared it on fewer operations (send-fungibles alone), which keep
// answering 2.44 callers as they did.
import type { Call } from '../../api/dispatch.js';
import { requireWallet } from '../../domain/wallets.js';
import type { WalletRow } from '../../store/queries/wallets.js';

const headerOf = (params: object): string | undefined =>
  'x-wallet-id' in params && typeof params['x-wallet-id'] === 'string' ? params['x-wallet-id'] : undefined;

/** The caller's wallet where its generation requires one (3.x), else undefined. */
export function walletOf3x(call: Call<object>): WalletRow | undefined {
  if (call.via.generation !== '3.x') return undefined;
  return requireWallet(call.store, headerOf(call.params));
}

/** The wallet of an operation only 3.x declares: always required. */
export function walletOf(call: Call<object>): WalletRow {
  return requireWallet(call.store, headerOf(call.params));
}
