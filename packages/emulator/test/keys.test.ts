import { ed25519 } from '@noble/curves/ed25519';
import { describe, expect, it } from 'vitest';
import {
  ed25519PublicKey,
  ed25519Sign,
  ed25519Verify,
  rememberSignature,
  SIGNED_HERE_MAX,
} from '../src/ground/keys.js';

describe('ed25519 on node:crypto', () => {
  const seed = new Uint8Array(32).fill(7);
  const publicKey = ed25519PublicKey(seed);
  const message = new TextEncoder().encode('a message hash');

  it('signs and verifies as the pure-JS implementation does', () => {
    const signature = ed25519Sign(seed, message);
    expect(signature).toEqual(ed25519.sign(message, seed));
    expect(ed25519Verify(signature, message, publicKey)).toBe(true);
    expect(ed25519.verify(signature, message, publicKey)).toBe(true);
  });

  it('refuses a changed message, another key, and malformed keys or signatures, without throwing', () => {
    const signature = ed25519Sign(seed, message);
    const other = ed25519PublicKey(new Uint8Array(32).fill(8));
    const changed = new Uint8Array(message);
    changed[0]! ^= 1;
    expect(ed25519Verify(signature, changed, publicKey)).toBe(false);
    expect(ed25519Verify(signature, message, other)).toBe(false);
    expect(ed25519Verify(signature.slice(1), message, publicKey)).toBe(false);
    expect(ed25519Verify(signature, message, publicKey.slice(1))).toBe(false);
    expect(ed25519Verify(new Uint8Array(64), message, new Uint8Array(32).fill(255))).toBe(false);
  });

  it('takes a signature it made as valid for that hash and key only: another hash or key is checked, and refused', () => {
    const signature = ed25519Sign(seed, message);
    rememberSignature(signature, message, publicKey);
    const changed = new Uint8Array(message);
    changed[0]! ^= 1;
    expect(ed25519Verify(signature, changed, publicKey)).toBe(false);
    expect(ed25519Verify(signature, message, ed25519PublicKey(new Uint8Array(32).fill(9)))).toBe(false);
    expect(ed25519Verify(signature, message, publicKey)).toBe(true);
    // Once checked it is checked again the long way, with the same answers.
    expect(ed25519Verify(signature, message, publicKey)).toBe(true);
    expect(ed25519Verify(signature, changed, publicKey)).toBe(false);
  });

  it('keeps the newest signatures it made past its bound, forgetting only the oldest', () => {
    // Notes of signatures no key made: one taken by its note answers true without a real verify, a
    // forgotten one is verified for real and refused — which tells the two apart.
    const noted = Array.from({ length: 2 * SIGNED_HERE_MAX }, (_, i) => {
      const signature = new Uint8Array(64);
      new DataView(signature.buffer).setUint32(0, i + 1);
      signature[63] = 0xaa;
      rememberSignature(signature, message, publicKey);
      return signature;
    });
    expect(ed25519Verify(noted[0]!, message, publicKey)).toBe(false);
    expect(ed25519Verify(noted[SIGNED_HERE_MAX - 1]!, message, publicKey)).toBe(false);
    expect(ed25519Verify(noted[SIGNED_HERE_MAX]!, message, publicKey)).toBe(true);
    expect(ed25519Verify(noted.at(-1)!, message, publicKey)).toBe(true);
  });

  it('derives the public key the pure-JS implementation derives', () => {
    for (const fill of [0, 1, 7, 255]) {
      const key = new Uint8Array(32).fill(fill);
      expect(ed25519PublicKey(key)).toEqual(ed25519.getPublicKey(key));
    }
  });
});
