import { Worker } from 'node:worker_threads';
import { ed25519PublicKey } from '../ground/keys.js';

// Deriving 100k public keys is the largest single cost of the large seed's users phase. A worker
// derives them on the other core while the main thread writes rows, publishing progress through
// shared memory so the (synchronous) seed can wait on it. It derives them the way ed25519PublicKey
// does (node:crypto, the seed imported in JWK form, ~7x faster than noble's pure-JS derivation this
// worker used to load); the source is inline so it runs the same from sources, a bundle and dist.
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { createPrivateKey, createPublicKey } = require('node:crypto');
const priv = Buffer.from(workerData.priv);
const pub = new Uint8Array(workerData.pub);
const done = new Int32Array(workerData.done);
const n = priv.length / 32;
for (let i = 0; i < n; i++) {
  const d = priv.toString('base64url', i * 32, i * 32 + 32);
  const key = createPrivateKey({ key: { kty: 'OKP', crv: 'Ed25519', d, x: '' }, format: 'jwk' });
  const { x } = createPublicKey(key).export({ format: 'jwk' });
  pub.set(Buffer.from(x, 'base64url'), i * 32);
  if ((i & 63) === 63 || i === n - 1) {
    Atomics.store(done, 0, i + 1);
    Atomics.notify(done, 0);
  }
}
`;

/** Public keys for a list of private keys, in order; derived in a worker when the list is long. */
export class PublicKeys {
  private readonly pub: Uint8Array;
  private readonly done: Int32Array;
  private readonly worker: Worker | null;

  constructor(private readonly privateKeys: Uint8Array[]) {
    const n = privateKeys.length;
    const shared = new SharedArrayBuffer(n * 32);
    const priv = new Uint8Array(shared);
    privateKeys.forEach((k, i) => {
      priv.set(k, i * 32);
    });
    this.pub = new Uint8Array(new SharedArrayBuffer(n * 32));
    this.done = new Int32Array(new SharedArrayBuffer(4));
    this.worker =
      n >= 2000
        ? new Worker(WORKER_SOURCE, {
            eval: true,
            workerData: {
              priv: shared,
              pub: this.pub.buffer,
              done: this.done.buffer,
            },
          })
        : null;
  }

  get(i: number): Uint8Array {
    if (!this.worker) return ed25519PublicKey(this.privateKeys[i]!);
    for (;;) {
      const ready = Atomics.load(this.done, 0);
      if (ready > i) break;
      Atomics.wait(this.done, 0, ready, 5_000);
    }
    return this.pub.slice(i * 32, i * 32 + 32);
  }

  close(): void {
    void this.worker?.terminate();
  }
}
