// x402 payments signed by a server wallet: the "exact" scheme's EIP-3009 TransferWithAuthorization
// of the asset (USDC) to the resource's payTo, signed with the wallet's local key (domain/wallets.ts),
// so a facilitator (or a test) verifies it against the wallet's address like a real one.
import { ValidationError } from '../ground/errors.js';
import { keccakOfText } from '../ground/hex.js';
import { transactionCount } from '../store/queries/ledger.js';
import type { WalletRow } from '../store/queries/wallets.js';
import type { Store } from '../store/store.js';
import { hexAddress, walletAccount } from './wallets.js';

export const X402_CHAIN_IDS = { base: 8453, 'base-sepolia': 84532 } as const;

export const TRANSFER_WITH_AUTHORIZATION = {
  TransferWithAuthorization: [
    { name: 'from', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'validAfter', type: 'uint256' },
    { name: 'validBefore', type: 'uint256' },
    { name: 'nonce', type: 'bytes32' },
  ],
} as const;

export interface PaymentRequirement {
  asset: string;
  payTo: string;
  maxAmountRequired: string;
  maxTimeoutSeconds: number;
  network: keyof typeof X402_CHAIN_IDS;
  resource: string;
  extra?: { [key: string]: unknown } | null | undefined;
}

const text = (v: unknown, fallback: string) => (typeof v === 'string' && v ? v : fallback);

/** The token's EIP-712 domain: `extra.name`/`extra.version` as x402 passes them, else USDC's. */
export function x402Domain(r: PaymentRequirement) {
  return {
    name: text(r.extra?.name, 'USD Coin'),
    version: text(r.extra?.version, '2'),
    chainId: X402_CHAIN_IDS[r.network],
    verifyingContract: hexAddress(r.asset, 'payment_requirements.accepts[].asset'),
  };
}

export async function signPayment(store: Store, wallet: WalletRow, r: PaymentRequirement, property: string) {
  if (!/^\d{1,78}$/.test(r.maxAmountRequired))
    throw new ValidationError(
      `${property}.maxAmountRequired must be a whole number of base units`,
      `${property}.maxAmountRequired`,
    );
  const now = Math.floor(store.now() / 1000);
  const authorization = {
    from: hexAddress(wallet.address, 'x-wallet-id'),
    to: hexAddress(r.payTo, `${property}.payTo`),
    value: r.maxAmountRequired,
    // Valid from ten minutes ago, as x402 clients date it, so clock skew does not refuse it.
    validAfter: String(now - 600),
    validBefore: String(now + r.maxTimeoutSeconds),
    nonce: keccakOfText(`castkit-x402:${wallet.wallet_id}:${r.resource}:${transactionCount(store)}:${now}`),
  };
  const signature = await walletAccount(wallet.wallet_id).signTypedData({
    domain: x402Domain(r),
    types: TRANSFER_WITH_AUTHORIZATION,
    primaryType: 'TransferWithAuthorization',
    message: {
      ...authorization,
      value: BigInt(authorization.value),
      validAfter: BigInt(authorization.validAfter),
      validBefore: BigInt(authorization.validBefore),
    },
  });
  return { authorization, signature };
}
