import { describe, expect, it } from 'vitest';
import { ed25519PublicKey } from '../src/ground/keys.js';
import { Prng } from '../src/seed/prng.js';
import { PublicKeys } from '../src/seed/pubkeys.js';

describe("the seed's public keys", () => {
  it('are derived in a worker, for a long list, equal to what ed25519PublicKey derives', () => {
    // 2,000 keys or more go to the worker (the large seed's path); each is checked in order.
    const rng = new Prng(42);
    const privateKeys = Array.from({ length: 2500 }, () => rng.bytes(32));
    const keys = new PublicKeys(privateKeys);
    try {
      privateKeys.forEach((priv, i) => {
        expect(Buffer.from(keys.get(i)).toString('hex'), `key ${i}`).toBe(
          Buffer.from(ed25519PublicKey(priv)).toString('hex'),
        );
      });
    } finally {
      keys.close();
    }
  });
});
