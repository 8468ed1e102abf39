import type { Message, MessageData } from '@farcaster/core';
import { messageHash } from '../ground/codec.js';
import { ed25519PublicKey, ed25519Sign, rememberSignature } from '../ground/keys.js';
import { farcasterCore } from './core.js';

/**
 * Encodes and signs MessageData with a raw ed25519 key: the same bytes @farcaster/core's
 * make* helpers produce, but synchronous and on node:crypto (fast enough to seed with).
 */
export function signMessageData(data: MessageData, privateKey: Uint8Array): Message {
  const dataBytes = farcasterCore().MessageData.encode(data).finish();
  const hash = messageHash(dataBytes);
  const signature = ed25519Sign(privateKey, hash);
  const signer = ed25519PublicKey(privateKey);
  rememberSignature(signature, hash, signer);
  return { data, hash, hashScheme: 1, signature, signatureScheme: 1, signer, dataBytes };
}
