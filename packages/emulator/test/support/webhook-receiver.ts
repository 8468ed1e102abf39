// A real webhook receiver on loopback: records every POST (raw body, signature header) and answers
// with what the test scripts (a status per request, or a delay).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Cast, verifyWebhookSignature, type WebhookEvent } from '@castkit/sdk/2.x';

export interface Received {
  /** The request's path: one receiver can stand for several webhooks (`${url}/a`, `${url}/b`). */
  path: string;
  raw: string;
  body: WebhookEvent;
  signature: string | undefined;
  /** True once the answer was fully written (a killed sender never sees one). */
  answered: boolean;
  at: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Statuses for the next requests, in order; afterwards 200. */
  script: number[];
  /** Holds each answer this long (ms). */
  delayMs: number;
  /** The most requests it has had open at once (arrived, not yet answered). */
  maxOpen: number;
  /** Resolves once `predicate` holds for what arrived (checked on every arrival), or rejects after `ms`. */
  waitFor(predicate: (r: Received[]) => boolean, ms?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** The cast a cast.created or cast.deleted delivery carries; undefined for other events. */
export const castOf = (r: Received): Cast | undefined =>
  r.body.type === 'cast.created' || r.body.type === 'cast.deleted' ? r.body.data : undefined;

/** The hashes of the cast.created deliveries among these, in arrival order. */
export const hashesOf = (received: readonly Received[]) =>
  received.flatMap((r) => (r.body.type === 'cast.created' ? [r.body.data.hash] : []));

/** True when the SDK's verifier accepts what arrived under `secrets` (as a receiver checks it). */
export const signedWith = (r: Received, secrets: string | string[]) =>
  verifyWebhookSignature({ rawBody: r.raw, signature: r.signature, secrets });

export async function startReceiver(): Promise<Receiver> {
  const waiters = new Set<() => void>();
  const receiver: Receiver = {
    url: '',
    received: [],
    script: [],
    delayMs: 0,
    maxOpen: 0,
    waitFor(predicate, ms = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!predicate(receiver.received)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(receiver.received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`receiver: condition not met within ${ms} ms (${receiver.received.length} received)`),
          );
        }, ms);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
  const notify = () => {
    for (const w of [...waiters]) w();
  };
  let open = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    open++;
    receiver.maxOpen = Math.max(receiver.maxOpen, open);
    res.once('close', () => open--);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const entry: Received = {
        path: req.url ?? '',
        raw,
        body: JSON.parse(raw),
        signature: req.headers['x-neynar-signature'] as string | undefined,
        answered: false,
        at: performance.now(),
      };
      const status = receiver.script.shift() ?? 200;
      const answer = () => {
        const record = (answered: boolean) => {
          entry.answered = answered;
          receiver.received.push(entry);
          notify();
        };
        // The sender went away while the answer was held (killed): it never learns of success.
        if (req.socket.destroyed) return record(false);
        res.statusCode = status;
        res.end('ok', () => record(true));
      };
      if (receiver.delayMs > 0) setTimeout(answer, receiver.delayMs);
      else answer();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}
