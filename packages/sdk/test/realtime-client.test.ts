// The realtime client against the real emulator on loopback: login, filters, order, resume after a
// cut connection (through a real TCP proxy the test can cut), giving up, timeouts, malformed frames.
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { type Emulator, startEmulator } from '@castkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { NeynarAPIClient } from '../src/2x/index.js';
import type { WebhookEvent as WebhookEvent3 } from '../src/3x/index.js';
import {
  ConnectionClosedError,
  RealtimeAuthenticationError,
  RealtimeClient,
  type RealtimeEvent,
  ReplyTimeoutError,
  SocketNotReadyError,
} from '../src/realtime.js';

const ALICE = '00000000-0000-4000-8000-000000000001';
const BOB = '00000000-0000-4000-8000-000000000002';

let emu: Emulator;
let api: NeynarAPIClient;
const clients: { close(): void }[] = [];
const client = (options: Partial<ConstructorParameters<typeof RealtimeClient>[0]> = {}) => {
  const c = new RealtimeClient({ url: emu.url, apiKey: emu.apiKey, ...options });
  clients.push(c);
  return c;
};
const cast = (signerUuid: string, text: string) => api.publishCast({ signerUuid, text });

/** Reads `n` events from an iterator. */
async function take(events: AsyncIterable<RealtimeEvent>, n: number): Promise<RealtimeEvent[]> {
  const out: RealtimeEvent[] = [];
  if (n === 0) return out;
  for await (const e of events) {
    out.push(e);
    if (out.length === n) break;
  }
  return out;
}
const texts = (events: RealtimeEvent[]) =>
  events.map((e) => (e.event.type === 'cast.created' ? e.event.data.text : e.event.type));

beforeAll(async () => {
  emu = await startEmulator({ port: 0 });
  api = new NeynarAPIClient({ apiKey: emu.apiKey, baseUrl: `${emu.url}/v2` });
});
afterAll(async () => {
  for (const c of clients) c.close();
  await emu.close();
});

describe('login', () => {
  it('rejects a wrong key with RealtimeAuthenticationError and accepts the emulator key', async () => {
    const wrong = client({ apiKey: 'not-a-key' });
    const error = await wrong.connect().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RealtimeAuthenticationError);
    expect((error as Error).message).toContain('authentication failed');
    // Still connected, not logged in: the server refuses a subscription until a login succeeds.
    await expect(wrong.subscribe({ events: ['cast.created'] })).rejects.toThrow(/log in first/);
    await wrong.login(emu.apiKey);
    await expect(wrong.subscribe({ events: ['cast.created'] })).resolves.toBeDefined();
  });
});

describe('events', () => {
  it('delivers casts written through the SDK in order, with strictly increasing event ids', async () => {
    const c = client();
    await c.connect();
    const subscription = await c.subscribe({ events: ['cast.created'] });
    const reading = take(subscription, 5);
    for (let i = 0; i < 5; i++) await cast(ALICE, `in order ${i}`);
    const events = await reading;
    expect(texts(events)).toEqual([0, 1, 2, 3, 4].map((i) => `in order ${i}`));
    for (let i = 1; i < events.length; i++)
      expect(events[i]!.eventId).toBeGreaterThan(events[i - 1]!.eventId);
  });

  it('applies webhook filters: bob’s cast is left out, alice’s arrive (handler form)', async () => {
    const c = client();
    await c.connect();
    const subscription = await c.subscribe({
      events: ['cast.created'],
      filters: { 'cast.created': { author_fids: [1] } },
    });
    const seen: RealtimeEvent[] = [];
    const done = new Promise<void>((resolve) =>
      subscription.on((e) => {
        seen.push(e);
        if (seen.length === 2) resolve();
      }),
    );
    await cast(ALICE, 'filtered: alice first');
    await cast(BOB, 'filtered: bob, must not arrive');
    await cast(ALICE, 'filtered: alice after bob');
    await done;
    expect(texts(seen)).toEqual(['filtered: alice first', 'filtered: alice after bob']);
  });

  it('types its events as 3.x’s when a 3.x program names them, and the users it receives hold 3.x’s fields', async () => {
    const c = new RealtimeClient<WebhookEvent3>({ url: emu.url, apiKey: emu.apiKey });
    clients.push(c);
    await c.connect();
    const subscription = await c.subscribe({ events: ['user.updated'] });
    const reading = (async () => {
      for await (const { event } of subscription) return event;
    })();
    await api.updateUser({ signerUuid: ALICE, bio: 'realtime in 3.x shape' });
    const event = await reading;
    if (event?.type !== 'user.updated') throw new Error(`expected user.updated, got ${event?.type}`);
    // Compiles only on 3.x's User (registered_at, auth_addresses are not 2.44's).
    const { registered_at, auth_addresses } = event.data;
    expect(new Date(registered_at).getTime()).toBeGreaterThan(0);
    expect(auth_addresses).toEqual([]);
    expect(event.data.profile.bio.text).toBe('realtime in 3.x shape');
  });

  it('replays from fromEventId then follows live; an unsubscribed subscription’s iterator is done', async () => {
    const c = client();
    await c.connect();
    const first = await cast(ALICE, 'replay: before subscribing');
    expect(first.success).toBe(true);
    const probe = await c.subscribe({ events: ['cast.created'] });
    const before = probe.lastEventId!;
    await probe.unsubscribe();
    expect(await probe[Symbol.asyncIterator]().next()).toEqual({ value: undefined, done: true });
    await cast(ALICE, 'replay: written while nobody listened');
    const subscription = await c.subscribe({ events: ['cast.created'], fromEventId: before });
    const reading = take(subscription, 2);
    await cast(ALICE, 'replay: live');
    expect(texts(await reading)).toEqual(['replay: written while nobody listened', 'replay: live']);
  });
});

/** A TCP proxy on loopback in front of the emulator that the test can cut. */
async function startProxy(target: URL): Promise<{ url: string; cut(): void; close(): void }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((inbound) => {
    const outbound = createConnection(Number(target.port), target.hostname);
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => {
        sockets.delete(s);
        inbound.destroy();
        outbound.destroy();
      });
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    cut: () => {
      for (const s of sockets) s.destroy();
    },
    close: () => {
      server.close();
      for (const s of sockets) s.destroy();
    },
  };
}

describe('resumption', () => {
  it('after the connection is cut mid-stream, reconnects and delivers every event exactly once, in order', async () => {
    const proxy = await startProxy(new URL(emu.url));
    try {
      const c = client({ url: proxy.url, reconnectInterval: 100 });
      await c.connect();
      const subscription = await c.subscribe({
        events: ['cast.created'],
        filters: { 'cast.created': { author_fids: [2] } },
      });
      const reading = take(subscription, 12);
      for (let i = 0; i < 4; i++) await cast(BOB, `resume ${i}`);
      await expect.poll(() => subscription.lastEventId).toBeGreaterThan(0);
      proxy.cut();
      // Written while the client is disconnected or reconnecting.
      for (let i = 4; i < 8; i++) await cast(BOB, `resume ${i}`);
      await expect.poll(() => c.request('ping').catch(() => 'down'), { timeout: 10_000 }).toBe('pong');
      for (let i = 8; i < 12; i++) await cast(BOB, `resume ${i}`);
      const events = await reading;
      expect(texts(events)).toEqual(Array.from({ length: 12 }, (_, i) => `resume ${i}`));
      expect(new Set(events.map((e) => e.eventId)).size).toBe(12);
    } finally {
      proxy.close();
    }
  });

  it('gives up after the configured attempts once the server is gone, ending the iterator with a typed error', async () => {
    const own = await startEmulator({ port: 0 });
    const warnings: string[] = [];
    const c = client({
      url: own.url,
      apiKey: own.apiKey,
      reconnectInterval: 50,
      reconnectAttempts: 3,
      logger: { warn: (m) => warnings.push(m) },
    });
    await c.connect();
    const subscription = await c.subscribe({ events: ['cast.created'] });
    const reading = take(subscription, 1).catch((e: unknown) => e);
    await own.close();
    const error = await reading;
    expect(error).toBeInstanceOf(ConnectionClosedError);
    expect((error as Error).message).toContain('gave up after 3 reconnect attempts');
    expect(warnings.filter((w) => w.includes('reconnect attempt'))).toHaveLength(3);
    await expect(c.request('ping')).rejects.toBeInstanceOf(SocketNotReadyError);
  });
});

describe('requests', () => {
  it('rejects with socket not ready before connect and after close', async () => {
    const c = client();
    await expect(c.request('ping')).rejects.toThrow(SocketNotReadyError);
    await expect(c.request('ping')).rejects.toThrow('ping: socket not ready');
    await c.connect();
    expect(await c.request('ping')).toBe('pong');
    c.close();
    await expect(c.request('ping')).rejects.toThrow(SocketNotReadyError);
  });

  it('times out a request nobody answers, and reads past malformed frames from the server', async () => {
    // A real WebSocket server that answers ping with garbage first, and never answers anything else.
    const silent = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    silent.on('connection', (ws) =>
      ws.on('message', (data) => {
        const request = JSON.parse(String(data));
        if (request.method !== 'ping') return;
        ws.send('{not json');
        ws.send('[1, "two"]');
        ws.send(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: 'pong' }));
      }),
    );
    await new Promise((resolve) => silent.once('listening', resolve));
    const warnings: string[] = [];
    try {
      const c = client({
        url: `ws://127.0.0.1:${(silent.address() as { port: number }).port}/realtime`,
        apiKey: undefined,
        replyTimeout: 200,
        logger: { warn: (m) => warnings.push(m) },
      });
      await c.connect();
      expect(await c.request('ping')).toBe('pong');
      expect(warnings.some((w) => w.includes('not JSON'))).toBe(true);
      const error = await c.request('subscribe', { events: ['cast.created'] }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ReplyTimeoutError);
      expect((error as Error).message).toContain('reply timeout');
      c.close();
    } finally {
      silent.close();
    }
  });
});
