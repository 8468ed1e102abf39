import type { Message, MessageData, validations } from '@farcaster/core';
import { messageHash, toFarcasterTime, toHex } from '../ground/codec.js';
import { ValidationError } from '../ground/errors.js';
import { ed25519Sign, ed25519Verify } from '../ground/keys.js';
import { messageOf } from '../ground/thrown.js';
import { MessageType } from '../ground/types.js';
import { isActiveKey } from '../store/queries/signers.js';
import { userExists } from '../store/queries/users.js';
import type { Store } from '../store/store.js';
import { farcasterCore } from './core.js';

/** How far ahead of the emulator clock a message timestamp may be, as on a hub. */
const ALLOWED_CLOCK_SKEW_SECONDS = 10 * 60;
const NETWORK_MAINNET = 1;
const STORED_TYPES = new Set<number>([
  MessageType.CastAdd,
  MessageType.CastRemove,
  MessageType.ReactionAdd,
  MessageType.ReactionRemove,
  MessageType.LinkAdd,
  MessageType.LinkRemove,
  MessageType.VerificationAdd,
  MessageType.VerificationRemove,
  MessageType.UserDataAdd,
  MessageType.UsernameProof,
]);

/** The hub's own checks, with ed25519 on node:crypto rather than pure JS (a write's main cost). */
const VALIDATION_METHODS: Parameters<typeof validations.validateMessage>[1] = {
  ed25519_verify: async (signature, hash, signer) => ed25519Verify(signature, hash, signer),
  ed25519_signMessageHash: async (hash, signingKey) => ed25519Sign(signingKey, hash),
  blake3_20: messageHash,
};

/** A message whose data was decoded from its dataBytes, the form hubs hash and store. */
export type DecodedMessage = Message & { data: MessageData; dataBytes: Uint8Array };

export function decodeMessageBytes(bytes: Uint8Array): Message {
  if (bytes.length === 0) throw new ValidationError('message body is empty', 'body');
  try {
    return farcasterCore().Message.decode(bytes);
  } catch (e) {
    throw new ValidationError(`message bytes are not a valid protobuf Message: ${messageOf(e)}`, 'body');
  }
}

/**
 * Normalises a message the way a hub does: data always comes from dataBytes when those are set
 * (the signed hash covers those bytes, not a re-encoding).
 */
export function normalize(message: Message): DecodedMessage {
  let dataBytes = message.dataBytes;
  let data = message.data;
  if (dataBytes && dataBytes.length > 0) {
    try {
      data = farcasterCore().MessageData.decode(dataBytes);
    } catch {
      throw new ValidationError('dataBytes do not decode as MessageData', 'dataBytes');
    }
  } else if (data) {
    dataBytes = farcasterCore().MessageData.encode(data).finish();
  } else {
    throw new ValidationError('data is missing', 'data');
  }
  return { ...message, data, dataBytes } as DecodedMessage;
}

/**
 * Stateless checks: hash, signature, body limits (via @farcaster/core's own validators, so limits
 * match a hub's exactly), network and clock skew against the emulator clock.
 */
export async function validateStateless(
  store: Store,
  message: Message,
  opts: { carried?: boolean } = {},
): Promise<DecodedMessage> {
  const m = normalize(message);
  if (opts.carried) return carriedVerification(store, m);
  if (m.data.network !== NETWORK_MAINNET) {
    throw new ValidationError(`incorrect network: expected FARCASTER_NETWORK_MAINNET`, 'network');
  }
  if (!STORED_TYPES.has(m.data.type)) {
    throw new ValidationError(`unsupported message type ${m.data.type}`, 'type');
  }
  const verification = m.data.verificationAddAddressBody;
  if (verification && (verification.verificationType ?? 0) !== 0) {
    // Contract-wallet claims need an RPC call to the chain, which the emulator does not have.
    throw new ValidationError('contract verifications are not supported by the emulator', 'verificationType');
  }
  if (m.data.timestamp - toFarcasterTime(store.now()) > ALLOWED_CLOCK_SKEW_SECONDS) {
    throw new ValidationError('timestamp more than 10 mins in the future', 'timestamp');
  }
  // Core checks the same skew against the machine's clock, which would refuse every message of a
  // clock set ahead; skew was checked above against the emulator's, so core sees a time it accepts
  // (the hash and signature cover dataBytes, untouched).
  const coreTime = Math.min(m.data.timestamp, toFarcasterTime(Date.now()));
  const result = await farcasterCore().validations.validateMessage(
    { ...m, data: { ...m.data, timestamp: coreTime } },
    VALIDATION_METHODS,
  );
  if (result.isErr()) {
    throw new ValidationError(result.error.message, propertyFor(result.error.message));
  }
  return m;
}

/**
 * A verification a local user takes with it to another fid (move-aside): the same address and
 * claim, signed again for the new fid. Its claim names the old fid, and a seeded claim carries no
 * real signature (the seed holds no address key), so core's claim check would refuse it; it was
 * accepted (or seeded) once already. What is the emulator's own is checked: type, network, clock,
 * hash and ed25519 signature.
 */
function carriedVerification(store: Store, m: DecodedMessage): DecodedMessage {
  if (m.data.type !== MessageType.VerificationAdd || !m.data.verificationAddAddressBody)
    throw new ValidationError('only a verification add is carried to another fid', 'type');
  if (m.data.network !== NETWORK_MAINNET)
    throw new ValidationError('incorrect network: expected FARCASTER_NETWORK_MAINNET', 'network');
  if (m.data.timestamp - toFarcasterTime(store.now()) > ALLOWED_CLOCK_SKEW_SECONDS)
    throw new ValidationError('timestamp more than 10 mins in the future', 'timestamp');
  if (toHex(messageHash(m.dataBytes)) !== toHex(m.hash)) throw new ValidationError('invalid hash', 'hash');
  if (!ed25519Verify(m.signature, m.hash, m.signer))
    throw new ValidationError('invalid signature', 'signature');
  return m;
}

/** Checks that need state: the fid is registered and the signer is an active key for it. */
export function validateState(store: Store, m: DecodedMessage): void {
  const fid = m.data.fid;
  if (!userExists(store, fid)) {
    throw new ValidationError(
      `unknown fid: fid ${fid} is not registered`,
      'fid',
      'InvalidField',
      'bad_request.unknown_fid',
    );
  }
  const signer = toHex(m.signer);
  if (!isActiveKey(store, fid, signer)) {
    throw new ValidationError(
      `invalid signer: signer ${signer} is not an active key for fid ${fid}`,
      'signer',
      'InvalidField',
      'bad_request.unknown_signer',
    );
  }
}

function propertyFor(reason: string): string | undefined {
  if (reason.startsWith('invalid hash')) return 'hash';
  if (reason.includes('signature')) return 'signature';
  if (reason.startsWith('text')) return 'text';
  if (reason.includes('embed')) return 'embeds';
  if (reason.includes('mention')) return 'mentions';
  if (reason.includes('timestamp')) return 'timestamp';
  return undefined;
}
