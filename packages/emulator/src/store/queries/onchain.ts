// The emulated chain's records: on-chain events, rented storage and username proofs.
import type { Store } from '../store.js';

export type OnChainRow = {
  id: number;
  type: number;
  fid: number;
  chain_id: number;
  block_number: number;
  block_hash: string;
  block_timestamp: number;
  tx_hash: string;
  log_index: number;
  tx_index: number;
  address: string | null;
  /** JSON of the event's fields (store/accounts.ts writes it). */
  body: string;
};

export type UsernameProofRow = {
  name: string;
  fid: number;
  owner: string;
  type: number;
  /** unix seconds */
  timestamp: number;
  signature: Buffer;
  /** The UsernameProof message that set it; null for proofs not made by a message. */
  message_hash: string | null;
};

export function onChainEventById(store: Store, id: number): OnChainRow | undefined {
  return store.stmt('SELECT * FROM onchain_events WHERE id = ?').get(id) as OnChainRow | undefined;
}

/** The latest id-register event of a custody address (lower-case hex). */
export function latestIdRegisterByAddress(store: Store, address: string): OnChainRow | undefined {
  return store
    .stmt('SELECT * FROM onchain_events WHERE address = ? AND type = 3 ORDER BY id DESC LIMIT 1')
    .get(address) as OnChainRow | undefined;
}

/** A fid's on-chain events of one type, oldest first. */
export function onChainEventsByFid(store: Store, fid: number, type: number): OnChainRow[] {
  return store
    .stmt('SELECT * FROM onchain_events WHERE fid = ? AND type = ? ORDER BY id')
    .all(fid, type) as OnChainRow[];
}

/** The signer-add events of a fid's keys that are still active, oldest first. */
export function activeSignerAddEvents(store: Store, fid: number): OnChainRow[] {
  return store
    .stmt(
      `SELECT e.* FROM onchain_events e JOIN active_keys k ON k.fid = e.fid AND k.public_key = e.address
       WHERE e.fid = ? AND e.type = 1 AND k.removed_at IS NULL AND json_extract(e.body, '$.eventType') = 1
       ORDER BY e.id`,
    )
    .all(fid) as OnChainRow[];
}

export function onChainEventCount(store: Store): number {
  return Number(store.stmt('SELECT COUNT(*) FROM onchain_events').pluck().get());
}

export type StorageRentRow = { units: number; rented_at: number; expires_at: number };

/** Storage a fid rented that has not expired at `now`, in the order it was rented. */
export function activeStorageRents(store: Store, fid: number, now: number): StorageRentRow[] {
  return store
    .stmt(
      'SELECT units, rented_at, expires_at FROM storage_rent WHERE fid = ? AND expires_at > ? ORDER BY rented_at, id',
    )
    .all(fid, now) as StorageRentRow[];
}

export function usernameProofByName(store: Store, name: string): UsernameProofRow | undefined {
  return store.stmt('SELECT * FROM username_proofs WHERE name = ?').get(name) as UsernameProofRow | undefined;
}

export function usernameProofsByFid(store: Store, fid: number): UsernameProofRow[] {
  return store
    .stmt('SELECT * FROM username_proofs WHERE fid = ? ORDER BY name')
    .all(fid) as UsernameProofRow[];
}

export function usernameProofCount(store: Store): number {
  return Number(store.stmt('SELECT COUNT(*) FROM username_proofs').pluck().get());
}

/** Sets the proof for a name, replacing the one before (the caller marks its message removed). */
export function upsertUsernameProof(store: Store, p: UsernameProofRow & { message_hash: string }): void {
  store
    .stmt(
      `INSERT INTO username_proofs (name, fid, owner, type, timestamp, signature, message_hash)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET fid = excluded.fid, owner = excluded.owner, type = excluded.type,
         timestamp = excluded.timestamp, signature = excluded.signature, message_hash = excluded.message_hash`,
    )
    .run(p.name, p.fid, p.owner, p.type, p.timestamp, p.signature, p.message_hash);
}
