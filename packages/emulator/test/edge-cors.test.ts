// Browser access: local origins (and --cors ones) call the APIs with the dev key through CORS; any
// other origin is refused before anything runs; cross-site requests without Origin reach only the
// public pages and images browsers legitimately load; same-origin routes never serve another origin.
import { NeynarAPIClient } from '@castkit/sdk/2.x';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, parseCorsOrigins, startEmulator } from '../src/index.js';
import { request } from './support/http.js';
import { castsWithText } from './support/reads.js';

const SIGNER = '00000000-0000-4000-8000-000000000001';
const LOCAL_APP = 'http://localhost:5173';

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({
    db: ':memory:',
    cors: ['https://app.example'],
    routes: [
      {
        method: 'GET',
        path: '/_test/own-pages-only',
        door: 'same-origin',
        handler: () => ({ json: { ok: true } }),
      },
    ],
  });
});
afterAll(() => emu.close());

const preflight = (origin: string, path = '/v2/farcaster/cast', method = 'POST') =>
  request(emu.url, path, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'x-api-key, content-type',
    },
  });

const publish = (headers: Record<string, string>, text: string) =>
  request(emu.url, '/v2/farcaster/cast', {
    method: 'POST',
    headers: { 'x-api-key': emu.apiKey, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ signer_uuid: SIGNER, text }),
  });

const castsWith = (text: string) =>
  castsWithText(new NeynarAPIClient({ apiKey: emu.apiKey, baseUrl: `${emu.url}/v2`, retries: 0 }), 1, text);

describe('a browser app on a local origin', () => {
  it('gets its preflight answered with the methods of the route and the headers it may send', async () => {
    const r = await preflight(LOCAL_APP);
    expect(r.status).toBe(204);
    expect(r.headers['access-control-allow-origin']).toBe(LOCAL_APP);
    expect(r.headers['access-control-allow-methods']).toContain('POST');
    const allowed = String(r.headers['access-control-allow-headers']).split(', ');
    expect(allowed).toEqual(
      expect.arrayContaining(['x-api-key', 'content-type', 'x-neynar-experimental', 'x-wallet-id']),
    );
    expect(Number(r.headers['access-control-max-age'])).toBeGreaterThan(0);
    expect(r.headers.vary).toContain('Origin');
  });

  it('then makes the real call with the key, and the answer names its origin', async () => {
    for (const origin of [LOCAL_APP, 'http://127.0.0.1:8080', 'http://[::1]:3001', 'https://localhost']) {
      const r = await publish({ origin }, `from ${origin}`);
      expect(r.status, origin).toBe(200);
      expect(r.headers['access-control-allow-origin'], origin).toBe(origin);
      expect(await castsWith(`from ${origin}`)).toBe(1);
    }
    const lookup = await request(emu.url, '/v2/farcaster/user/bulk?fids=1', {
      headers: { origin: LOCAL_APP, 'x-api-key': emu.apiKey },
    });
    expect(lookup.status).toBe(200);
    expect(lookup.headers['access-control-allow-origin']).toBe(LOCAL_APP);
  });

  it('still needs the key', async () => {
    const r = await request(emu.url, '/v2/farcaster/user/bulk?fids=1', { headers: { origin: LOCAL_APP } });
    expect(r.status).toBe(401);
    // Readable by the app, so it can say what is wrong.
    expect(r.headers['access-control-allow-origin']).toBe(LOCAL_APP);
  });
});

describe('an origin named with the cors option', () => {
  it('is allowed like a local one; an origin not named is not', async () => {
    expect((await preflight('https://app.example')).status).toBe(204);
    const other = await startEmulator({ db: ':memory:' });
    try {
      const r = await request(other.url, '/v2/farcaster/cast', {
        method: 'OPTIONS',
        headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
      });
      expect(r.status).toBe(403);
    } finally {
      await other.close();
    }
  });
});

describe('origins given as --cors', () => {
  it('are exact origins, comma-separated or repeated; a path, a wildcard or another scheme is refused', () => {
    expect(parseCorsOrigins(['https://app.example,http://Lan.Box:8080', 'https://b.example/'])).toEqual([
      'https://app.example',
      'http://lan.box:8080',
      'https://b.example',
    ]);
    for (const bad of ['https://app.example/path', '*', 'app.example', 'ftp://app.example']) {
      expect(() => parseCorsOrigins([bad]), bad).toThrow(/--cors/);
    }
  });
});

describe('any other origin', () => {
  it('is refused with 403 and no CORS grant, on preflights and on simple requests that would change state', async () => {
    const pre = await preflight('https://evil.example');
    expect(pre.status).toBe(403);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();

    const write = await publish({ origin: 'https://evil.example' }, 'cross-site write');
    expect(write.status).toBe(403);
    expect(write.json()).toMatchObject({ code: 'Forbidden', property: 'origin' });
    expect(await castsWith('cross-site write')).toBe(0);

    for (const origin of ['null', 'http://localhost.evil.example', 'http://127.0.0.1.evil.example:3000']) {
      const r = await request(emu.url, '/_emulator/reset', {
        method: 'POST',
        headers: { origin, 'x-api-key': emu.apiKey },
      });
      expect(r.status, origin).toBe(403);
    }
    const hub = await request(emu.url, '/v1/info', {
      headers: { origin: 'https://evil.example', 'x-api-key': emu.apiKey },
    });
    expect(hub.status).toBe(403);
    expect(hub.json().name).toBe('HubError');
  });
});

describe('a cross-site request without Origin', () => {
  const crossSite = (dest: string, mode: string) => ({
    'sec-fetch-site': 'cross-site',
    'sec-fetch-dest': dest,
    'sec-fetch-mode': mode,
  });

  it('reaches avatars as an image and the approval and login pages as a navigation', async () => {
    const avatar = await request(emu.url, '/_emulator/avatar/2.svg', {
      headers: crossSite('image', 'no-cors'),
    });
    expect(avatar.status).toBe(200);
    const login = await request(emu.url, '/_emulator/login/authorize?client_id=x', {
      headers: crossSite('document', 'navigate'),
    });
    expect(login.status).toBe(200);
  });

  it('reaches nothing else, key or not', async () => {
    const api = await request(emu.url, '/v2/farcaster/user/bulk?fids=1', {
      headers: { ...crossSite('empty', 'no-cors'), 'x-api-key': emu.apiKey },
    });
    expect(api.status).toBe(403);
    expect(api.json().property).toBe('sec-fetch-site');
    const health = await request(emu.url, '/_emulator/health', { headers: crossSite('script', 'no-cors') });
    expect(health.status).toBe(403);
  });

  it('from the same site (another port of localhost) reaches the API like any local app', async () => {
    const r = await request(emu.url, '/v2/farcaster/user/bulk?fids=1', {
      headers: { 'sec-fetch-site': 'same-site', 'x-api-key': emu.apiKey },
    });
    expect(r.status).toBe(200);
  });
});

describe('a same-origin route', () => {
  it('answers pages of its own origin and requests from outside browsers', async () => {
    const own = await request(emu.url, '/_test/own-pages-only', { headers: { origin: emu.url } });
    expect(own.status).toBe(200);
    expect(
      (await request(emu.url, '/_test/own-pages-only', { headers: { 'sec-fetch-site': 'same-origin' } }))
        .status,
    ).toBe(200);
    expect((await request(emu.url, '/_test/own-pages-only')).status).toBe(200);
  });

  it('refuses allowed local origins and same-site requests, and never carries CORS headers', async () => {
    for (const headers of [
      { origin: LOCAL_APP } as Record<string, string>,
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
    ]) {
      const r = await request(emu.url, '/_test/own-pages-only', { headers });
      expect(r.status, JSON.stringify(headers)).toBe(403);
      expect(r.headers['access-control-allow-origin']).toBeUndefined();
      expect(r.headers.vary).toBeUndefined();
    }
    const pre = await preflight(LOCAL_APP, '/_test/own-pages-only', 'GET');
    expect(pre.status).toBe(403);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
  });
});
