// The app's custody account that signs signed key requests, made in the browser from a mnemonic.
// viem is loaded only on this screen, in its own chunk; the SDK takes the account as an injected
// signer (its mnemonic option loads viem by a specifier browsers cannot resolve).
import type { TypedDataSigner } from '@castkit/sdk/2.x';

/**
 * The emulator's public dev mnemonic (DEV_MNEMONIC in @castkit/emulator, pinned equal by the e2e
 * test): its first account is the custody of alice (fid 1), the app of every seeded signer. Anyone
 * can derive its keys; it signs nothing of value and is offered only against the emulator.
 */
export const EMULATOR_DEV_MNEMONIC = 'test test test test test test test test test test test junk';

export async function accountFromMnemonic(mnemonic: string): Promise<TypedDataSigner & { address: string }> {
  const { mnemonicToAccount } = await import('viem/accounts');
  try {
    return mnemonicToAccount(mnemonic.trim().replace(/\s+/g, ' '));
  } catch {
    throw new Error('The mnemonic is not a valid BIP-39 phrase.');
  }
}

/** A fresh ed25519 key pair for a developer managed signer; the private key never leaves the page. */
export async function generateEd25519PublicKey(): Promise<string> {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  return `0x${[...raw].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}
