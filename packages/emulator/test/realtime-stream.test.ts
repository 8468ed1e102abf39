// The event stream at /realtime, spoken to with a plain WebSocket: the door's checks, the JSON-RPC
// errors (the socket stays open after each), replay then live, unsubscribe, and the slow-consumer cap.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type Emulator, startEmulator } from '../src/index.js';
import { actAs } from '../src/protocol/actions.js';

let emu: Emulator;
const wsUrl = () => `${emu.url.replace('http', 'ws')}/realtime`;
const ALICE = '00000000-0000-4000-8000-000000000001';

/** A socket and every message it received, in order. */
interface Peer {
  ws: WebSocket;
  messages: any[];
  /** Sends text and resolves with the next message that is not an event notification. */
  ask(frame: unknown): Promise<any>;
  /** Resolves once `n` event notifications have arrived in total. */
  events(n: number): Promise<any[]>;
}

async function connect(): Promise<Peer> {
  const ws = new WebSocket(wsUrl());
  const messages: any[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    messages.push(JSON.parse(String(data)));
    for (const w of waiters.splice(0)) w();
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const until = async <T>(check: () => T | undefined): Promise<T> => {
    for (;;) {
      const found = check();
      if (found !== undefined) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  const answers = () => messages.filter((m) => m.method !== 'event');
  return {
    ws,
    messages,
    async ask(frame) {
      const seen = answers().length;
      ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
      return until(() => answers()[seen]);
    },
    events(n) {
      return until(() => {
        const events = messages.filter((m) => m.method === 'event');
        return events.length >= n ? events : undefined;
      });
    },
  };
}

async function loggedIn(): Promise<Peer> {
  const peer = await connect();
  expect(await peer.ask({ jsonrpc: '2.0', id: 1, method: 'login', params: { api_key: emu.apiKey } })).toEqual(
    {
      jsonrpc: '2.0',
      id: 1,
      result: { ok: true },
    },
  );
  return peer;
}

const call = (id: number | string, method: string, params?: unknown) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
});

beforeAll(async () => {
  emu = await startEmulator({ port: 0, realtime: { sendBufferBytes: 64 * 1024, stallMs: 300 } });
});
afterAll(() => emu.close());

describe('the door', () => {
  /** The status an upgrade request gets when refused, or 101. */
  const upgrade = (path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const u = new URL(emu.url);
      const req = request({
        host: u.hostname,
        port: u.port,
        path,
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
          ...headers,
        },
      });
      req.on('upgrade', (res, socket) => {
        socket.destroy();
        resolve({ status: res.statusCode!, body: '' });
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      req.on('error', reject);
      req.end();
    });

  it('upgrades /realtime, and refuses a foreign Host (421), a foreign Origin (403) and another path (404)', async () => {
    expect((await upgrade('/realtime', {})).status).toBe(101);
    expect((await upgrade('/realtime', { origin: 'http://localhost:5173' })).status).toBe(101);
    const host = await upgrade('/realtime', { host: 'evil.example' });
    expect(host.status).toBe(421);
    expect(JSON.parse(host.body).message).toContain('evil.example');
    const origin = await upgrade('/realtime', { origin: 'https://evil.example' });
    expect(origin.status).toBe(403);
    expect(JSON.parse(origin.body).message).toContain('https://evil.example');
    const path = await upgrade('/elsewhere', {});
    expect(path.status).toBe(404);
    expect(JSON.parse(path.body).message).toContain('/realtime');
  });
});

describe('JSON-RPC', () => {
  it('refuses every method but login before a successful login, and a wrong key', async () => {
    const peer = await connect();
    for (const method of ['ping', 'subscribe', 'unsubscribe']) {
      const answer = await peer.ask(call(1, method, {}));
      expect(answer.error.code, method).toBe(-32002);
      expect(answer.error.message).toContain('log in first');
    }
    const wrong = await peer.ask(call(2, 'login', { api_key: 'nope' }));
    expect(wrong.error).toEqual({ code: -32001, message: 'authentication failed: unknown api_key' });
    expect((await peer.ask(call(3, 'ping'))).error.code).toBe(-32002);
    expect((await peer.ask(call(4, 'login', { api_key: emu.apiKey }))).result).toEqual({ ok: true });
    expect(await peer.ask(call(5, 'ping'))).toEqual({ jsonrpc: '2.0', id: 5, result: 'pong' });
    peer.ws.close();
  });

  it('answers malformed frames with -32700 and invalid requests with -32600, and keeps the socket open', async () => {
    const peer = await loggedIn();
    const parse = await peer.ask('{"jsonrpc":"2.0",');
    expect(parse.id).toBeNull();
    expect(parse.error.code).toBe(-32700);
    const binary = new Promise((resolve) => peer.ws.once('message', resolve));
    peer.ws.send(Buffer.from([1, 2, 3]));
    expect(JSON.parse(String(await binary)).error.code).toBe(-32700);
    const invalid = [
      ['"just a string"', null],
      ['{"id":7,"method":"ping"}', 7],
      ['{"jsonrpc":"2.0","id":8,"method":42}', 8],
      ['{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}', null],
      ['{"jsonrpc":"2.0","id":9,"method":"ping","params":"text"}', 9],
      ['[]', null],
    ] as const;
    for (const [frame, id] of invalid) {
      const answer = await peer.ask(frame);
      expect(answer.error.code, frame).toBe(-32600);
      expect(answer.id, frame).toBe(id);
    }
    expect((await peer.ask(call('still-open', 'ping'))).result).toBe('pong');
    peer.ws.close();
  });

  it('answers an unknown method with -32601 and bad params with -32602 naming what is wrong', async () => {
    const peer = await loggedIn();
    expect((await peer.ask(call(1, 'eat'))).error).toEqual({ code: -32601, message: 'unknown method eat' });
    const bad: [unknown, string][] = [
      [{}, 'events'],
      [{ events: [] }, 'events'],
      [{ events: ['cast.exploded'] }, 'events[0]'],
      [{ events: ['cast.created'], from_event_id: -1 }, 'from_event_id'],
      [{ events: ['cast.created'], from_event_id: 'x' }, 'from_event_id'],
      // Beyond the newest event: it would wait, silently, for events this client never saw.
      [{ events: ['cast.created'], from_event_id: 2 ** 40 }, 'from_event_id'],
      [{ events: ['cast.created'], filters: { 'follow.created': {} } }, 'filters.follow.created'],
      [
        { events: ['cast.created'], filters: { 'cast.created': { text: '(?=a)' } } },
        'filters.cast.created.text',
      ],
      [
        { events: ['cast.created'], filters: { 'cast.created': { author_fids: 'one' } } },
        'filters.cast.created.author_fids',
      ],
      [{ events: ['cast.created'], surprise: 1 }, 'surprise'],
    ];
    for (const [params, property] of bad) {
      const answer = await peer.ask(call(2, 'subscribe', params));
      expect(answer.error?.code, JSON.stringify(params)).toBe(-32602);
      expect(answer.error.data?.property, JSON.stringify(params)).toBe(property);
    }
    const unknown = await peer.ask(call(3, 'unsubscribe', { subscription: 'nope' }));
    expect(unknown.error.code).toBe(-32602);
    expect((await peer.ask(call(4, 'login', {}))).error.code).toBe(-32602);
    peer.ws.close();
  });

  it('answers a batch with an array of answers, none for notifications', async () => {
    const peer = await loggedIn();
    const answer = await peer.ask([
      call('a', 'ping'),
      { jsonrpc: '2.0', method: 'ping' },
      call('b', 'nope'),
      call('c', 'subscribe', { events: ['user.updated'] }),
    ]);
    expect(answer).toHaveLength(3);
    expect(answer[0]).toEqual({ jsonrpc: '2.0', id: 'a', result: 'pong' });
    expect(answer[1].error.code).toBe(-32601);
    expect(answer[2].result.subscription).toEqual(expect.any(String));
    // A batch of notifications only is owed nothing: the next answer is the ping's.
    peer.ws.send(JSON.stringify([{ jsonrpc: '2.0', method: 'ping' }]));
    expect((await peer.ask(call('d', 'ping'))).id).toBe('d');
    peer.ws.close();
  });
});

describe('events', () => {
  it('replays every matching event after from_event_id in order, then live ones, and nothing after unsubscribe', async () => {
    const alice = actAs(emu.store, ALICE);
    const peer = await loggedIn();
    const first = await peer.ask(call(1, 'subscribe', { events: ['cast.created'] }));
    const start = first.result.from_event_id as number;
    await peer.ask(call(2, 'unsubscribe', { subscription: first.result.subscription }));
    await alice.castAdd({ text: 'stream: one' });
    await alice.castAdd({ text: 'stream: two' });
    const replay = await peer.ask(
      call(3, 'subscribe', {
        events: ['cast.created'],
        filters: { 'cast.created': { author_fids: [1] } },
        from_event_id: start,
      }),
    );
    const id = replay.result.subscription;
    await peer.events(2);
    await alice.castAdd({ text: 'stream: three (live)' });
    const events = await peer.events(3);
    expect(events.map((e) => e.params.event.data.text)).toEqual([
      'stream: one',
      'stream: two',
      'stream: three (live)',
    ]);
    expect(events.every((e) => e.params.subscription === id && e.params.event.type === 'cast.created')).toBe(
      true,
    );
    const ids = events.map((e) => e.params.event_id);
    expect(ids[0]).toBeGreaterThan(start);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(3);
    // The event carries the webhook body: type, created_at, data.
    expect(Object.keys(events[0].params.event)).toEqual(
      expect.arrayContaining(['type', 'created_at', 'data']),
    );

    await peer.ask(call(4, 'unsubscribe', { subscription: id }));
    await alice.castAdd({ text: 'stream: after unsubscribe' });
    // Resubscribing from the last id seen gets exactly the one event written since, not it twice.
    const again = await peer.ask(call(5, 'subscribe', { events: ['cast.created'], from_event_id: ids[2] }));
    const after = await peer.events(4);
    expect(after[3].params.subscription).toBe(again.result.subscription);
    expect(after[3].params.event.data.text).toBe('stream: after unsubscribe');
    expect(
      peer.messages.filter((m) => m.params?.event?.data?.text === 'stream: after unsubscribe'),
    ).toHaveLength(1);
    peer.ws.close();
  });

  it('closes a consumer that stops reading past the send buffer cap, with a close reason that says so', async () => {
    const peer = await loggedIn();
    // Stop reading: the kernel buffers fill, then the server's send buffer grows past its 64 KiB cap.
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      peer.ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
    (peer.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    // Twenty replays of the whole log: far more than the loopback socket buffers hold.
    const all = {
      events: ['cast.created', 'follow.created', 'reaction.created', 'user.updated'],
      from_event_id: 0,
    };
    peer.ws.send(JSON.stringify(Array.from({ length: 20 }, (_, i) => call(i, 'subscribe', all))));
    const started = Date.now();
    // Resume reading after the server has had time to give up, so the close frame is read.
    while (Date.now() - started < 1500) await new Promise((r) => setTimeout(r, 100));
    (peer.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    const { code, reason } = await closed;
    expect(code).toBe(1008);
    expect(reason).toContain('slow consumer');
    expect(reason).toContain('from_event_id');
  });

  /**
   * Sends `count` requests with a `size`-character id on a socket that reads nothing meanwhile;
   * then reads again and resolves with what came back and how the server closed it.
   */
  async function unread(peer: Peer, count: number, size: number, method: string) {
    const socket = (peer.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    const closed = new Promise<number>((resolve) => peer.ws.once('close', (code) => resolve(code)));
    const before = peer.messages.length;
    socket.pause();
    for (let i = 0; i < count; i++) peer.ws.send(JSON.stringify(call(`${i}${'x'.repeat(size)}`, method, {})));
    await new Promise((r) => setTimeout(r, 1500));
    socket.resume();
    const code = await closed;
    const answers = peer.messages.slice(before);
    return {
      code,
      answers: answers.length,
      bytes: answers.reduce((n, m) => n + JSON.stringify(m).length, 0),
    };
  }

  it('closes a socket that sends large frames before login, echoing none of them', async () => {
    // 20 subscribe requests with a 900 KB id, as the report's client sent, and never read.
    const { code, answers } = await unread(await connect(), 20, 900_000, 'subscribe');
    expect(code).toBe(1009);
    expect(answers).toBe(0);
  });

  it('stops reading a logged-in socket that does not read its answers, and closes it as a slow consumer', async () => {
    // 60 pings with a 500 KB id each: 30 MB of answers if every one were queued.
    const { code, answers, bytes } = await unread(await loggedIn(), 60, 500_000, 'ping');
    expect(code).toBe(1008);
    expect(answers).toBeLessThan(30);
    expect(bytes).toBeLessThan(15_000_000);
  });
});
