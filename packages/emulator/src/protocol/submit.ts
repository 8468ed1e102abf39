import type { Message } from '@farcaster/core';
import { toHex } from '../ground/codec.js';
import { ConflictError } from '../ground/errors.js';
import { HubEventType, MessageType } from '../ground/types.js';
import { appendHubEvent, insertMessage, messageExists } from '../store/queries/messages.js';
import type { Store } from '../store/store.js';
import { applyMessage, crdtKey } from './apply.js';
import { type DecodedMessage, decodeMessageBytes, validateState, validateStateless } from './validate.js';

export interface SubmitResult {
  /** The message as stored, data decoded from its dataBytes. */
  message: DecodedMessage;
  hash: string;
  /** Hashes of messages this one replaced (hub `deletedMessages`). */
  deleted: string[];
  eventId: number;
}

declare const validated: unique symbol;
/** A message that passed every check that needs no state: only validateMessages makes one. */
export type ValidatedMessage = DecodedMessage & { readonly [validated]: true };

/**
 * THE write path, in two steps. Every state change from either API arrives here as protocol
 * messages: first validated like a hub, without state (hash, signature, limits; async, so before
 * any transaction), then committed by commitMessages: state checks (registered fid, active
 * signer, newer message for the key) and storing, indexing and logging, all in one SQLite
 * transaction, so a crash or a failed check leaves all of the messages or none.
 * An operation that writes other rows too (an account, an idem record) validates, then runs one
 * store.tx that writes them and calls commitMessages.
 */
export async function validateMessages(
  store: Store,
  inputs: readonly (Message | Uint8Array)[],
  /** Verifications a local user takes to another fid, their claims not checked again (validateStateless). */
  opts: { carried?: boolean } = {},
): Promise<ValidatedMessage[]> {
  const out: ValidatedMessage[] = [];
  for (const input of inputs) {
    const m = await validateStateless(
      store,
      input instanceof Uint8Array ? decodeMessageBytes(input) : input,
      opts,
    );
    out.push(m as ValidatedMessage);
  }
  return out;
}

/**
 * Stores validated messages in one transaction, or in the caller's when one is open (so other rows
 * the operation writes commit or roll back with them). Throws if any fails: on its own it writes
 * nothing; in a caller's transaction it leaves the rollback to that transaction, which the
 * exception leaves in turn (no savepoint of its own: see Store.joinTx).
 */
export function commitMessages(store: Store, messages: readonly ValidatedMessage[]): SubmitResult[] {
  return store.joinTx(() => messages.map((m) => commitOne(store, m)));
}

/** Validates every message, then commits them all or none. */
export async function submitMessages(
  store: Store,
  inputs: readonly (Message | Uint8Array)[],
): Promise<SubmitResult[]> {
  return commitMessages(store, await validateMessages(store, inputs));
}

/** One message (the hub's submitMessage, a single v2 write): the same path as a batch of one. */
export async function submitMessage(store: Store, input: Message | Uint8Array): Promise<SubmitResult> {
  const [result] = await submitMessages(store, [input]);
  return result!;
}

/** Validation only, for hub `validateMessage`: the same checks, nothing stored. */
export async function checkMessage(store: Store, input: Message | Uint8Array): Promise<DecodedMessage> {
  const [message] = await validateMessages(store, [input]);
  validateState(store, message!);
  return message!;
}

function commitOne(store: Store, m: ValidatedMessage): SubmitResult {
  const hash = toHex(m.hash);
  validateState(store, m);
  if (messageExists(store, hash)) {
    throw new ConflictError(`duplicate message ${hash}`, 'hash', 'bad_request.duplicate');
  }
  insertMessage(store, {
    hash,
    fid: m.data.fid,
    type: m.data.type,
    timestamp: m.data.timestamp,
    dataBytes: Buffer.from(m.dataBytes),
    signature: Buffer.from(m.signature),
    signer: toHex(m.signer),
    crdtKey: crdtKey(m.data),
  });
  const deleted = applyMessage(store, hash, m.data);
  const isProof = m.data.type === MessageType.UsernameProof;
  const eventId = appendHubEvent(store, {
    type: isProof ? HubEventType.MergeUsernameProof : HubEventType.MergeMessage,
    messageHash: hash,
    deletedHashes: deleted,
    ...(isProof ? { usernameProofName: Buffer.from(m.data.usernameProofBody!.name).toString('utf8') } : {}),
  });
  return { message: m, hash, deleted, eventId };
}
