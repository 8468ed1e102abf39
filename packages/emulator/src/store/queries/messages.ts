// Stored protocol messages (every accepted message, history included) and the hub event log.

import { toFarcasterTime } from '../../ground/codec.js';
import { signalEventAppended } from '../commit-signal.js';
import { column, type Json, rows, write } from '../statements.js';
import type { Store } from '../store.js';
import { pager } from './keyset.js';

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
  deleted_hashes: Json<string[]>;
  onchain_event_id: number | null;
  username_proof_name: string | null;
  block_number: number;
  shard_index: number;
  ts: number;
  /** A fungible trade's id (ledger_trades) for a trade event, which is no hub event; null otherwise. */
  trade_id: number | null;
};

// Hashes are stored as their bytes and signers once each (messages-schema.ts); these statements take
// and give both as 0x-hex, the store's convention.
const HASH_PARAM = 'unhex(substr(?, 3))';
const HEX_HASH = "'0x' || lower(hex(m.hash))";

const MESSAGE = rows<[hash: string], MessageRow>(
  `SELECT ${HEX_HASH} AS hash, m.fid, m.type, m.timestamp, m.data_bytes, m.signature, s.public_key AS signer,
     m.removed
   FROM messages m JOIN message_signers s ON s.id = m.signer_id WHERE m.hash = ${HASH_PARAM}`,
);

export function messageByHash(store: Store, hash: string): MessageRow | undefined {
  return MESSAGE.get(store, hash);
}

const MESSAGE_EXISTS = column<[hash: string], 1>(`SELECT 1 FROM messages WHERE hash = ${HASH_PARAM}`);

export function messageExists(store: Store, hash: string): boolean {
  return MESSAGE_EXISTS.get(store, hash) !== undefined;
}

const LIVE_MESSAGES_OF = rows<[fid: number, type: number], { hash: string; data_bytes: Buffer }>(
  `SELECT ${HEX_HASH} AS hash, m.data_bytes FROM messages m
   WHERE m.fid = ? AND m.type = ? AND m.removed = 0 ORDER BY m.timestamp, m.hash`,
);

/** A fid's messages of one type that hold their state now (not removed or replaced), oldest first. */
export function liveMessagesOf(
  store: Store,
  fid: number,
  type: number,
): { hash: string; data_bytes: Buffer }[] {
  return LIVE_MESSAGES_OF.all(store, fid, type);
}

const MESSAGE_COUNT = column<[], number>('SELECT COUNT(*) FROM messages');

export function messageCount(store: Store): number {
  return MESSAGE_COUNT.get(store) ?? 0;
}

const LAST_TIMESTAMP_OF_KEY = column<[fid: number, crdtKey: string], number | null>(
  'SELECT MAX(timestamp) FROM messages WHERE fid = ? AND crdt_key = ?',
);

/** The latest Farcaster timestamp among a fid's messages with this CRDT key; null when none. */
export function lastTimestampOfKey(store: Store, fid: number, crdtKey: string): number | null {
  return LAST_TIMESTAMP_OF_KEY.get(store, fid, crdtKey) ?? null;
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

const ADD_SIGNER = write<[publicKey: string]>(
  'INSERT OR IGNORE INTO message_signers (public_key) VALUES (?)',
);

const INSERT_MESSAGE = write<[NewMessage]>(
  `INSERT INTO messages (hash, fid, type, timestamp, data_bytes, signature, signer_id, crdt_key)
   VALUES (unhex(substr(@hash, 3)), @fid, @type, @timestamp, @dataBytes, @signature,
     (SELECT id FROM message_signers WHERE public_key = @signer), @crdtKey)`,
);

export function insertMessage(store: Store, m: NewMessage): void {
  ADD_SIGNER.run(store, m.signer);
  INSERT_MESSAGE.run(store, m);
}

const SET_SIGNATURE = write<[signature: Buffer, hash: string]>(
  `UPDATE messages SET signature = ? WHERE hash = ${HASH_PARAM}`,
);

/** Keeps the signature a deferred (bulk-seeded) message was signed with on first read. */
export function setMessageSignature(store: Store, hash: string, signature: Buffer): void {
  SET_SIGNATURE.run(store, signature, hash);
}

const MARK_REMOVED = write<[hash: string]>(`UPDATE messages SET removed = 1 WHERE hash = ${HASH_PARAM}`);

/** A message superseded or removed stays as history. */
export function markMessageRemoved(store: Store, hash: string): void {
  MARK_REMOVED.run(store, hash);
}

export interface HubEventInput {
  type: number;
  messageHash?: string;
  deletedHashes?: string[];
  onchainEventId?: number;
  usernameProofName?: string;
  /** The fungible trade a trade event names (type LocalEventType.Trade). */
  tradeId?: number;
  at?: number;
}

const INSERT_HUB_EVENT = write<
  [
    type: number,
    messageHash: string | null,
    deletedHashes: string,
    onchainEventId: number | null,
    usernameProofName: string | null,
    blockNumber: number,
    ts: number,
    tradeId: number | null,
  ]
>(
  `INSERT INTO hub_events (type, message_hash, deleted_hashes, onchain_event_id, username_proof_name,
     block_number, shard_index, ts, trade_id) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)`,
);

/** Appends to the event log and tells whoever waits for events once the transaction commits. */
export function appendHubEvent(store: Store, e: HubEventInput): number {
  const at = e.at ?? store.now();
  const info = INSERT_HUB_EVENT.run(
    store,
    e.type,
    e.messageHash ?? null,
    JSON.stringify(e.deletedHashes ?? []),
    e.onchainEventId ?? null,
    e.usernameProofName ?? null,
    // One snapchain block per second of emulator time is close enough for clients that read it.
    Math.max(0, toFarcasterTime(at)),
    at,
    e.tradeId ?? null,
  );
  signalEventAppended(store);
  return Number(info.lastInsertRowid);
}

const LATEST_HUB_EVENT_ID = column<[], number | null>('SELECT MAX(id) FROM hub_events');

export function latestHubEventId(store: Store): number | null {
  return LATEST_HUB_EVENT_ID.get(store) ?? null;
}

const HUB_EVENT = rows<[id: number], HubEventRow>('SELECT * FROM hub_events WHERE id = ?');

export function hubEventById(store: Store, id: number): HubEventRow | undefined {
  return HUB_EVENT.get(store, id);
}

const HUB_EVENTS = pager<HubEventRow>();

/**
 * Up to `limit` events of the log from id `fromId` on, oldest first: every one (`all`, what webhooks
 * and realtime read), or the hub's alone (`hub`: not the trade events, which the hub has not).
 */
export function hubEventsFrom(
  store: Store,
  fromId: number,
  limit: number,
  kinds: 'all' | 'hub' = 'all',
): HubEventRow[] {
  return HUB_EVENTS.page(
    store,
    {
      select: 'SELECT * FROM hub_events',
      where: kinds === 'hub' ? ['id >= ?', 'trade_id IS NULL'] : ['id >= ?'],
      binds: [fromId],
      order: [{ sql: 'id', as: 'id', dir: 'asc' }],
    },
    { limit },
  ).rows;
}
