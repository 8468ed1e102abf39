// Developer-managed signers: the developer keeps the ed25519 private key, the emulator only knows
// the public key (a signers row with no private_key). Approval then works as for managed signers.
import { randomUUID } from 'node:crypto';
import { ConflictError } from '../ground/errors.js';
import {
  insertDeveloperSigner,
  type SignerRow,
  setSignerAppFid,
  signerByPublicKey,
} from '../store/queries/signers.js';
import type { Store } from '../store/store.js';

export function findSignerByPublicKey(store: Store, publicKey: string): SignerRow | undefined {
  return signerByPublicKey(store, publicKey.toLowerCase());
}

/** Records a signed key request for a developer's key: the row waits for the user's approval. */
export function registerDeveloperKey(store: Store, publicKey: string, appFid: number): SignerRow {
  return store.tx(() => {
    const key = publicKey.toLowerCase();
    const existing = signerByPublicKey(store, key);
    if (existing) {
      if (existing.private_key)
        throw new ConflictError('this key belongs to a signer the emulator manages', 'public_key');
      if (existing.status !== 'pending_approval') {
        throw new ConflictError(`this key is already ${existing.status}`, 'public_key');
      }
      setSignerAppFid(store, existing.signer_uuid, appFid, store.now());
    } else {
      insertDeveloperSigner(store, randomUUID(), key, appFid, store.now());
    }
    return signerByPublicKey(store, key)!;
  });
}
