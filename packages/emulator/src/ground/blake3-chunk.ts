// BLAKE3 of an input that fits one chunk (1024 bytes), truncated to 20 bytes: every Farcaster
// message hash. The large seed hashes ~3.6 million messages; @noble/hashes' general BLAKE3 spends
// most of its time setting up views and buffers per call, which this single-chunk path does once.
// Longer inputs (none in the protocol's limits) go to the general one.

const IV = new Uint32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);
const CHUNK_START = 1;
const CHUNK_END = 2;
const ROOT = 8;
const CHUNK_LEN = 1024;
/** The message word order of rounds 1 to 7 (BLAKE3's permutation applied 0 to 6 times). */
const SCHEDULE = schedule();

function schedule(): Uint8Array {
  const perm = [2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8];
  const out = new Uint8Array(7 * 16);
  let order = Array.from({ length: 16 }, (_, i) => i);
  for (let r = 0; r < 7; r++) {
    out.set(order, r * 16);
    order = perm.map((p) => order[p]!);
  }
  return out;
}

const block = new Uint8Array(64);
const m = new Uint32Array(16);
const cv = new Uint32Array(8);
const view = new DataView(block.buffer);

// The state lives in locals (v0..v15), which V8 keeps in registers; the rounds are unrolled.
function compress(blockLen: number, flags: number): void {
  let v0 = cv[0]!,
    v1 = cv[1]!,
    v2 = cv[2]!,
    v3 = cv[3]!,
    v4 = cv[4]!,
    v5 = cv[5]!,
    v6 = cv[6]!,
    v7 = cv[7]!;
  let v8 = IV[0]!,
    v9 = IV[1]!,
    v10 = IV[2]!,
    v11 = IV[3]!,
    v12 = 0,
    v13 = 0,
    v14 = blockLen,
    v15 = flags;
  for (let o = 0; o < 112; o += 16) {
    v0 = (v0 + v4 + m[SCHEDULE[o]!]!) | 0;
    v12 ^= v0;
    v12 = (v12 >>> 16) | (v12 << 16);
    v8 = (v8 + v12) | 0;
    v4 ^= v8;
    v4 = (v4 >>> 12) | (v4 << 20);
    v0 = (v0 + v4 + m[SCHEDULE[o + 1]!]!) | 0;
    v12 ^= v0;
    v12 = (v12 >>> 8) | (v12 << 24);
    v8 = (v8 + v12) | 0;
    v4 ^= v8;
    v4 = (v4 >>> 7) | (v4 << 25);
    v1 = (v1 + v5 + m[SCHEDULE[o + 2]!]!) | 0;
    v13 ^= v1;
    v13 = (v13 >>> 16) | (v13 << 16);
    v9 = (v9 + v13) | 0;
    v5 ^= v9;
    v5 = (v5 >>> 12) | (v5 << 20);
    v1 = (v1 + v5 + m[SCHEDULE[o + 3]!]!) | 0;
    v13 ^= v1;
    v13 = (v13 >>> 8) | (v13 << 24);
    v9 = (v9 + v13) | 0;
    v5 ^= v9;
    v5 = (v5 >>> 7) | (v5 << 25);
    v2 = (v2 + v6 + m[SCHEDULE[o + 4]!]!) | 0;
    v14 ^= v2;
    v14 = (v14 >>> 16) | (v14 << 16);
    v10 = (v10 + v14) | 0;
    v6 ^= v10;
    v6 = (v6 >>> 12) | (v6 << 20);
    v2 = (v2 + v6 + m[SCHEDULE[o + 5]!]!) | 0;
    v14 ^= v2;
    v14 = (v14 >>> 8) | (v14 << 24);
    v10 = (v10 + v14) | 0;
    v6 ^= v10;
    v6 = (v6 >>> 7) | (v6 << 25);
    v3 = (v3 + v7 + m[SCHEDULE[o + 6]!]!) | 0;
    v15 ^= v3;
    v15 = (v15 >>> 16) | (v15 << 16);
    v11 = (v11 + v15) | 0;
    v7 ^= v11;
    v7 = (v7 >>> 12) | (v7 << 20);
    v3 = (v3 + v7 + m[SCHEDULE[o + 7]!]!) | 0;
    v15 ^= v3;
    v15 = (v15 >>> 8) | (v15 << 24);
    v11 = (v11 + v15) | 0;
    v7 ^= v11;
    v7 = (v7 >>> 7) | (v7 << 25);
    v0 = (v0 + v5 + m[SCHEDULE[o + 8]!]!) | 0;
    v15 ^= v0;
    v15 = (v15 >>> 16) | (v15 << 16);
    v10 = (v10 + v15) | 0;
    v5 ^= v10;
    v5 = (v5 >>> 12) | (v5 << 20);
    v0 = (v0 + v5 + m[SCHEDULE[o + 9]!]!) | 0;
    v15 ^= v0;
    v15 = (v15 >>> 8) | (v15 << 24);
    v10 = (v10 + v15) | 0;
    v5 ^= v10;
    v5 = (v5 >>> 7) | (v5 << 25);
    v1 = (v1 + v6 + m[SCHEDULE[o + 10]!]!) | 0;
    v12 ^= v1;
    v12 = (v12 >>> 16) | (v12 << 16);
    v11 = (v11 + v12) | 0;
    v6 ^= v11;
    v6 = (v6 >>> 12) | (v6 << 20);
    v1 = (v1 + v6 + m[SCHEDULE[o + 11]!]!) | 0;
    v12 ^= v1;
    v12 = (v12 >>> 8) | (v12 << 24);
    v11 = (v11 + v12) | 0;
    v6 ^= v11;
    v6 = (v6 >>> 7) | (v6 << 25);
    v2 = (v2 + v7 + m[SCHEDULE[o + 12]!]!) | 0;
    v13 ^= v2;
    v13 = (v13 >>> 16) | (v13 << 16);
    v8 = (v8 + v13) | 0;
    v7 ^= v8;
    v7 = (v7 >>> 12) | (v7 << 20);
    v2 = (v2 + v7 + m[SCHEDULE[o + 13]!]!) | 0;
    v13 ^= v2;
    v13 = (v13 >>> 8) | (v13 << 24);
    v8 = (v8 + v13) | 0;
    v7 ^= v8;
    v7 = (v7 >>> 7) | (v7 << 25);
    v3 = (v3 + v4 + m[SCHEDULE[o + 14]!]!) | 0;
    v14 ^= v3;
    v14 = (v14 >>> 16) | (v14 << 16);
    v9 = (v9 + v14) | 0;
    v4 ^= v9;
    v4 = (v4 >>> 12) | (v4 << 20);
    v3 = (v3 + v4 + m[SCHEDULE[o + 15]!]!) | 0;
    v14 ^= v3;
    v14 = (v14 >>> 8) | (v14 << 24);
    v9 = (v9 + v14) | 0;
    v4 ^= v9;
    v4 = (v4 >>> 7) | (v4 << 25);
  }
  cv[0] = v0 ^ v8;
  cv[1] = v1 ^ v9;
  cv[2] = v2 ^ v10;
  cv[3] = v3 ^ v11;
  cv[4] = v4 ^ v12;
  cv[5] = v5 ^ v13;
  cv[6] = v6 ^ v14;
  cv[7] = v7 ^ v15;
}

function loadBlock(input: Uint8Array, start: number, len: number): void {
  block.fill(0);
  block.set(input.subarray(start, start + len));
  for (let i = 0; i < 16; i++) m[i] = view.getUint32(i * 4, true);
}

/** BLAKE3(input) truncated to 20 bytes, or undefined when the input is longer than one chunk. */
export function blake3Chunk20(input: Uint8Array): Uint8Array | undefined {
  if (input.length > CHUNK_LEN) return undefined;
  cv.set(IV);
  const blocks = Math.max(1, Math.ceil(input.length / 64));
  for (let b = 0; b < blocks; b++) {
    const start = b * 64;
    const len = Math.min(64, input.length - start);
    loadBlock(input, start, len);
    const flags = (b === 0 ? CHUNK_START : 0) | (b === blocks - 1 ? CHUNK_END | ROOT : 0);
    compress(len, flags);
  }
  const out = new Uint8Array(20);
  for (let i = 0; i < 5; i++) {
    const v = cv[i]!;
    out[i * 4] = v & 0xff;
    out[i * 4 + 1] = (v >>> 8) & 0xff;
    out[i * 4 + 2] = (v >>> 16) & 0xff;
    out[i * 4 + 3] = v >>> 24;
  }
  return out;
}
