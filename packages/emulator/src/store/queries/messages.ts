// Stored protocol messages (every accepted message, history included) and the hub event log.
import type { Store } from '../store.js';
import { keysetPage } from './keyset.js';

export interface MessageRow {
  hash: string;
  fid: number;
  type: number;
  timestamp: number;
  data_bytes: Buffer;
  /** NULL for bulk-seeded rows until their first read signs them. */
  signature: Buffer | null;
  signer: string;
  removed: number;
}

/** The message holding a CRDT key now (a reaction, link, user data or verification row): hash and unix ms. */
export type KeyHolder = { hash: string; ts: number };

export type HubEventRow = {
  id: number;
  type: number;
  message_hash: string | null;
  deleted_hashes: string;
  onchain_event_id: number | null;
  username_proof_name: string | null;
  block_number: number;
  shard_index: number;
  ts: number;
};

export function messageByHash(store: Store, hash: string): MessageRow | undefined {
  return store.stmt('SELECT * FROM messages WHERE hash = ?').get(hash) as MessageRow | undefined;
}

export function messageExists(store: Store, hash: string): boolean {
  return store.stmt('SELECT 1 FROM messages WHERE hash = ?').get(hash) !== undefined;
}

export function messageCount(store: Store): number {
  return Number(store.stmt('SELECT COUNT(*) FROM messages').pluck().get());
}

/** The latest Farcaster timestamp among a fid's messages with this CRDT key; null when none. */
export function lastTimestampOfKey(store: Store, fid: number, crdtKey: string): number | null {
  return store
    .stmt('SELECT MAX(timestamp) FROM messages WHERE fid = ? AND crdt_key = ?')
    .pluck()
    .get(fid, crdtKey) as number | null;
}

export interface NewMessage {
  hash: string;
  fid: number;
  type: number;
  timestamp: number;
  dataBytes: Buffer;
  signature: Buffer;
  signer: string;
  crdtKey: string | null;
}

export function insertMessage(store: Store, m: NewMessage): void {
  store
    .stmt(
      `INSERT INTO messages (hash, fid, type, timestamp, data_bytes, signature, signer, crdt_key)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(m.hash, m.fid, m.type, m.timestamp, m.dataBytes, m.signature, m.signer, m.crdtKey);
}

/** Keeps the signature a deferred (bulk-seeded) message was signed with on first read. */
export function setMessageSignature(store: Store, hash: string, signature: Buffer): void {
  store.stmt('UPDATE messages SET signature = ? WHERE hash = ?').run(signature, hash);
}

/** A message superseded or removed stays as history. */
export function markMessageRemoved(store: Store, hash: string): void {
  store.stmt('UPDATE messages SET removed = 1 WHERE hash = ?').run(hash);
}

export function latestHubEventId(store: Store): number | null {
  return store.stmt('SELECT MAX(id) FROM hub_events').pluck().get() as number | null;
}

export function hubEventById(store: Store, id: number): HubEventRow | undefined {
  return store.stmt('SELECT * FROM hub_events WHERE id = ?').get(id) as HubEventRow | undefined;
}

/** Up to `limit` hub events from id `fromId` on, oldest first. */
export function hubEventsFrom(store: Store, fromId: number, limit: number): HubEventRow[] {
  return keysetPage<HubEventRow>(
    store,
    {
      select: 'SELECT * FROM hub_events',
      where: ['id >= ?'],
      binds: [fromId],
      order: [{ sql: 'id', as: 'id', dir: 'asc' }],
    },
    { limit },
  ).rows;
}
