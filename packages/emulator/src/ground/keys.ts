import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519';

// node:crypto signs and verifies ed25519 about 20x faster than a pure-JS implementation, which
// matters when seeding tens of thousands of messages and on every write. Keys are raw 32 bytes,
// wrapped in DER here (PKCS#8 for private seeds, SPKI for public keys).
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const keyCache = new Map<string, KeyObject>();

function keyObject(raw: Uint8Array, kind: 'private' | 'public'): KeyObject {
  const id = `${kind}:${Buffer.from(raw).toString('hex')}`;
  let key = keyCache.get(id);
  if (!key) {
    key =
      kind === 'private'
        ? createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, raw]), format: 'der', type: 'pkcs8' })
        : createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, raw]), format: 'der', type: 'spki' });
    if (keyCache.size > 10_000) keyCache.clear();
    keyCache.set(id, key);
  }
  return key;
}

const publicKeys = new Map<string, Uint8Array>();

/**
 * Public key of a raw seed. Pure JS here: OpenSSL's PKCS#8 parsing costs ~300µs per new key, which
 * dominated seeding 100k users; signing (many messages per key) stays on node:crypto. Kept per key:
 * every message a managed signer sends names its public key, and deriving it (~0.3 ms) was a
 * quarter of a write.
 */
export function ed25519PublicKey(privateKey: Uint8Array): Uint8Array {
  const id = Buffer.from(privateKey).toString('hex');
  let key = publicKeys.get(id);
  if (!key) {
    key = ed25519.getPublicKey(privateKey);
    if (publicKeys.size > 10_000) publicKeys.clear();
    publicKeys.set(id, key);
  }
  return key.slice();
}

export function ed25519Sign(privateKey: Uint8Array, message: Uint8Array): Uint8Array {
  return new Uint8Array(sign(null, message, keyObject(privateKey, 'private')));
}

/** False for a malformed key or signature as well as a wrong one. */
export function ed25519Verify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  if (publicKey.length !== 32 || signature.length !== 64) return false;
  try {
    return verify(null, message, keyObject(publicKey, 'public'), signature);
  } catch {
    return false;
  }
}
