import { messageHash, toHex } from '../ground/codec.js';
import { HubEventType } from '../ground/types.js';
import { appendHubEvent } from '../store/queries/messages.js';
import { insertOnChainEvent, nextOnChainEventId } from '../store/queries/onchain.js';
import type { Store } from '../store/store.js';

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
  const id = nextOnChainEventId(store);
  insertOnChainEvent(store, {
    id,
    type: input.type,
    fid: input.fid,
    chain_id: CHAIN_ID,
    block_number: FIRST_BLOCK + id,
    block_hash: fakeHash('block', id),
    block_timestamp: Math.floor(at / 1000),
    tx_hash: fakeHash('tx', id),
    address: input.address ?? null,
    body: JSON.stringify(input.body),
  });
  appendHubEvent(store, { type: HubEventType.MergeOnChainEvent, onchainEventId: id, at });
  return id;
}
