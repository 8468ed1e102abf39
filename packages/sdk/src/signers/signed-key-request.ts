// Signed key requests: an app's custody account signs the EIP-712 `SignedKeyRequest` that lets a
// new key act for users. The account comes from a mnemonic through the optional peer dependency
// `viem` (loaded only when a mnemonic is used) or is injected, so the core depends on nothing.
import type { RawResponse } from '../core/client.js';
import { CastkitError, MissingPeerDependencyError } from '../core/errors.js';
import { field, fromAnswer, isFid } from './answer.js';

/** The KeyRegistry's SignedKeyRequestValidator on OP Mainnet, whose EIP-712 domain the request uses. */
export const SIGNED_KEY_REQUEST_DOMAIN = {
  name: 'Farcaster SignedKeyRequestValidator',
  version: '1',
  chainId: 10,
  verifyingContract: '0x00000000fc700472606ed4fa22623acf62c60553',
} as const;

export const SIGNED_KEY_REQUEST_TYPES = {
  SignedKeyRequest: [
    { name: 'requestFid', type: 'uint256' },
    { name: 'key', type: 'bytes' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const;

/** The typed data a signer is asked to sign. */
export interface SignedKeyRequestTypedData {
  domain: typeof SIGNED_KEY_REQUEST_DOMAIN;
  types: typeof SIGNED_KEY_REQUEST_TYPES;
  primaryType: 'SignedKeyRequest';
  message: { requestFid: bigint; key: `0x${string}`; deadline: bigint };
}

/**
 * What signs a SignedKeyRequest: a viem account (`mnemonicToAccount`, `privateKeyToAccount`, a
 * wallet's account) or anything with the same `signTypedData`. `address` (the custody address) is
 * needed only when no `appFid` is given, to look the app up.
 */
export interface TypedDataSigner {
  address?: string;
  signTypedData(request: SignedKeyRequestTypedData): Promise<string>;
}

/** Who signs: the app's custody mnemonic (needs `viem`) or an injected signer. */
export type SignedKeyRequestAuthority =
  | { farcasterDeveloperMnemonic: string; signer?: undefined }
  | { signer: TypedDataSigner; farcasterDeveloperMnemonic?: undefined };

export type SignedKeyRequestOptions = SignedKeyRequestAuthority & {
  /** The app's fid; when absent, the fid whose custody address is the signer's. */
  appFid?: number;
  /** Unix seconds until which the request is valid (default: now + 24 h). */
  deadline?: number;
  /** Pays for the signer's registration on the app's behalf (passed to the API as given). */
  sponsor?: { fid?: number; signature?: string; sponsored_by_neynar?: boolean };
  /** Where the approval flow sends the user afterwards. */
  redirectUrl?: string;
};

const DAY_SECONDS = 24 * 60 * 60;

/** Unix seconds 24 hours from now: how long a request stays valid unless the caller says otherwise. */
export const defaultDeadline = (): number => Math.floor(Date.now() / 1000) + DAY_SECONDS;

/** Signs the request for `key` on behalf of `appFid`; the hex signature the API's `signature` takes. */
export async function signSignedKeyRequest(
  signer: TypedDataSigner,
  request: { appFid: number; key: string; deadline: number },
): Promise<string> {
  return signer.signTypedData({
    domain: SIGNED_KEY_REQUEST_DOMAIN,
    types: SIGNED_KEY_REQUEST_TYPES,
    primaryType: 'SignedKeyRequest',
    message: {
      requestFid: BigInt(request.appFid),
      key: request.key as `0x${string}`,
      deadline: BigInt(request.deadline),
    },
  });
}

interface ViemAccounts {
  mnemonicToAccount(mnemonic: string): TypedDataSigner & { address: string };
}

// A computed specifier keeps bundlers from resolving viem for programs that never use a mnemonic
// (it is an optional peer); in browsers, inject a signer instead.
const VIEM_ACCOUNTS = 'viem/accounts';

/** The signer the options name: the injected one, or the mnemonic's first account through viem. */
export async function resolveSigner(
  options: SignedKeyRequestAuthority,
  operation: string,
): Promise<TypedDataSigner> {
  if (options.signer) {
    if (typeof options.signer.signTypedData !== 'function') {
      throw new CastkitError(`${operation}: signer must have a signTypedData method (a viem account does).`);
    }
    return options.signer;
  }
  const mnemonic = options.farcasterDeveloperMnemonic;
  if (typeof mnemonic !== 'string' || !mnemonic.trim()) {
    throw new CastkitError(
      `${operation} needs farcasterDeveloperMnemonic (the app's custody mnemonic) or signer.`,
    );
  }
  let accounts: ViemAccounts;
  try {
    accounts = await import(/* webpackIgnore: true */ /* @vite-ignore */ VIEM_ACCOUNTS);
  } catch (error) {
    throw new MissingPeerDependencyError(
      'viem',
      operation,
      'or pass `signer` (a viem account or any object with signTypedData) instead of farcasterDeveloperMnemonic',
      { cause: error },
    );
  }
  try {
    return accounts.mnemonicToAccount(mnemonic.trim());
  } catch (error) {
    throw new CastkitError(`${operation}: farcasterDeveloperMnemonic is not a usable mnemonic.`, {
      cause: error,
    });
  }
}

/** The app fid a request is made for: the one given, or the fid whose custody address is the signer's. */
export async function resolveAppFid(
  signer: TypedDataSigner,
  appFid: number | undefined,
  operation: string,
  lookupByCustody: (custodyAddress: string) => Promise<RawResponse<unknown>>,
): Promise<number> {
  if (appFid !== undefined) return appFid;
  if (!signer.address) {
    throw new CastkitError(
      `${operation}: pass appFid, or a signer with an address to look the app fid up by.`,
    );
  }
  const answer = await lookupByCustody(signer.address);
  return fromAnswer('lookupUserByCustodyAddress', answer, 'user.fid', (data) => {
    const fid = field(field(data, 'user'), 'fid');
    return isFid(fid) ? fid : undefined;
  });
}
