// The delivery thread's own HTTP/1.1 client (src/webhooks/plain-http.ts) against receivers written
// at the socket level, so each way an HTTP server may frame its answer is exercised for real:
// chunked with extensions and trailers, until close, Connection: close, interim 1xx, a reused
// connection the receiver drops, and answers that are not HTTP or never come.

import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actAs } from '../src/protocol/actions.js';
import { SEED_USERS } from '../src/seed/constants.js';
import type { DeliveryView } from '../src/server/admin-webhooks.js';
import { type Emulator, startEmulator } from '../src/server/http.js';

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

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${emulator.url}${path}`, {
    method,
    headers: { 'x-api-key': emulator.apiKey, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

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

/** Posts casts by alice one after another (texts made unique), each delivered before the next. */
async function castAndWait(hook: string, texts: string[]): Promise<DeliveryView[]> {
  const me = actAs(emulator.store, alice!.signerUuid);
  for (const [i, text] of texts.entries()) {
    await me.castAdd({ text: `${text} #${++casts}` });
    await attempted(hook, i + 1);
  }
  return (await attempted(hook, texts.length)).reverse();
}

const ok = (socket: Socket, extra = '') =>
  socket.write(`HTTP/1.1 200 OK\r\ncontent-length: 2\r\n${extra}\r\nok`);

describe('the delivery thread talking HTTP/1.1 to receivers', () => {
  it('keeps one connection alive across deliveries when the receiver allows it', async () => {
    const r = await rawReceiver((s) => ok(s));
    const hook = await hookOn(r.url);
    const ds = await castAndWait(hook, ['one', 'two', 'three']);
    expect(ds.map((d) => [d.status, d.attempts, d.response_status])).toEqual([
      ['delivered', 1, 200],
      ['delivered', 1, 200],
      ['delivered', 1, 200],
    ]);
    expect(r.connections).toBe(1);
    // The request as sent: the exact body, parseable, with its signature header.
    expect(JSON.parse(r.bodies[0]!).data.text).toMatch(/^one #/);
  });

  it('reads a chunked answer with chunk extensions and trailers, split across packets', async () => {
    const r = await rawReceiver((s) => {
      s.write('HTTP/1.1 202 Accepted\r\ntransfer-encoding: chunked\r\n\r\n5;ext=1\r\nhel');
      setTimeout(() => s.write('lo\r\n6\r\n world\r\n0\r\nx-trailer: yes\r\n\r\n'), 20);
    });
    const hook = await hookOn(r.url);
    const ds = await castAndWait(hook, ['a', 'b']);
    expect(ds.map((d) => [d.status, d.attempts, d.response_status])).toEqual([
      ['delivered', 1, 202],
      ['delivered', 1, 202],
    ]);
    expect(r.connections).toBe(1);
  });

  it('takes an answer without a length as ending when the receiver closes, then connects anew', async () => {
    const r = await rawReceiver((s) => s.end('HTTP/1.0 200 OK\r\ncontent-type: text/plain\r\n\r\nfine, bye'));
    const hook = await hookOn(r.url);
    const ds = await castAndWait(hook, ['a', 'b']);
    expect(ds.map((d) => [d.status, d.attempts])).toEqual([
      ['delivered', 1],
      ['delivered', 1],
    ]);
    expect(r.connections).toBe(2);
  });

  it('honours Connection: close and skips an interim 100 Continue', async () => {
    const r = await rawReceiver((s) => {
      s.write('HTTP/1.1 100 Continue\r\n\r\n');
      s.end('HTTP/1.1 204 No Content\r\nconnection: close\r\n\r\n');
    });
    const hook = await hookOn(r.url);
    const ds = await castAndWait(hook, ['a', 'b']);
    expect(ds.map((d) => [d.status, d.attempts, d.response_status])).toEqual([
      ['delivered', 1, 204],
      ['delivered', 1, 204],
    ]);
    expect(r.connections).toBe(2);
  });

  it('sends again on a new connection, in the same attempt, when a kept-alive one is dropped unanswered', async () => {
    // The second request on any connection finds it closed (as a receiver's keep-alive timeout can).
    const r = await rawReceiver((s, n) => (n === 1 ? ok(s) : s.destroy()));
    const hook = await hookOn(r.url);
    const ds = await castAndWait(hook, ['a', 'b']);
    expect(ds.map((d) => [d.status, d.attempts, d.response_status])).toEqual([
      ['delivered', 1, 200],
      ['delivered', 1, 200],
    ]);
    expect(r.connections).toBe(2);
  });

  it('records a receiver error status and its answer read to the end', async () => {
    const r = await rawReceiver((s) =>
      s.write('HTTP/1.1 500 Internal Server Error\r\ncontent-length: 11\r\n\r\nsomething b'),
    );
    const hook = await hookOn(r.url);
    const [d] = await castAndWait(hook, ['a']);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, response_status: 500 });
    expect(d!.error).toBe('receiver answered 500');
  });

  it('fails an attempt whose answer is not HTTP, naming what came back', async () => {
    const r = await rawReceiver((s) => s.write('hello there\r\n\r\n'));
    const hook = await hookOn(r.url);
    const [d] = await castAndWait(hook, ['a']);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, response_status: null });
    expect(d!.error).toContain('not an HTTP answer: "hello there"');
  });

  it('fails an attempt with no answer within the timeout, and one the receiver hangs up on', async () => {
    const silent = await rawReceiver(() => {});
    const [late] = await castAndWait(await hookOn(silent.url), ['a']);
    expect(late!.error).toBe('no answer within 400 ms');
    const rude = await rawReceiver((s) => s.end('HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\nok'));
    const [cut] = await castAndWait(await hookOn(rude.url), ['b']);
    expect(cut!.error).toBe('the receiver closed the connection mid-answer');
  });

  it('names a refused connection', async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((r) => server.close(() => r()));
    const [d] = await castAndWait(await hookOn(`http://127.0.0.1:${port}/gone`), ['a']);
    expect(d!.error).toContain('ECONNREFUSED');
  });
});
