// viem costs ~0.3–0.45 s of CPU to load (its ES module graph the most), for a few on-chain
// operations, signature checks and the server wallets' keys: it loads at their first use, not with
// the emulator. Required rather than imported, so the process holds the one CommonJS copy that
// @farcaster/core also requires.
import { createRequire } from 'node:module';

type Viem = typeof import('viem');
type Accounts = typeof import('viem/accounts');

const requireHere = createRequire(import.meta.url);
let viem: Viem | undefined;
let accounts: Accounts | undefined;

export function loadViem(): Viem {
  const loaded: Viem = viem ?? requireHere('viem');
  viem = loaded;
  return loaded;
}

export function loadViemAccounts(): Accounts {
  const loaded: Accounts = accounts ?? requireHere('viem/accounts');
  accounts = loaded;
  return loaded;
}
