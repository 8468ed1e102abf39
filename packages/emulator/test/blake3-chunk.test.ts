import { blake3 } from '@noble/hashes/blake3';
import { describe, expect, it } from 'vitest';
import { blake3Chunk20 } from '../src/ground/blake3-chunk.js';
import { Prng } from '../src/seed/prng.js';

describe('the single-chunk BLAKE3 of message hashes', () => {
  it('hashes every length from 0 to 1024 bytes as @noble/hashes BLAKE3 truncated to 20 bytes does', () => {
    const rng = new Prng(42);
    for (let len = 0; len <= 1024; len++) {
      const input = rng.bytes(len);
      expect(Buffer.from(blake3Chunk20(input)!).toString('hex'), `length ${len}`).toBe(
        Buffer.from(blake3(input, { dkLen: 20 })).toString('hex'),
      );
    }
  });

  it('leaves inputs longer than one chunk to the general BLAKE3', () => {
    expect(blake3Chunk20(new Uint8Array(1025))).toBeUndefined();
  });
});
