import { messageHash, toFarcasterTime, toHex } from '../ground/codec.js';
import { ed25519Sign } from '../ground/keys.js';
import { messageDataBytes, type SeedMessageBody } from '../ground/message-data-bytes.js';
import { HubEventType } from '../ground/types.js';
import {
  type BulkInserts,
  type BulkMessageInserts,
  bulkInserts,
  bulkMessageInserts,
} from '../store/queries/bulk.js';
import type { RowSink } from '../store/row-batches.js';
import type { Store } from '../store/store.js';

/**
 * Bulk inserts for the seed. Rows are written directly (the dataset is consistent by construction),
 * but every protocol row still gets real canonical data bytes, a real blake3 hash and, unless
 * deferred, a real signature, plus its hub event — the same shape the write path produces.
 */
export class SeedWriter {
  private readonly insert: BulkMessageInserts;
  /** The derived tables' inserts, committed with the messages. */
  readonly rows: BulkInserts;
  private pending = 0;
  /** The last message's hash as bytes, for callers that reference it in later messages. */
  lastHash: Uint8Array = new Uint8Array(20);

  constructor(
    store: Store,
    /** Where rows go: the store's connection, or a thread writing them on its own. */
    private readonly sink: RowSink,
    private readonly sign: boolean,
    /** Hubs keep events for a few days only; older seeded activity has no event, as on a hub. */
    private readonly eventsSince: number,
  ) {
    this.insert = bulkMessageInserts(store, sink);
    this.rows = bulkInserts(sink);
  }

  /** Encodes, hashes, (signs) and stores one message with its merge event; returns the 0x hash. */
  message(
    fid: number,
    type: number,
    at: number,
    body: SeedMessageBody,
    key: { priv: Uint8Array; pub: string },
  ): string {
    const timestamp = toFarcasterTime(at);
    const dataBytes = messageDataBytes(type, fid, timestamp, body);
    const hashBytes = messageHash(dataBytes);
    const hash = toHex(hashBytes);
    this.lastHash = hashBytes;
    const signature = this.sign ? ed25519Sign(key.priv, hashBytes) : null;
    this.insert.message(hashBytes, fid, type, timestamp, dataBytes, signature, key.pub);
    this.event(HubEventType.MergeMessage, at, { messageHash: hash });
    return hash;
  }

  event(
    type: number,
    at: number,
    ref: { messageHash?: string; onchainEventId?: number; proofName?: string },
  ): void {
    if (at < this.eventsSince) {
      this.tick();
      return;
    }
    this.insert.hubEvent(
      type,
      ref.messageHash ?? null,
      ref.onchainEventId ?? null,
      ref.proofName ?? null,
      Math.max(0, toFarcasterTime(at)),
      at,
    );
    this.tick();
  }

  /** Commits every ~50k rows so the WAL stays small and a progress bar means something. */
  tick(): void {
    if (++this.pending >= 50_000) {
      this.sink.commitChunk();
      this.pending = 0;
    }
  }

  /** Rows from here on are written on the store's connection, so the seed may write on it too. */
  handBack(): void {
    this.sink.handBack();
  }

  finish(): void {
    this.sink.finish();
  }

  abort(): void {
    this.sink.abort();
  }
}
