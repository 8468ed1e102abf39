// Webhook POSTs from a worker thread. Building requests, socket I/O and parsing answers for ten
// receivers per write took enough of the event loop that writes arriving meanwhile waited (write
// p99 2.7x with 10 webhooks on a quiet machine); the dispatcher keeps matching and bookkeeping, the
// thread signs and talks HTTP. Messages go both ways in batches, one per turn on each side: a
// message per send cost the event loop about as much as the request it replaced. It starts on the
// first send: an emulator without webhooks has no thread.
import { Worker } from 'node:worker_threads';
import { PLAIN_HTTP } from './plain-http.js';
import { SIGNATURE_ALGORITHM, SIGNATURE_HEADER } from './sign.js';

export interface SendResult {
  status?: number;
  error?: string;
  /** From the request's start to the answer's end, as the thread timed it. */
  durationMs: number;
  /** The X-Neynar-Signature sent (undefined when the thread went away before sending). */
  signature?: string;
}

export interface SendRequest {
  url: string;
  /** The exact body: signed and sent as is. */
  body: string;
  /** The webhook's signing secret. */
  secret: string;
  timeoutMs: number;
}

/**
 * One batch as it crosses to the thread: each body once (the webhooks of one event share it), each
 * send a tuple of id, url, index into bodies, secret, timeout.
 */
interface Batch {
  bodies: string[];
  sends: [id: number, url: string, body: number, secret: string, timeoutMs: number][];
}

type Reply = SendResult & { id: number };

// CommonJS run with `eval` (as store/wal-checkpoints.ts): nothing to compile or ship beside the sources.
// Plain http: goes through PLAIN_HTTP's lean client, https: through node:https.
const WORKER = `
const { parentPort } = require('node:worker_threads');
const { createHmac } = require('node:crypto');
const https = require('node:https');
const tlsAgent = new https.Agent({ keepAlive: true, maxSockets: 256 });
${PLAIN_HTTP}
let replies = [];
const reply = (r) => {
  if (replies.length === 0)
    setImmediate(() => {
      const out = replies;
      replies = [];
      parentPort.postMessage(out);
    });
  replies.push(r);
};
parentPort.on('message', ({ bodies, sends }) => {
  const buffers = bodies.map((b) => Buffer.from(b));
  for (const [id, url, body, secret, timeoutMs] of sends) send(id, url, buffers[body], secret, timeoutMs);
});
function send(id, url, body, secret, timeoutMs) {
  const started = performance.now();
  let signature;
  let settled = false;
  const done = (result) => {
    if (settled) return;
    settled = true;
    reply({ id, signature, durationMs: Math.round(performance.now() - started), ...result });
  };
  try {
    signature = createHmac('${SIGNATURE_ALGORITHM}', secret).update(body).digest('hex');
    const target = new URL(url);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'castkit-emulator-webhooks',
      '${SIGNATURE_HEADER}': signature,
    };
    if (target.protocol === 'http:') return plainPost(target, headers, body, timeoutMs, done);
    const req = https.request(
      target,
      {
        method: 'POST',
        agent: tlsAgent,
        headers: { ...headers, 'content-length': body.length },
        timeout: timeoutMs,
      },
      (res) => {
        res.resume();
        res.on('end', () => done({ status: res.statusCode }));
        res.on('error', (e) => done({ status: res.statusCode, error: e.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within ' + timeoutMs + ' ms')));
    req.on('error', (e) => done({ error: e.message }));
    req.end(body);
  } catch (e) {
    done({ error: e.message });
  }
}
`;

export class WebhookSender {
  private worker: Worker | undefined;
  private nextId = 0;
  /** Called with each send's result, in the turn its reply batch arrives (a promise each cost more). */
  private readonly pending = new Map<number, (result: SendResult) => void>();
  /** Sends asked for in this turn of the event loop, posted together when it ends. */
  private outbox: Batch = { bodies: [], sends: [] };

  post(request: SendRequest, done: (result: SendResult) => void): void {
    const id = this.nextId++;
    const batch = this.outbox;
    if (batch.sends.length === 0) queueMicrotask(() => this.flush());
    // The dispatcher sends one event to its webhooks one after another: the same string, once.
    let body = batch.bodies.length - 1;
    if (batch.bodies[body] !== request.body) body = batch.bodies.push(request.body) - 1;
    batch.sends.push([id, request.url, body, request.secret, request.timeoutMs]);
    this.pending.set(id, done);
  }

  private flush(): void {
    const batch = this.outbox;
    this.outbox = { bodies: [], sends: [] };
    // Closed meanwhile: settleAll has answered them.
    if (batch.sends.every(([id]) => !this.pending.has(id))) return;
    (this.worker ?? this.start()).postMessage(batch);
  }

  /** Ends the thread; sends in flight end with an error (their rows stay pending). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
    this.settleAll('the emulator stopped');
  }

  private start(): Worker {
    const worker = new Worker(WORKER, { eval: true });
    worker.unref();
    worker.on('message', (replies: Reply[]) => {
      for (const { id, ...result } of replies) {
        const done = this.pending.get(id);
        this.pending.delete(id);
        done?.(result);
      }
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
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const done of pending) done({ error, durationMs: 0 });
  }
}
