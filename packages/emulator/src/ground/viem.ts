// viem costs ~0.3–0.45 s of CPU to load, for a few on-chain operations, signature checks and the
// server wallets' keys. Required rather than imported, so the process holds the one CommonJS copy
// that @farcaster/core also requires.
import { requiredLater } from './required-later.js';

export const loadViem = requiredLater<typeof import('viem')>('viem');
export const loadViemAccounts = requiredLater<typeof import('viem/accounts')>('viem/accounts');
