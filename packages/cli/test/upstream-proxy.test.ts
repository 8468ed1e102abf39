// castkit dev --upstream's proxy against a recording upstream on loopback: what reaches the upstream,
// what is refused before it does, and what comes back to the browser.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startEmulator } from '@castkit/emulator';
import { NeynarAPIClient, NeynarHubClient } from '@castkit/sdk/2.x';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, request } from '../../emulator/test/support/http.js';
import { startUpstreamProxy, type UpstreamServer } from '../src/upstream-proxy.js';

const SECRET = 'real-upstream-secret';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** An upstream that records every request it receives and answers with `answer`. */
async function startRecorder(answer: (req: IncomingMessage, res: ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      answer(req, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** What an upstream might send that must not reach the browser, beside what must. */
function answerWithExtras(_req: IncomingMessage, res: ServerResponse) {
  res.writeHead(200, {
    'content-type': 'application/json',
    'set-cookie': 'session=upstream; HttpOnly',
    connection: 'x-upstream-hop',
    'x-upstream-hop': 'hop-by-hop',
    'access-control-allow-origin': '*',
    'proxy-authenticate': 'Basic',
    'x-upstream-end-to-end': 'kept',
  });
  res.end('{"ok":true}');
}

let recorder: Awaited<ReturnType<typeof startRecorder>>;
let proxy: UpstreamServer;
const logged: string[] = [];
let token: string;

beforeAll(async () => {
  recorder = await startRecorder(answerWithExtras);
  proxy = await startUpstreamProxy({
    upstream: `${recorder.url}/v2`,
    hub: recorder.url,
    apiKey: SECRET,
    logger: { error: (line) => logged.push(line) },
  });
  token = (await request(proxy.url, '/_castkit/env')).json().apiKey;
});
afterAll(async () => {
  await proxy.close();
  await recorder.close();
});

const call = (path: string, init: Parameters<typeof request>[2] = {}) =>
  request(proxy.url, path, { ...init, headers: { 'x-api-key': token, ...init.headers } });

describe('the key the browser gets', () => {
  it('is a random token of this process, never the real key', async () => {
    const env = await request(proxy.url, '/_castkit/env');
    expect(env.json()).toMatchObject({ environment: 'upstream', upstream: recorder.url });
    expect(env.text).not.toContain(SECRET);
    expect(token.length).toBeGreaterThanOrEqual(24);
    const other = await startUpstreamProxy({ upstream: `${recorder.url}/v2`, apiKey: SECRET });
    try {
      expect((await request(other.url, '/_castkit/env')).json().apiKey).not.toBe(token);
    } finally {
      await other.close();
    }
  });

  it('is required: without it nothing reaches the upstream; with it the upstream gets the real key', async () => {
    recorder.seen.length = 0;
    for (const headers of [{}, { 'x-api-key': 'castkit-proxy' }, { 'x-api-key': SECRET }] as Record<
      string,
      string
    >[]) {
      const r = await request(proxy.url, '/v2/farcaster/user/bulk?fids=1', { headers });
      expect(r.status, JSON.stringify(headers)).toBe(401);
    }
    expect(recorder.seen).toEqual([]);
    const ok = await call('/v2/farcaster/user/bulk?fids=1');
    expect(ok.status).toBe(200);
    expect(recorder.seen).toHaveLength(1);
    expect(recorder.seen[0]!.headers['x-api-key']).toBe(SECRET);
    expect(recorder.seen[0]!.url).toBe('/v2/farcaster/user/bulk?fids=1');
  });
});

describe('requests refused before the upstream', () => {
  it('are every cross-site request and every foreign Host, and CORS is never granted', async () => {
    recorder.seen.length = 0;
    const refused: [Record<string, string>, number][] = [
      [{ origin: 'https://evil.example' }, 403],
      [{ origin: 'http://localhost:5173' }, 403],
      [{ 'sec-fetch-site': 'cross-site' }, 403],
      [{ 'sec-fetch-site': 'same-site' }, 403],
      [{ host: 'evil.example' }, 421],
      [
        {
          host: `evil.example:${new URL(proxy.url).port}`,
          origin: `http://evil.example:${new URL(proxy.url).port}`,
        },
        421,
      ],
    ];
    for (const [headers, status] of refused) {
      for (const path of ['/v2/farcaster/user/bulk?fids=1', '/v1/info']) {
        const r = await call(path, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: '{}',
        });
        expect(r.status, `${path} ${JSON.stringify(headers)}`).toBe(status);
        expect(r.headers['access-control-allow-origin']).toBeUndefined();
      }
    }
    const preflight = await request(proxy.url, '/v2/farcaster/cast', {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(recorder.seen).toEqual([]);
  });

  it('include /_castkit/env for any page but the console of this server', async () => {
    for (const headers of [{ origin: 'http://localhost:5173' }, { 'sec-fetch-site': 'same-site' }] as Record<
      string,
      string
    >[]) {
      const r = await request(proxy.url, '/_castkit/env', { headers });
      expect(r.status, JSON.stringify(headers)).toBe(403);
      expect(r.text).not.toContain(token);
    }
    expect((await request(proxy.url, '/_castkit/env', { headers: { origin: proxy.url } })).status).toBe(200);
  });
});

describe('what crosses the proxy', () => {
  it('towards the upstream: no cookies, no Authorization, no hop-by-hop headers; the body intact, re-framed', async () => {
    recorder.seen.length = 0;
    const body = JSON.stringify({ signer_uuid: 'x', text: 'through the proxy' });
    const r = await call('/v2/farcaster/cast', {
      method: 'POST',
      headers: {
        origin: proxy.url,
        'content-type': 'application/json',
        cookie: 'console-session=secret',
        authorization: 'Bearer browser-token',
        'proxy-authorization': 'Basic abc',
        'proxy-foo': 'bar',
        connection: 'keep-alive, x-browser-hop',
        'x-browser-hop': 'hop-by-hop',
        'keep-alive': 'timeout=5',
        te: 'trailers',
        trailer: 'x-checksum',
        'x-neynar-experimental': 'true',
      },
      body,
      chunked: true,
    });
    expect(r.status).toBe(200);
    const [seen] = recorder.seen;
    expect(seen!.body).toBe(body);
    expect(seen!.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(seen!.headers['x-neynar-experimental']).toBe('true');
    expect(seen!.headers.host).toBe(new URL(recorder.url).host);
    expect(seen!.headers['transfer-encoding']).toBeUndefined();
    for (const name of [
      'cookie',
      'authorization',
      'proxy-authorization',
      'proxy-foo',
      'x-browser-hop',
      'keep-alive',
      'te',
      'trailer',
      'origin',
    ]) {
      expect(seen!.headers[name], name).toBeUndefined();
    }
  });

  it('towards the browser: no cookies, no hop-by-hop headers and no CORS grants from the upstream', async () => {
    const r = await call('/v1/info');
    expect(r.status).toBe(200);
    expect(r.json()).toEqual({ ok: true });
    expect(r.headers['x-upstream-end-to-end']).toBe('kept');
    for (const name of [
      'set-cookie',
      'x-upstream-hop',
      'access-control-allow-origin',
      'proxy-authenticate',
    ]) {
      expect(r.headers[name], name).toBeUndefined();
    }
  });
});

describe('failures', () => {
  it('a slow upstream gets a 504 with the v2 error body after the configured timeout', async () => {
    const slow = await startRecorder(() => {
      // Never answers.
    });
    const impatient = await startUpstreamProxy({
      upstream: `${slow.url}/v2`,
      apiKey: SECRET,
      timeoutMs: 200,
      logger: { error: (line) => logged.push(line) },
    });
    try {
      const key = (await request(impatient.url, '/_castkit/env')).json().apiKey;
      logged.length = 0;
      const r = await request(impatient.url, '/v2/farcaster/user/bulk?fids=1', {
        headers: { 'x-api-key': key },
      });
      expect(r.status).toBe(504);
      expect(r.json()).toMatchObject({ code: 'GatewayTimeout', message: expect.stringContaining('200 ms') });
      expect(slow.seen).toHaveLength(1);
      expect(logged).toHaveLength(1);
    } finally {
      await impatient.close();
      await slow.close();
    }
  });

  it('an unreachable upstream gets a 502 naming it', async () => {
    const down = await startUpstreamProxy({
      upstream: 'http://127.0.0.1:9/v2',
      apiKey: SECRET,
      logger: { error: (line) => logged.push(line) },
    });
    try {
      const key = (await request(down.url, '/_castkit/env')).json().apiKey;
      const r = await request(down.url, '/v2/farcaster/user/bulk?fids=1', { headers: { 'x-api-key': key } });
      expect(r.status).toBe(502);
      expect(r.json()).toMatchObject({ code: 'BadGateway', message: expect.stringContaining('127.0.0.1:9') });
    } finally {
      await down.close();
    }
  });

  it('a malformed request target gets a 400 and the proxy keeps serving', async () => {
    recorder.seen.length = 0;
    const r = await rawRequest(proxy.url, `GET //[/v2/x HTTP/1.1\r\nHost: 127.0.0.1\r\nx-api-key: ${token}`);
    expect(r.status).toBe(400);
    expect(recorder.seen).toEqual([]);
    expect((await call('/v2/farcaster/user/bulk?fids=1')).status).toBe(200);
  });
});

describe('the proxy in front of a real emulator', () => {
  it('serves both APIs through the SDK with the token, and the real key never reaches the browser', async () => {
    const upstream = await startEmulator({ db: ':memory:', apiKey: SECRET });
    const front = await startUpstreamProxy({
      upstream: `${upstream.url}/v2`,
      hub: upstream.url,
      apiKey: SECRET,
    });
    try {
      const browserKey = (await request(front.url, '/_castkit/env')).json().apiKey as string;
      const api = new NeynarAPIClient({ apiKey: browserKey, baseUrl: `${front.url}/v2`, retries: 0 });
      expect((await api.lookupUserByUsername({ username: 'bob' })).user.fid).toBe(2);
      const hub = new NeynarHubClient({ apiKey: browserKey, baseUrl: front.url, retries: 0 });
      expect((await hub.fetchUsersCasts({ fid: 2, pageSize: 1 })).messages).toHaveLength(1);
    } finally {
      await front.close();
      await upstream.close();
    }
  });
});
