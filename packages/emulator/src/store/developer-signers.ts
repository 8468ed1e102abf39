// Developer-managed signers: the developer keeps the ed25519 private key, the emulator only knows
// the public key (a signers row with no private_key). Approval then works as for managed signers.
import { randomUUID } from 'node:crypto';
import { ConflictError } from '../protocol/errors.js';
import type { SignerRow } from './accounts.js';
import type { Store } from './store.js';

export function findSignerByPublicKey(store: Store, publicKey: string): SignerRow | undefined {
  return store.stmt('SELECT * FROM signers WHERE public_key = ?').get(publicKey.toLowerCase()) as
    | SignerRow
    | undefined;
}

/** Records a signed key request for a developer's key: the row waits for the user's approval. */
export function registerDeveloperKey(store: Store, publicKey: string, appFid: number): SignerRow {
  return store.tx(() => {
    const key = publicKey.toLowerCase();
    const existing = findSignerByPublicKey(store, key);
    if (existing) {
      if (existing.private_key)
        throw new ConflictError('this key belongs to a signer the emulator manages', 'public_key');
      if (existing.status !== 'pending_approval') {
        throw new ConflictError(`this key is already ${existing.status}`, 'public_key');
      }
      store
        .stmt('UPDATE signers SET app_fid = ?, updated_at = ? WHERE signer_uuid = ?')
        .run(appFid, store.now(), existing.signer_uuid);
    } else {
      const at = store.now();
      store
        .stmt(
          `INSERT INTO signers (signer_uuid, public_key, private_key, fid, app_fid, status, created_at, updated_at)
           VALUES (?, ?, NULL, NULL, ?, 'pending_approval', ?, ?)`,
        )
        .run(randomUUID(), key, appFid, at, at);
    }
    return findSignerByPublicKey(store, key)!;
  });
}
