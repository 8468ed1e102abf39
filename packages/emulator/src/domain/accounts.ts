import { randomBytes, randomUUID } from 'node:crypto';
import { toHex } from '../ground/codec.js';
import { ConflictError, NotFoundError, ValidationError } from '../ground/errors.js';
import { ed25519PublicKey } from '../ground/keys.js';
import { OnChainEventType } from '../ground/types.js';
import { activeStorageUnits, insertStorageRent, storageCounts } from '../store/queries/onchain.js';
import {
  insertSigner,
  markKeyRemoved,
  type SignerRow,
  setSignerApproved,
  setSignerPending,
  setSignerRevoked,
  signerByUuid,
  upsertActiveKey,
} from '../store/queries/signers.js';
import { fidByCustody, insertUser, nextFreeFid, userExists } from '../store/queries/users.js';
import type { Store } from '../store/store.js';
import { appendOnChainEvent } from './onchain.js';

/** A year of storage per unit, as on chain. */
const STORAGE_TERM_MS = 365 * 24 * 3600 * 1000;

export interface RegisterUserInput {
  fid?: number;
  custodyAddress: string;
  recoveryAddress?: string;
  username?: string | null;
  at?: number;
  storageUnits?: number;
}

/**
 * Registers a fid the way the chain does: an id-register event, then rented storage.
 * Profile fields arrive later as UserDataAdd messages through the write path.
 */
export function registerUser(store: Store, input: RegisterUserInput): number {
  return store.tx(() => {
    const at = input.at ?? store.now();
    const fid = input.fid ?? nextFreeFid(store);
    const custody = input.custodyAddress.toLowerCase();
    if (userExists(store, fid)) {
      throw new ConflictError(`fid ${fid} is already registered`, 'fid');
    }
    const owner = fidByCustody(store, custody);
    if (owner !== undefined)
      throw new ConflictError(`${custody} already owns fid ${owner}`, 'custody_address');
    const recovery = (input.recoveryAddress ?? '0x00000000fcb080a4d6c39a9354da9eb9bc104cd7').toLowerCase();
    insertUser(store, { fid, username: input.username ?? null, custody, recovery, at });
    appendOnChainEvent(store, {
      type: OnChainEventType.IdRegister,
      fid,
      address: custody,
      at,
      body: { to: custody, from: '', eventType: 1, recoveryAddress: recovery },
    });
    rentStorage(store, fid, input.storageUnits ?? 1, custody, at);
    return fid;
  });
}

export function rentStorage(store: Store, fid: number, units: number, payer: string, at = store.now()): void {
  const expiresAt = at + STORAGE_TERM_MS;
  const id = appendOnChainEvent(store, {
    type: OnChainEventType.StorageRent,
    fid,
    address: payer,
    at,
    body: { payer, units, expiry: Math.floor(expiresAt / 1000) },
  });
  insertStorageRent(store, { id, fid, units, payer, rentedAt: at, expiresAt });
}

/**
 * What one storage unit holds per store, as the protocol's legacy unit defines it. The hub's
 * storage limits list the stores in this order.
 */
export const UNIT_CAPACITY = {
  casts: 5000,
  links: 2500,
  reactions: 2500,
  user_data: 50,
  verifications: 25,
  username_proofs: 5,
} as const;

export type StorageKind = keyof typeof UNIT_CAPACITY;

/** Storage units a fid has rented that have not expired. */
export function activeUnits(store: Store, fid: number): number {
  return activeStorageUnits(store, fid, store.now());
}

/** How much of each store a fid uses now (removed casts no longer count). */
export function storageUsed(store: Store, fid: number): Record<StorageKind, number> {
  return storageCounts(store, fid);
}

/** Adds an ed25519 key for a fid on chain (KeyRegistry Add); the key may then sign for the fid. */
export function addKey(store: Store, fid: number, publicKey: string, appFid = 0, at = store.now()): void {
  store.tx(() => {
    const key = publicKey.toLowerCase();
    appendOnChainEvent(store, {
      type: OnChainEventType.Signer,
      fid,
      address: key,
      at,
      body: { key, keyType: 1, eventType: 1, metadata: '', metadataType: 1, appFid },
    });
    upsertActiveKey(store, fid, key, appFid, at);
  });
}

export function removeKey(store: Store, fid: number, publicKey: string, at = store.now()): void {
  store.tx(() => {
    const key = publicKey.toLowerCase();
    appendOnChainEvent(store, {
      type: OnChainEventType.Signer,
      fid,
      address: key,
      at,
      body: { key, keyType: 1, eventType: 2, metadata: '', metadataType: 1 },
    });
    markKeyRemoved(store, fid, key, at);
  });
}

export function getSigner(store: Store, signerUuid: string): SignerRow | undefined {
  return signerByUuid(store, signerUuid);
}

/** A managed signer: the emulator generates and keeps the ed25519 key. Status `generated`. */
export function createSigner(
  store: Store,
  opts: { signerUuid?: string; privateKey?: Uint8Array; at?: number } = {},
): SignerRow {
  const privateKey = opts.privateKey ?? new Uint8Array(randomBytes(32));
  const at = opts.at ?? store.now();
  const row: SignerRow = {
    signer_uuid: opts.signerUuid ?? randomUUID(),
    public_key: toHex(ed25519PublicKey(privateKey)),
    private_key: Buffer.from(privateKey),
    fid: null,
    app_fid: null,
    status: 'generated',
    created_at: at,
    updated_at: at,
  };
  insertSigner(store, row);
  return row;
}

/** Signed key request registered: the signer waits for the user's approval. */
export function requestSignerApproval(store: Store, signerUuid: string, appFid: number): SignerRow {
  const signer = mustSigner(store, signerUuid);
  if (signer.status !== 'generated' && signer.status !== 'pending_approval') {
    throw new ValidationError(`signer is ${signer.status}, cannot request approval`, 'signer_uuid');
  }
  setSignerPending(store, signerUuid, appFid, store.now());
  return mustSigner(store, signerUuid);
}

/** The user approved: the key is added on chain for fid and may sign from now on. */
export function approveSigner(store: Store, signerUuid: string, fid: number, at = store.now()): SignerRow {
  return store.tx(() => {
    const signer = mustSigner(store, signerUuid);
    if (signer.status === 'revoked') throw new ValidationError('signer is revoked', 'signer_uuid');
    if (!userExists(store, fid)) {
      throw new ValidationError(`fid ${fid} is not registered`, 'fid');
    }
    addKey(store, fid, signer.public_key, signer.app_fid ?? 0, at);
    setSignerApproved(store, signerUuid, fid, at);
    return mustSigner(store, signerUuid);
  });
}

export function revokeSigner(store: Store, signerUuid: string): SignerRow {
  return store.tx(() => {
    const signer = mustSigner(store, signerUuid);
    if (signer.fid !== null && signer.status === 'approved') removeKey(store, signer.fid, signer.public_key);
    setSignerRevoked(store, signerUuid, store.now());
    return mustSigner(store, signerUuid);
  });
}

/** The signer with this uuid, or the 404 that names it. */
export function mustSigner(store: Store, signerUuid: string): SignerRow {
  const s = getSigner(store, signerUuid);
  if (!s) throw new NotFoundError(`signer ${signerUuid} not found`, 'signer_uuid');
  return s;
}
