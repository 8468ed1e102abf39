// The delivery thread's own HTTP/1.1 client (src/webhooks/plain-http.ts) against receivers written
// at the socket level, so each way an HTTP server may frame its answer is exercised for real:
// chunked with extensions and trailers, until close, Connection: close, interim 1xx, a reused
// connection the receiver drops, and answers that are not HTTP or never come.

import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from '../src/emulator.js';
import { actAs } from '../src/protocol/actions.js';
import { SEED_USERS } from '../src/seed/constants.js';
import type { DeliveryView } from '../src/server/admin-webhooks.js';
import { jsonCaller } from './support/json-call.js';

const [alice] = SEED_USERS;
let emulator: Emulator;
const servers: Server[] = [];

beforeAll(async () => {
  // Retries far away: each test looks at first attempts only.
  emulator = await startEmulator({
    db: ':memory:',
    webhooks: { attemptTimeoutMs: 400, retryBaseMs: 600_000 },
  });
});
afterAll(async () => {
  await emulator.close();
  for (const s of servers) s.close();
});

/** What a raw receiver does with one request: `request` counts them on this connection, from 1. */
type Answer = (socket: Socket, request: number, body: string) => void;

/** A TCP server reading HTTP requests (head + Content-Length body) and answering with `answer`. */
async function rawReceiver(answer: Answer): Promise<{ url: string; bodies: string[]; connections: number }> {
  const seen = { url: '', bodies: [] as string[], connections: 0 };
  const server = createServer((socket) => {
    seen.connections++;
    let buffered = '';
    let requests = 0;
    socket.on('data', (d) => {
      buffered += d.toString('latin1');
      for (;;) {
        const at = buffered.indexOf('\r\n\r\n');
        if (at < 0) return;
        const length = Number(/content-length: (\d+)/i.exec(buffered.slice(0, at))?.[1] ?? 0);
        if (buffered.length < at + 4 + length) return;
        const body = buffered.slice(at + 4, at + 4 + length);
        buffered = buffered.slice(at + 4 + length);
        seen.bodies.push(body);
        answer(socket, ++requests, body);
      }
    });
    socket.on('error', () => {});
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  seen.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return seen;
}

const call = jsonCaller(() => emulator);

/** A webhook on `url` taking alice's casts; returns its id. */
async function hookOn(url: string): Promise<string> {
  const r = await call('POST', '/v2/farcaster/webhook', {
    name: 'framing',
    url,
    subscription: { 'cast.created': { author_fids: [alice!.fid] } },
  });
  expect(r.status).toBe(200);
  return r.body.webhook.webhook_id;
}

/** The webhook's deliveries once `n` of them have had an attempt (newest first). */
async function attempted(webhookId: string, n: number): Promise<DeliveryView[]> {
  for (let i = 0; i < 100; i++) {
    const log = await call('GET', `/_emulator/webhooks/deliveries?webhook_id=${webhookId}`);
    const ds = log.body.deliveries as DeliveryView[];
    if (ds.filter((d) => d.attempts > 0).length >= n) return ds;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`fewer than ${n} deliveries attempted`);
}

let casts = 0;

/**
 * A raw receiver answering with `answer`, a webhook on it, and `n` casts by alice, each delivered
 * before the next; returns the receiver and the webhook's deliveries, oldest first.
 */
async function deliverVia(answer: Answer | string, n = 1) {
  const receiver =
    typeof answer === 'string' ? { url: answer, bodies: [], connections: 0 } : await rawReceiver(answer);
  const hook = await hookOn(receiver.url);
  const me = actAs(emulator.store, alice!.signerUuid);
  for (let i = 1; i <= n; i++) {
    await me.castAdd({ text: `framing #${++casts}` });
    await attempted(hook, i);
  }
  return { receiver, deliveries: (await attempted(hook, n)).reverse() };
}

/** Each delivery as [status, attempts, response_status]. */
const outcomes = (ds: DeliveryView[]) => ds.map((d) => [d.status, d.attempts, d.response_status]);

const ok = (socket: Socket) => socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok');

describe('the delivery thread talking HTTP/1.1 to receivers', () => {
  it('keeps one connection alive across deliveries when the receiver allows it', async () => {
    const { receiver, deliveries } = await deliverVia(ok, 3);
    expect(outcomes(deliveries)).toEqual(Array(3).fill(['delivered', 1, 200]));
    expect(receiver.connections).toBe(1);
    // The request as sent carries the exact body the delivery log shows.
    expect(JSON.parse(receiver.bodies[0]!)).toEqual(deliveries[0]!.payload);
  });

  it('reads a chunked answer with chunk extensions and trailers, split across packets', async () => {
    const { receiver, deliveries } = await deliverVia((s) => {
      s.write('HTTP/1.1 202 Accepted\r\ntransfer-encoding: chunked\r\n\r\n5;ext=1\r\nhel');
      setTimeout(() => s.write('lo\r\n6\r\n world\r\n0\r\nx-trailer: yes\r\n\r\n'), 20);
    }, 2);
    expect(outcomes(deliveries)).toEqual(Array(2).fill(['delivered', 1, 202]));
    expect(receiver.connections).toBe(1);
  });

  it('takes an answer without a length as ending when the receiver closes, then connects anew', async () => {
    const { receiver, deliveries } = await deliverVia(
      (s) => s.end('HTTP/1.0 200 OK\r\ncontent-type: text/plain\r\n\r\nfine, bye'),
      2,
    );
    expect(outcomes(deliveries)).toEqual(Array(2).fill(['delivered', 1, 200]));
    expect(receiver.connections).toBe(2);
  });

  it('honours Connection: close and skips an interim 100 Continue', async () => {
    const { receiver, deliveries } = await deliverVia((s) => {
      s.write('HTTP/1.1 100 Continue\r\n\r\n');
      s.end('HTTP/1.1 204 No Content\r\nconnection: close\r\n\r\n');
    }, 2);
    expect(outcomes(deliveries)).toEqual(Array(2).fill(['delivered', 1, 204]));
    expect(receiver.connections).toBe(2);
  });

  it('reads no body after a 204, even one announced as chunked, and keeps the connection', async () => {
    const { receiver, deliveries } = await deliverVia(
      (s) => s.write('HTTP/1.1 204 No Content\r\ntransfer-encoding: chunked\r\n\r\n'),
      2,
    );
    expect(outcomes(deliveries)).toEqual(Array(2).fill(['delivered', 1, 204]));
    expect(receiver.connections).toBe(1);
  });

  it('sends again on a new connection, in the same attempt, when a kept-alive one is dropped unanswered', async () => {
    // The second request on any connection finds it closed (as a receiver's keep-alive timeout can).
    const { receiver, deliveries } = await deliverVia((s, n) => (n === 1 ? ok(s) : s.destroy()), 2);
    expect(outcomes(deliveries)).toEqual(Array(2).fill(['delivered', 1, 200]));
    expect(receiver.connections).toBe(2);
  });

  it('records a receiver error status and its answer read to the end', async () => {
    const { receiver, deliveries } = await deliverVia(
      (s) => s.write('HTTP/1.1 500 Internal Server Error\r\ncontent-length: 11\r\n\r\nsomething b'),
      2,
    );
    expect(outcomes(deliveries)).toEqual(Array(2).fill(['pending', 1, 500]));
    expect(deliveries[0]!.error).toBe('receiver answered 500');
    // Read to its last byte, the answer leaves the connection fit for the next delivery.
    expect(receiver.connections).toBe(1);
  });

  it('fails an attempt whose answer is not HTTP, naming what came back', async () => {
    const { deliveries } = await deliverVia((s) => s.write('hello there\r\n\r\n'));
    expect(outcomes(deliveries)).toEqual([['pending', 1, null]]);
    expect(deliveries[0]!.error).toContain('not an HTTP answer: "hello there"');
  });

  it('fails an attempt with no answer within the timeout, and one the receiver hangs up on', async () => {
    const silent = await deliverVia(() => {});
    expect(silent.deliveries[0]!.error).toBe('no answer within 400 ms');
    const rude = await deliverVia((s) => s.end('HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\nok'));
    expect(rude.deliveries[0]!.error).toBe('the receiver closed the connection mid-answer');
  });

  it('names a refused connection', async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((r) => server.close(() => r()));
    const { deliveries } = await deliverVia(`http://127.0.0.1:${port}/gone`);
    expect(deliveries[0]!.error).toContain('ECONNREFUSED');
  });
});
