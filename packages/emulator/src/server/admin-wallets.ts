// /_emulator/wallets: the server wallets (x-wallet-id) the emulator knows, and new ones with funds.
import type { ServerWallet } from '../control/answers.js';
import { formatUnits, tokenOn } from '../domain/ledger.js';
import { allWallets, createWallet } from '../domain/wallets.js';
import { balancesOfHolder } from '../store/queries/ledger.js';
import type { WalletRow } from '../store/queries/wallets.js';
import type { Store } from '../store/store.js';
import type { ControlHandlers } from './control-routes.js';

export function walletView(store: Store, wallet: WalletRow): ServerWallet {
  return {
    id: wallet.wallet_id,
    address: wallet.address,
    created_at: wallet.created_at,
    balances: balancesOfHolder(store, wallet.address).flatMap((b) => {
      const token = tokenOn(store, b.network, b.token);
      if (!token) return [];
      return [
        {
          network: b.network,
          token: b.token,
          symbol: token.symbol,
          amount: formatUnits(BigInt(b.amount), token.decimals),
        },
      ];
    }),
  };
}

export function walletHandlers(store: Store) {
  return {
    'GET /_emulator/wallets': () => ({ wallets: allWallets(store).map((w) => walletView(store, w)) }),
    'POST /_emulator/wallets': ({ body }) => ({ wallet: walletView(store, createWallet(store, body)) }),
  } satisfies Partial<ControlHandlers>;
}
