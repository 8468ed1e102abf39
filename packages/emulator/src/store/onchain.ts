import { signalEventAppended } from '../events/wake.js';
import { messageHash, toFarcasterTime, toHex } from '../protocol/codec.js';
import { HubEventType } from '../protocol/types.js';
import type { Store } from './store.js';

// The emulated chain: OP mainnet ids, one event per block, hashes derived from the event id so the
// same history always yields the same hashes.
const CHAIN_ID = 10;
const FIRST_BLOCK = 110_000_000;

const fakeHash = (kind: string, id: number): string =>
  toHex(
    Buffer.concat([
      messageHash(Buffer.from(`${kind}:${id}`)),
      messageHash(Buffer.from(`${kind}:${id}:2`)).subarray(0, 12),
    ]),
  );

export interface OnChainEventInput {
  type: number;
  fid: number;
  address?: string | null;
  body: Record<string, unknown>;
  /** unix ms; defaults to the store clock. */
  at?: number;
}

/** Appends an on-chain event and its MERGE_ON_CHAIN_EVENT hub event; returns the event id. */
export function appendOnChainEvent(store: Store, input: OnChainEventInput): number {
  const at = input.at ?? store.now();
  const id = Number(store.stmt('SELECT COALESCE(MAX(id), 0) + 1 FROM onchain_events').pluck().get());
  store
    .stmt(
      `INSERT INTO onchain_events (id, type, fid, chain_id, block_number, block_hash, block_timestamp, tx_hash,
        log_index, tx_index, address, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?)`,
    )
    .run(
      id,
      input.type,
      input.fid,
      CHAIN_ID,
      FIRST_BLOCK + id,
      fakeHash('block', id),
      Math.floor(at / 1000),
      fakeHash('tx', id),
      input.address ?? null,
      JSON.stringify(input.body),
    );
  appendHubEvent(store, { type: HubEventType.MergeOnChainEvent, onchainEventId: id, at });
  return id;
}

export interface HubEventInput {
  type: number;
  messageHash?: string;
  deletedHashes?: string[];
  onchainEventId?: number;
  usernameProofName?: string;
  at?: number;
}

export function appendHubEvent(store: Store, e: HubEventInput): number {
  const at = e.at ?? store.now();
  const info = store
    .stmt(
      `INSERT INTO hub_events (type, message_hash, deleted_hashes, onchain_event_id, username_proof_name,
        block_number, shard_index, ts) VALUES (?, ?, ?, ?, ?, ?, 1, ?)`,
    )
    .run(
      e.type,
      e.messageHash ?? null,
      JSON.stringify(e.deletedHashes ?? []),
      e.onchainEventId ?? null,
      e.usernameProofName ?? null,
      // One snapchain block per second of emulator time is close enough for clients that read it.
      Math.max(0, toFarcasterTime(at)),
      at,
    );
  signalEventAppended(store);
  return Number(info.lastInsertRowid);
}
