// Managed signers and the keys each fid has on chain.
import { column, rows, write } from '../statements.js';
import type { Store } from '../store.js';

export interface SignerRow {
  signer_uuid: string;
  public_key: string;
  private_key: Buffer | null;
  fid: number | null;
  app_fid: number | null;
  status: 'generated' | 'pending_approval' | 'approved' | 'revoked';
  created_at: number;
  updated_at: number;
}

const SIGNER = rows<[signerUuid: string], SignerRow>('SELECT * FROM signers WHERE signer_uuid = ?');

export function signerByUuid(store: Store, signerUuid: string): SignerRow | undefined {
  return SIGNER.get(store, signerUuid);
}

const SIGNER_BY_PUBLIC_KEY = rows<[publicKey: string], SignerRow>(
  'SELECT * FROM signers WHERE public_key = ?',
);

/** The signer row of a public key (lower-case hex), managed or the developer's. */
export function signerByPublicKey(store: Store, publicKey: string): SignerRow | undefined {
  return SIGNER_BY_PUBLIC_KEY.get(store, publicKey);
}

const INSERT_SIGNER = write<[SignerRow]>(
  `INSERT INTO signers (signer_uuid, public_key, private_key, fid, app_fid, status, created_at, updated_at)
   VALUES (@signer_uuid, @public_key, @private_key, @fid, @app_fid, @status, @created_at, @updated_at)`,
);

export function insertSigner(store: Store, row: SignerRow): void {
  INSERT_SIGNER.run(store, row);
}

const SET_PENDING = write<[appFid: number, at: number, signerUuid: string]>(
  "UPDATE signers SET status = 'pending_approval', app_fid = ?, updated_at = ? WHERE signer_uuid = ?",
);

export function setSignerPending(store: Store, signerUuid: string, appFid: number, at: number): void {
  SET_PENDING.run(store, appFid, at, signerUuid);
}

const SET_APPROVED = write<[fid: number, at: number, signerUuid: string]>(
  "UPDATE signers SET status = 'approved', fid = ?, updated_at = ? WHERE signer_uuid = ?",
);

export function setSignerApproved(store: Store, signerUuid: string, fid: number, at: number): void {
  SET_APPROVED.run(store, fid, at, signerUuid);
}

const SET_REVOKED = write<[at: number, signerUuid: string]>(
  "UPDATE signers SET status = 'revoked', updated_at = ? WHERE signer_uuid = ?",
);

export function setSignerRevoked(store: Store, signerUuid: string, at: number): void {
  SET_REVOKED.run(store, at, signerUuid);
}

const SET_APP_FID = write<[appFid: number, at: number, signerUuid: string]>(
  'UPDATE signers SET app_fid = ?, updated_at = ? WHERE signer_uuid = ?',
);

export function setSignerAppFid(store: Store, signerUuid: string, appFid: number, at: number): void {
  SET_APP_FID.run(store, appFid, at, signerUuid);
}

const INSERT_DEVELOPER_SIGNER = write<
  [signerUuid: string, publicKey: string, appFid: number, createdAt: number, updatedAt: number]
>(
  `INSERT INTO signers (signer_uuid, public_key, private_key, fid, app_fid, status, created_at, updated_at)
   VALUES (?, ?, NULL, NULL, ?, 'pending_approval', ?, ?)`,
);

/** A key the developer holds (no private key here), waiting for the user's approval. */
export function insertDeveloperSigner(
  store: Store,
  signerUuid: string,
  publicKey: string,
  appFid: number,
  at: number,
): void {
  INSERT_DEVELOPER_SIGNER.run(store, signerUuid, publicKey, appFid, at, at);
}

const UPSERT_ACTIVE_KEY = write<[fid: number, key: string, appFid: number, at: number]>(
  `INSERT INTO active_keys (fid, public_key, app_fid, added_at) VALUES (?, ?, ?, ?)
   ON CONFLICT (fid, public_key) DO UPDATE SET removed_at = NULL, added_at = excluded.added_at`,
);

/** A key added on chain for `fid` (again, if it was removed). */
export function upsertActiveKey(store: Store, fid: number, key: string, appFid: number, at: number): void {
  UPSERT_ACTIVE_KEY.run(store, fid, key, appFid, at);
}

const REMOVE_ACTIVE_KEY = write<[at: number, fid: number, key: string]>(
  'UPDATE active_keys SET removed_at = ? WHERE fid = ? AND public_key = ?',
);

export function markKeyRemoved(store: Store, fid: number, key: string, at: number): void {
  REMOVE_ACTIVE_KEY.run(store, at, fid, key);
}

const IS_ACTIVE_KEY = column<[fid: number, key: string], 1>(
  'SELECT 1 FROM active_keys WHERE fid = ? AND public_key = ? AND removed_at IS NULL',
);

/** Whether `publicKey` may sign for `fid` now; any letter case. */
export function isActiveKey(store: Store, fid: number, publicKey: string): boolean {
  return IS_ACTIVE_KEY.get(store, fid, publicKey.toLowerCase()) === 1;
}

const SIGNER_PRIVATE_KEY = column<[publicKey: string], Buffer | null>(
  'SELECT private_key FROM signers WHERE public_key = ?',
);

/** The private key the emulator keeps for a public key (managed signers only). */
export function signerPrivateKey(store: Store, publicKey: string): Buffer | null | undefined {
  return SIGNER_PRIVATE_KEY.get(store, publicKey);
}

const SIGNERS_OF_FID = rows<[fid: number], SignerRow>(
  'SELECT * FROM signers WHERE fid = ? ORDER BY created_at, signer_uuid',
);

/** A fid's signers, oldest first. */
export function signersOfFid(store: Store, fid: number): SignerRow[] {
  return SIGNERS_OF_FID.all(store, fid);
}

const ACTIVE_KEY_COUNT = column<[fid: number], number>(
  'SELECT COUNT(*) FROM active_keys WHERE fid = ? AND removed_at IS NULL',
);

export function activeKeyCount(store: Store, fid: number): number {
  return ACTIVE_KEY_COUNT.get(store, fid) ?? 0;
}
