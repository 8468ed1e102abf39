// Developer-managed auth addresses: an app registers an Ethereum address by a signed key request
// from its custody address (checked by the caller); the address waits for a user's approval, which
// adds it on chain to the user's keys as an auth address (KeyRegistry key type 2).
import { ConflictError, NotFoundError, ValidationError } from '../ground/errors.js';
import { OnChainEventType } from '../ground/types.js';
import { type AuthAddressRow, authAddress, upsertAuthAddress } from '../store/queries/auth-addresses.js';
import { userExists } from '../store/queries/users.js';
import type { Store } from '../store/store.js';
import { appendOnChainEvent } from './onchain.js';

/** Records the request (again, while pending: the latest request's app and deadline hold). */
export function registerAuthAddress(
  store: Store,
  r: { address: string; appFid: number; deadline: number; redirectUrl?: string },
): AuthAddressRow {
  return store.tx(() => {
    const address = r.address.toLowerCase();
    const existing = authAddress(store, address);
    if (existing && existing.status !== 'pending_approval') {
      throw new ConflictError(`auth address ${address} is already ${existing.status}`, 'address');
    }
    const now = store.now();
    upsertAuthAddress(store, {
      address,
      app_fid: r.appFid,
      fid: null,
      status: 'pending_approval',
      deadline: r.deadline,
      redirect_url: r.redirectUrl ?? null,
      created_at: existing?.created_at ?? now,
      updated_at: now,
    });
    return authAddress(store, address)!;
  });
}

/** The auth address, or the 404 that names it. */
export function mustAuthAddress(store: Store, address: string): AuthAddressRow {
  const row = authAddress(store, address.toLowerCase());
  if (!row) throw new NotFoundError(`no developer managed auth address ${address}`, 'address');
  return row;
}

/** User `fid` approves a pending auth address: it is added on chain to their keys. */
export function approveAuthAddress(store: Store, address: string, fid: number): AuthAddressRow {
  return store.tx(() => {
    const row = mustAuthAddress(store, address);
    if (row.status !== 'pending_approval') {
      throw new ConflictError(`auth address ${row.address} is already ${row.status}`, 'address');
    }
    if (!userExists(store, fid)) throw new ValidationError(`fid ${fid} is not registered`, 'fid');
    const at = store.now();
    if (row.deadline * 1000 <= at) throw new ValidationError("the request's deadline has passed", 'address');
    appendOnChainEvent(store, {
      type: OnChainEventType.Signer,
      fid,
      address: row.address,
      at,
      body: {
        key: row.address,
        keyType: 2,
        eventType: 1,
        metadata: '',
        metadataType: 1,
        appFid: row.app_fid,
      },
    });
    upsertAuthAddress(store, { ...row, fid, status: 'approved', updated_at: at });
    return mustAuthAddress(store, row.address);
  });
}
