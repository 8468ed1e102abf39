// The emulated chain's records: on-chain events, rented storage and username proofs.

import { column, type Json, rows, write } from '../statements.js';
import type { Store } from '../store.js';

/** What the write path keeps in an on-chain event's `body` column (domain/accounts.ts), by event type; read as one shape holding the fields of every kind, by event type. */
export interface OnChainBody {
  key: string;
  keyType?: number;
  eventType: number;
  metadata?: string;
  metadataType?: number;
  to: string;
  from?: string;
  recoveryAddress: string;
  payer: string;
  units: number;
  expiry: number;
  migratedAt?: number;
}

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
  /** JSON of the event's fields (domain/accounts.ts writes it). */
  body: Json<OnChainBody>;
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

const ON_CHAIN_EVENT_BY_ID = rows<[id: number], OnChainRow>('SELECT * FROM onchain_events WHERE id = ?');

export function onChainEventById(store: Store, id: number): OnChainRow | undefined {
  return ON_CHAIN_EVENT_BY_ID.get(store, id);
}

const LATEST_ID_REGISTER_BY_ADDRESS = rows<[address: string], OnChainRow>(
  'SELECT * FROM onchain_events WHERE address = ? AND type = 3 ORDER BY id DESC LIMIT 1',
);

/** The latest id-register event of a custody address (lower-case hex). */
export function latestIdRegisterByAddress(store: Store, address: string): OnChainRow | undefined {
  return LATEST_ID_REGISTER_BY_ADDRESS.get(store, address);
}

const ON_CHAIN_EVENTS_BY_FID = rows<[fid: number, type: number], OnChainRow>(
  'SELECT * FROM onchain_events WHERE fid = ? AND type = ? ORDER BY id',
);

/** A fid's on-chain events of one type, oldest first. */
export function onChainEventsByFid(store: Store, fid: number, type: number): OnChainRow[] {
  return ON_CHAIN_EVENTS_BY_FID.all(store, fid, type);
}

const ACTIVE_SIGNER_ADD_EVENTS = rows<
  [fid: number],
  OnChainRow
>(`SELECT e.* FROM onchain_events e JOIN active_keys k ON k.fid = e.fid AND k.public_key = e.address
       WHERE e.fid = ? AND e.type = 1 AND k.removed_at IS NULL AND json_extract(e.body, '$.eventType') = 1
       ORDER BY e.id`);

/** The signer-add events of a fid's keys that are still active, oldest first. */
export function activeSignerAddEvents(store: Store, fid: number): OnChainRow[] {
  return ACTIVE_SIGNER_ADD_EVENTS.all(store, fid);
}

const ON_CHAIN_EVENT_COUNT = column<[], number>('SELECT COUNT(*) FROM onchain_events');

export function onChainEventCount(store: Store): number {
  return ON_CHAIN_EVENT_COUNT.get(store) ?? 0;
}

const NEXT_ON_CHAIN_EVENT_ID = column<[], number>('SELECT COALESCE(MAX(id), 0) + 1 FROM onchain_events');

/** The id the next on-chain event gets: one more than the highest. */
export function nextOnChainEventId(store: Store): number {
  return NEXT_ON_CHAIN_EVENT_ID.get(store) ?? 1;
}

export type NewOnChainEvent = Omit<OnChainRow, 'log_index' | 'tx_index'>;

const INSERT_ON_CHAIN_EVENT = write<[NewOnChainEvent]>(
  `INSERT INTO onchain_events (id, type, fid, chain_id, block_number, block_hash, block_timestamp, tx_hash,
     log_index, tx_index, address, body)
   VALUES (@id, @type, @fid, @chain_id, @block_number, @block_hash, @block_timestamp, @tx_hash, 0, 0, @address, @body)`,
);

export function insertOnChainEvent(store: Store, row: NewOnChainEvent): void {
  INSERT_ON_CHAIN_EVENT.run(store, row);
}

const INSERT_STORAGE_RENT = write<
  [id: number, fid: number, units: number, payer: string, rentedAt: number, expiresAt: number]
>('INSERT INTO storage_rent (id, fid, units, payer, rented_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)');

/** Storage rented by the on-chain event `id`, from `rentedAt` until `expiresAt` (unix ms). */
export function insertStorageRent(
  store: Store,
  rent: { id: number; fid: number; units: number; payer: string; rentedAt: number; expiresAt: number },
): void {
  INSERT_STORAGE_RENT.run(store, rent.id, rent.fid, rent.units, rent.payer, rent.rentedAt, rent.expiresAt);
}

const ACTIVE_UNITS = column<[fid: number, now: number], number>(
  'SELECT COALESCE(SUM(units), 0) FROM storage_rent WHERE fid = ? AND expires_at > ?',
);

/** Storage units a fid has rented that have not expired at `now`. */
export function activeStorageUnits(store: Store, fid: number, now: number): number {
  return ACTIVE_UNITS.get(store, fid, now) ?? 0;
}

const STORAGE_COUNTS = rows<
  [{ fid: number }],
  {
    casts: number;
    links: number;
    reactions: number;
    user_data: number;
    verifications: number;
    username_proofs: number;
  }
>(
  `SELECT (SELECT COUNT(*) FROM casts WHERE fid = @fid AND deleted = 0) AS casts,
     (SELECT COUNT(*) FROM links WHERE fid = @fid) AS links,
     (SELECT COUNT(*) FROM reactions WHERE fid = @fid) AS reactions,
     (SELECT COUNT(*) FROM user_data WHERE fid = @fid) AS user_data,
     (SELECT COUNT(*) FROM verifications WHERE fid = @fid) AS verifications,
     (SELECT COUNT(*) FROM username_proofs WHERE fid = @fid) AS username_proofs`,
);

/** How many rows of each store a fid holds now (removed casts no longer count). */
export function storageCounts(store: Store, fid: number) {
  return (
    STORAGE_COUNTS.get(store, { fid }) ?? {
      casts: 0,
      links: 0,
      reactions: 0,
      user_data: 0,
      verifications: 0,
      username_proofs: 0,
    }
  );
}

export type StorageRentRow = { units: number; rented_at: number; expires_at: number };

const ACTIVE_STORAGE_RENTS = rows<[fid: number, now: number], StorageRentRow>(
  'SELECT units, rented_at, expires_at FROM storage_rent WHERE fid = ? AND expires_at > ? ORDER BY rented_at, id',
);

/** Storage a fid rented that has not expired at `now`, in the order it was rented. */
export function activeStorageRents(store: Store, fid: number, now: number): StorageRentRow[] {
  return ACTIVE_STORAGE_RENTS.all(store, fid, now);
}

const USERNAME_PROOF_BY_NAME = rows<[name: string], UsernameProofRow>(
  'SELECT * FROM username_proofs WHERE name = ?',
);

export function usernameProofByName(store: Store, name: string): UsernameProofRow | undefined {
  return USERNAME_PROOF_BY_NAME.get(store, name);
}

const USERNAME_PROOFS_BY_FID = rows<[fid: number], UsernameProofRow>(
  'SELECT * FROM username_proofs WHERE fid = ? ORDER BY name',
);

export function usernameProofsByFid(store: Store, fid: number): UsernameProofRow[] {
  return USERNAME_PROOFS_BY_FID.all(store, fid);
}

const USERNAME_PROOF_COUNT = column<[], number>('SELECT COUNT(*) FROM username_proofs');

export function usernameProofCount(store: Store): number {
  return USERNAME_PROOF_COUNT.get(store) ?? 0;
}

const UPSERT_USERNAME_PROOF = write<
  [
    name: string,
    fid: number,
    owner: string,
    type: number,
    timestamp: number,
    signature: Buffer,
    message_hash: string,
  ]
>(`INSERT INTO username_proofs (name, fid, owner, type, timestamp, signature, message_hash)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET fid = excluded.fid, owner = excluded.owner, type = excluded.type,
         timestamp = excluded.timestamp, signature = excluded.signature, message_hash = excluded.message_hash`);

/** Sets the proof for a name, replacing the one before (the caller marks its message removed). */
export function upsertUsernameProof(store: Store, p: UsernameProofRow & { message_hash: string }): void {
  UPSERT_USERNAME_PROOF.run(store, p.name, p.fid, p.owner, p.type, p.timestamp, p.signature, p.message_hash);
}
