import type { Message } from '@farcaster/core';
import { appendHubEvent } from '../store/onchain.js';
import type { Store } from '../store/store.js';
import { applyMessage, crdtKey } from './apply.js';
import { toHex } from './codec.js';
import { ConflictError } from './errors.js';
import { HubEventType, MessageType } from './types.js';
import { type DecodedMessage, decodeMessageBytes, validateState, validateStateless } from './validate.js';

export interface SubmitResult {
  /** The message as stored, data decoded from its dataBytes. */
  message: DecodedMessage;
  hash: string;
  /** Hashes of messages this one replaced (hub `deletedMessages`). */
  deleted: string[];
  eventId: number;
}

/**
 * THE write path. Every state change from either API arrives here as a protocol message:
 * validated like a hub (hash, signature, limits, registered fid, active signer), then stored,
 * indexed and logged in one SQLite transaction, so a crash leaves either all of it or none.
 */
export async function submitMessage(store: Store, input: Message | Uint8Array): Promise<SubmitResult> {
  const message = await validateStateless(
    store,
    input instanceof Uint8Array ? decodeMessageBytes(input) : input,
  );
  return commit(store, message);
}

/** Validation only, for hub `validateMessage`: the same checks, nothing stored. */
export async function checkMessage(store: Store, input: Message | Uint8Array): Promise<DecodedMessage> {
  const message = await validateStateless(
    store,
    input instanceof Uint8Array ? decodeMessageBytes(input) : input,
  );
  validateState(store, message);
  return message;
}

function commit(store: Store, m: DecodedMessage): SubmitResult {
  const hash = toHex(m.hash);
  return store.tx(() => {
    validateState(store, m);
    if (store.stmt('SELECT 1 FROM messages WHERE hash = ?').get(hash)) {
      throw new ConflictError(`duplicate message ${hash}`, 'hash', 'bad_request.duplicate');
    }
    store
      .stmt(
        `INSERT INTO messages (hash, fid, type, timestamp, data_bytes, signature, signer, crdt_key)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        hash,
        m.data.fid,
        m.data.type,
        m.data.timestamp,
        Buffer.from(m.dataBytes),
        Buffer.from(m.signature),
        toHex(m.signer),
        crdtKey(m.data),
      );
    const deleted = applyMessage(store, hash, m.data);
    const isProof = m.data.type === MessageType.UsernameProof;
    const eventId = appendHubEvent(store, {
      type: isProof ? HubEventType.MergeUsernameProof : HubEventType.MergeMessage,
      messageHash: hash,
      deletedHashes: deleted,
      ...(isProof ? { usernameProofName: Buffer.from(m.data.usernameProofBody!.name).toString('utf8') } : {}),
    });
    return { message: m, hash, deleted, eventId };
  });
}
