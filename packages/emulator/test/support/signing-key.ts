// A signing key the test holds for a user, added the way an app adds one: a developer-managed signer
// whose SignedKeyRequest alice's app signs (her custody is the public DEV_MNEMONIC's first account),
// approved by the user on the emulator's approval page. Hub submitMessage tests sign with it; the
// keys of the seeded managed signers stay inside the emulator, as a real service keeps them.
import { randomBytes } from 'node:crypto';
import type { NeynarAPIClient } from '@castkit/sdk/2.x';
import { mnemonicToAccount } from 'viem/accounts';
import { DEV_MNEMONIC, ed25519PublicKey, toHex } from '../../src/index.js';

const DOMAIN = {
  name: 'Farcaster SignedKeyRequestValidator',
  version: '1',
  chainId: 10,
  verifyingContract: '0x00000000fc700472606ed4fa22623acf62c60553',
} as const;
const TYPES = {
  SignedKeyRequest: [
    { name: 'requestFid', type: 'uint256' },
    { name: 'key', type: 'bytes' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const;
/** alice, the app every seeded signer belongs to. */
const APP_FID = 1;

/**
 * A new ed25519 key, approved by `fid` through the API; resolves to its private key. `now` is the
 * emulator's time in ms (the request's deadline is an hour after it).
 */
export async function signingKeyFor(api: NeynarAPIClient, fid: number, now: number): Promise<Uint8Array> {
  const privateKey = new Uint8Array(randomBytes(32));
  const publicKey = toHex(ed25519PublicKey(privateKey));
  const deadline = Math.floor(now / 1000) + 3600;
  const signature = await mnemonicToAccount(DEV_MNEMONIC).signTypedData({
    domain: DOMAIN,
    types: TYPES,
    primaryType: 'SignedKeyRequest',
    message: { requestFid: BigInt(APP_FID), key: publicKey as `0x${string}`, deadline: BigInt(deadline) },
  });
  const signer = await api.registerSignedKeyForDeveloperManagedSigner({
    publicKey,
    appFid: APP_FID,
    deadline,
    signature,
  });
  const approval = new URL(signer.signer_approval_url!);
  approval.searchParams.set('fid', String(fid));
  const res = await fetch(approval);
  if (!res.ok) throw new Error(`approving the key for fid ${fid} answered ${res.status}`);
  const { status } = await api.lookupDeveloperManagedSigner({ publicKey });
  if (status !== 'approved') throw new Error(`the key for fid ${fid} is ${status}, not approved`);
  return privateKey;
}
