import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { ed25519PublicKey } from '../ground/keys.js';

// Deriving an ed25519 public key costs ~150µs in JS; for 100k seeded users that is the largest
// single cost of the users phase. A worker derives them on the other core while the main thread
// writes rows, publishing progress through shared memory so the (synchronous) seed can wait on it.
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { ed25519 } = require(workerData.noble);
const priv = new Uint8Array(workerData.priv);
const pub = new Uint8Array(workerData.pub);
const done = new Int32Array(workerData.done);
const n = priv.length / 32;
for (let i = 0; i < n; i++) {
  pub.set(ed25519.getPublicKey(priv.subarray(i * 32, i * 32 + 32)), i * 32);
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
              noble: createRequire(import.meta.url).resolve('@noble/curves/ed25519'),
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
