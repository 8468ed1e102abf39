// Webhook POSTs from a worker thread. Building requests, socket I/O and parsing answers for ten
// receivers per write took enough of the event loop that writes arriving meanwhile waited (write
// p99 2.7x with 10 webhooks on a quiet machine); the dispatcher keeps matching and bookkeeping, the
// worker only talks HTTP. It starts on the first send, so an emulator without webhooks has no thread.
import { Worker } from 'node:worker_threads';

export interface SendResult {
  status?: number;
  error?: string;
  /** From the request's start to the answer's end, as the worker timed it. */
  durationMs: number;
}

// CommonJS run with `eval` (as store/wal-checkpoints.ts): nothing to compile or ship beside the sources.
const WORKER = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
const https = require('node:https');
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
};
parentPort.on('message', (m) => {
  const started = performance.now();
  let settled = false;
  const done = (result) => {
    if (settled) return;
    settled = true;
    parentPort.postMessage({ id: m.id, durationMs: Math.round(performance.now() - started), ...result });
  };
  try {
    const target = new URL(m.url);
    const client = target.protocol === 'https:' ? https : http;
    const body = Buffer.from(m.body);
    const req = client.request(
      target,
      {
        method: 'POST',
        agent: agents[target.protocol],
        headers: { ...m.headers, 'content-length': body.length },
        timeout: m.timeoutMs,
      },
      (res) => {
        res.resume();
        res.on('end', () => done({ status: res.statusCode }));
        res.on('error', (e) => done({ status: res.statusCode, error: e.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within ' + m.timeoutMs + ' ms')));
    req.on('error', (e) => done({ error: e.message }));
    req.end(body);
  } catch (e) {
    done({ error: e.message });
  }
});
`;

export class WebhookSender {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly pending = new Map<number, (result: SendResult) => void>();

  post(url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<SendResult> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      worker.postMessage({ id, url, body, headers, timeoutMs });
    });
  }

  /** Ends the thread; sends in flight resolve with an error (their rows stay pending). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
    this.settleAll('the emulator stopped');
  }

  private start(): Worker {
    const worker = new Worker(WORKER, { eval: true });
    worker.unref();
    worker.on('message', (m: SendResult & { id: number }) => {
      const resolve = this.pending.get(m.id);
      this.pending.delete(m.id);
      resolve?.({ status: m.status, error: m.error, durationMs: m.durationMs });
    });
    // A thread that dies takes its sends with it: they count as failed attempts and are retried.
    const lost = (reason: string) => {
      if (this.worker === worker) this.worker = undefined;
      this.settleAll(reason);
    };
    worker.on('error', (e) => lost(`the delivery thread failed: ${e.message}`));
    worker.on('exit', () => lost('the delivery thread stopped'));
    this.worker = worker;
    return worker;
  }

  private settleAll(error: string): void {
    for (const resolve of this.pending.values()) resolve({ error, durationMs: 0 });
    this.pending.clear();
  }
}
