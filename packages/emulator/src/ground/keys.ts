import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';

// node:crypto signs and verifies ed25519 about 20x faster than a pure-JS implementation, which
// matters when seeding tens of thousands of messages and on every write. Keys are raw 32 bytes:
// a private seed goes in as a JWK (OpenSSL decodes PKCS#8 DER ~20x slower, a large part of a new
// user's cost; for a private OKP key Node reads only `d`), a public key as DER (SPKI).
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const keyCache = new Map<string, KeyObject>();

function keyObject(raw: Uint8Array, kind: 'private' | 'public'): KeyObject {
  const id = `${kind}:${Buffer.from(raw).toString('hex')}`;
  let key = keyCache.get(id);
  if (!key) {
    key =
      kind === 'private'
        ? createPrivateKey({
            key: { kty: 'OKP', crv: 'Ed25519', d: Buffer.from(raw).toString('base64url'), x: '' },
            format: 'jwk',
          })
        : createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, raw]), format: 'der', type: 'spki' });
    if (keyCache.size > 10_000) keyCache.clear();
    keyCache.set(id, key);
  }
  return key;
}

const publicKeys = new Map<string, Uint8Array>();

/**
 * Public key of a raw seed, derived by node:crypto from the key object signing uses (a tenth of
 * the pure-JS derivation's cost). Kept per key: every message a managed signer sends names its
 * public key.
 */
export function ed25519PublicKey(privateKey: Uint8Array): Uint8Array {
  const id = Buffer.from(privateKey).toString('hex');
  let key = publicKeys.get(id);
  if (!key) {
    const { x } = createPublicKey(keyObject(privateKey, 'private')).export({ format: 'jwk' });
    key = new Uint8Array(Buffer.from(x ?? '', 'base64url'));
    if (publicKeys.size > 10_000) publicKeys.clear();
    publicKeys.set(id, key);
  }
  return key.slice();
}

export function ed25519Sign(privateKey: Uint8Array, message: Uint8Array): Uint8Array {
  return new Uint8Array(sign(null, message, keyObject(privateKey, 'private')));
}

/**
 * Signatures of message hashes this process made, each with its hash and public key: the write
 * path verifies every message, most of them ones the emulator signed a moment before (a managed
 * signer's write, an import), and a verify costs twice a sign. ed25519 is deterministic, so a
 * signature recorded here is valid for that hash and key by construction; anything else is verified.
 */
const signedHere = new Map<string, string>();
export const SIGNED_HERE_MAX = 10_000;

/** Notes a signature made here (by ed25519Sign) of `hash` under `publicKey`, for ed25519Verify. */
export function rememberSignature(signature: Uint8Array, hash: Uint8Array, publicKey: Uint8Array): void {
  // Bounded: past the bound the oldest notes go (a batch signed before it is committed keeps most of
  // its notes), where clearing them all made every later message of a large import verify for real.
  if (signedHere.size >= SIGNED_HERE_MAX) {
    const oldest = signedHere.keys().next();
    if (!oldest.done) signedHere.delete(oldest.value);
  }
  signedHere.set(Buffer.from(signature).toString('hex'), signedWhat(hash, publicKey));
}

const signedWhat = (message: Uint8Array, publicKey: Uint8Array) =>
  `${Buffer.from(message).toString('hex')}:${Buffer.from(publicKey).toString('hex')}`;

/** False for a malformed key or signature as well as a wrong one. */
export function ed25519Verify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  if (publicKey.length !== 32 || signature.length !== 64) return false;
  const id = Buffer.from(signature).toString('hex');
  const what = signedHere.get(id);
  if (what !== undefined && what === signedWhat(message, publicKey)) {
    // Checked once: a message is verified once on its way in.
    signedHere.delete(id);
    return true;
  }
  try {
    return verify(null, message, keyObject(publicKey, 'public'), signature);
  } catch {
    return false;
  }
}
