// What is retried and what is not: 501 never, timeouts like network errors, writes with an idem key
// like reads (with one key for all attempts), and a debug line per attempt that never shows the key.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConnectionError, NeynarAPIClient, NotImplementedError, TimeoutError } from '../src/2x/index.js';
import { json, type RecordingServer, startRecordingServer } from './support/recording-server.js';

const API_KEY = 'secret-key-do-not-log';
let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const client = (extra: object = {}) =>
  new NeynarAPIClient({
    apiKey: API_KEY,
    baseUrl: `${server.url}/v2`,
    retries: { retries: 2, baseDelay: 1 },
    ...extra,
  });

/** Fails the first request with `first`, answers the rest with 200. */
function failFirst(first: (res: import('node:http').ServerResponse) => void) {
  let n = 0;
  server.respond((_r, res) => (n++ === 0 ? first(res) : json(res, 200, { ok: true })));
}

describe('statuses', () => {
  it('a 501 is never retried, while a 503 is', async () => {
    server.respond((_r, res) => json(res, 501, { message: 'not here' }));
    await expect(client().lookupUserByUsername({ username: 'x' })).rejects.toBeInstanceOf(
      NotImplementedError,
    );
    expect(server.requests).toHaveLength(1);
    failFirst((res) => json(res, 503, { message: 'busy' }));
    expect(await client().lookupUserByUsername({ username: 'x' })).toEqual({ ok: true });
    expect(server.requests).toHaveLength(3);
  });
});

describe('read timeouts', () => {
  let slow: Server;
  let slowUrl: string;
  let seen = 0;
  beforeAll(async () => {
    // The first request of each test gets no answer; later ones are answered at once.
    slow = createServer((req, res) => {
      req.resume();
      if (seen++ % 2 === 0) return;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    slow.closeAllConnections();
    await new Promise((r) => slow.close(r));
  });
  beforeEach(() => {
    seen = 0;
  });

  const at = (base: string, extra: object = {}) =>
    new NeynarAPIClient({
      apiKey: API_KEY,
      baseUrl: `${base}/v2`,
      retries: { retries: 1, baseDelay: 1 },
      ...extra,
    });

  it.each([
    ['node:http', undefined],
    ['fetch', globalThis.fetch],
  ] as const)('a read that times out is retried like a network error (%s)', async (_t, fetchImpl) => {
    const result = await at(slowUrl, { fetch: fetchImpl }).lookupUserByUsername(
      { username: 'x' },
      { timeout: 200 },
    );
    expect(result).toEqual({ ok: true });
    expect(seen).toBe(2);
  });

  it('a write without an idem key that times out is not sent again', async () => {
    await expect(
      at(slowUrl).markNotificationsAsSeen({ signerUuid: 'u' }, { timeout: 200 }),
    ).rejects.toBeInstanceOf(TimeoutError);
    expect(seen).toBe(1);
  });
});

describe('writes with an idem key', () => {
  const bodies = () => server.requests.map((r) => JSON.parse(r.body.toString()) as { idem?: string });

  it('publishCast gets a fresh idem when none is given, and a 503 retry carries the same one', async () => {
    failFirst((res) => json(res, 503, { message: 'busy' }));
    expect(await client().publishCast({ signerUuid: 'u', text: 'once' })).toEqual({ ok: true });
    const [first, second] = bodies();
    expect(server.requests).toHaveLength(2);
    expect(first!.idem).toMatch(/^[0-9a-f]{16}$/);
    expect(second!.idem).toBe(first!.idem);
  });

  it('a connection dropped before the answer is retried with the same idem', async () => {
    failFirst((res) => res.socket?.destroy());
    expect(
      await client().publishReaction({ signerUuid: 'u', reactionType: 'like', target: '0xabc' }),
    ).toEqual({
      ok: true,
    });
    const [first, second] = bodies();
    expect(first!.idem).toMatch(/^[0-9a-f]{16}$/);
    expect(second!.idem).toBe(first!.idem);
  });

  it("keeps the caller's own idem, and gives each call its own fresh one", async () => {
    server.respond((_r, res) => json(res, 200, { ok: true }));
    await client().publishCast({ signerUuid: 'u', text: 'a', idem: 'mine-0123456789a' });
    await client().publishCast({ signerUuid: 'u', text: 'b' });
    await client().publishCast({ signerUuid: 'u', text: 'c' });
    const [mine, b, c] = bodies();
    expect(mine!.idem).toBe('mine-0123456789a');
    expect(b!.idem).not.toBe(c!.idem);
  });

  it('a write without an idem field is still not retried after a dropped connection', async () => {
    failFirst((res) => res.socket?.destroy());
    await expect(client().markNotificationsAsSeen({ signerUuid: 'u' })).rejects.toBeInstanceOf(
      ConnectionError,
    );
    expect(server.requests).toHaveLength(1);
    expect(bodies()[0]).not.toHaveProperty('idem');
  });
});

describe('the debug log', () => {
  it('has one line per attempt with id, method, path, status, time and retry count, never the key', async () => {
    const lines: string[] = [];
    const logger = { warn: (m: string) => lines.push(m), debug: (m: string) => lines.push(m) };
    failFirst((res) => json(res, 503, { message: `busy for ${API_KEY}` }));
    // The key in a parameter too: whatever carries it, the log shows [redacted].
    await client({ logger }).lookupUserByUsername({ username: API_KEY });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^castkit #1 GET \/v2\/farcaster\/user\/by_username\?username=\[redacted\] → 503 in \d+ ms; retrying in \d+ ms$/,
    );
    expect(lines[1]).toMatch(
      /^castkit #1 GET \/v2\/farcaster\/user\/by_username\?username=\[redacted\] → 200 in \d+ ms, retry 1 of 2$/,
    );
    expect(lines.join('\n')).not.toContain(API_KEY);
  });

  it('names the error of an attempt that got no response', async () => {
    const lines: string[] = [];
    server.respond((_r, res) => res.socket?.destroy());
    const c = client({ logger: { warn() {}, debug: (m: string) => lines.push(m) }, retries: 0 });
    await expect(c.lookupUserByUsername({ username: 'x' })).rejects.toBeInstanceOf(ConnectionError);
    expect(lines).toEqual([expect.stringMatching(/ → ConnectionError in \d+ ms$/)]);
  });

  it('redacts the key from warnings about API errors', async () => {
    const warnings: string[] = [];
    server.respond((_r, res) => json(res, 404, { message: `no user ${API_KEY}` }));
    const c = client({ logger: { warn: (m: string) => warnings.push(m) } });
    await c.lookupUserByUsername({ username: 'x' }).catch(() => {});
    expect(warnings[0]).toContain('no user [redacted]');
  });
});
