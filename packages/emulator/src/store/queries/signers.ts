// Managed signers and the keys each fid has on chain.
import type { SignerRow } from '../accounts.js';
import type { Store } from '../store.js';

/** The private key the emulator keeps for a public key (managed signers only). */
export function signerPrivateKey(store: Store, publicKey: string): Buffer | null | undefined {
  return store.stmt('SELECT private_key FROM signers WHERE public_key = ?').pluck().get(publicKey) as
    | Buffer
    | null
    | undefined;
}

/** A fid's signers, oldest first. */
export function signersOfFid(store: Store, fid: number): SignerRow[] {
  return store
    .stmt('SELECT * FROM signers WHERE fid = ? ORDER BY created_at, signer_uuid')
    .all(fid) as SignerRow[];
}

export function activeKeyCount(store: Store, fid: number): number {
  return Number(
    store.stmt('SELECT COUNT(*) FROM active_keys WHERE fid = ? AND removed_at IS NULL').pluck().get(fid),
  );
}
