// The chain every request passes: malformed targets, the one 404/405 builder, the key check, and the
// one place that answers and logs a handler's failure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from '../src/index.js';
import { rawRequest, request } from './support/http.js';

const logged: string[] = [];
let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({
    db: ':memory:',
    logger: { error: (line) => logged.push(line) },
    routes: [
      {
        method: 'GET',
        path: '/_emulator/test/throws',
        handler() {
          throw new TypeError('a bug in a handler');
        },
      },
      {
        method: 'GET',
        path: '/v1/test/throws',
        handler: async () => {
          throw new Error('a bug in a hub handler');
        },
      },
    ],
  });
});
afterAll(() => emu.close());

const key = () => ({ 'x-api-key': emu.apiKey });

describe('a malformed request target', () => {
  it('gets a 400 and the server keeps serving', async () => {
    for (const target of ['//[/v2/x', '/v2/farcaster/user/bulk%zz?fids=1', '/v2/%E0%A4%A', '*']) {
      const r = await rawRequest(
        emu.url,
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nx-api-key: ${emu.apiKey}`,
      );
      expect(r.status, target).toBe(400);
      expect(r.text, target).toContain('"code":"BadRequest"');
    }
    const next = await request(emu.url, '/v2/farcaster/user/bulk?fids=1', { headers: key() });
    expect(next.status).toBe(200);
  });

  it('in absolute form, is checked against the Host guard by its own authority', async () => {
    const port = new URL(emu.url).port;
    const foreign = await rawRequest(
      emu.url,
      `GET http://evil.example:${port}/v2/farcaster/user/bulk?fids=1 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nx-api-key: ${emu.apiKey}`,
    );
    expect(foreign.status).toBe(421);
    const own = await rawRequest(
      emu.url,
      `GET http://127.0.0.1:${port}/v2/farcaster/user/bulk?fids=1 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nx-api-key: ${emu.apiKey}`,
    );
    expect(own.status).toBe(200);
  });
});

describe('routes', () => {
  it('answers an unknown path with 404 and a wrong method with 405 and Allow, in the error body of its API', async () => {
    const v2 = await request(emu.url, '/v2/farcaster/nothing-here', { headers: key() });
    expect([v2.status, v2.json().code]).toEqual([404, 'NotFound']);
    const hub = await request(emu.url, '/v1/nothing-here', { headers: key() });
    expect([hub.status, hub.json().name]).toEqual([404, 'HubError']);
    const wrong = await request(emu.url, '/v2/farcaster/user/bulk?fids=1', {
      method: 'DELETE',
      headers: key(),
    });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('GET');
    expect(wrong.json().code).toBe('MethodNotAllowed');
  });

  it('answers HEAD where GET is served', async () => {
    const head = await request(emu.url, '/v2/farcaster/user/bulk?fids=1', { method: 'HEAD', headers: key() });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
  });

  it('checks the key once for every route behind it: operations, admin routes and added routes', async () => {
    for (const path of [
      '/v2/farcaster/user/bulk?fids=1',
      '/v1/info',
      '/_emulator/stats',
      '/_emulator/test/throws',
    ]) {
      const r = await request(emu.url, path, { headers: { 'x-api-key': 'not-the-key' } });
      expect(r.status, path).toBe(401);
      expect(r.text, path).toContain('x-api-key');
    }
  });
});

describe('a handler that throws', () => {
  it("gets its API's 500 body and exactly one log entry with the stack", async () => {
    logged.length = 0;
    const v2 = await request(emu.url, '/_emulator/test/throws', { headers: key() });
    expect(v2.status).toBe(500);
    expect(v2.json()).toMatchObject({
      code: 'InternalError',
      message: expect.stringContaining('a bug in a handler'),
    });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('GET /_emulator/test/throws');
    expect(logged[0]).toMatch(/TypeError: a bug in a handler\n\s+at /);

    const hub = await request(emu.url, '/v1/test/throws', { headers: key() });
    expect(hub.status).toBe(500);
    expect(hub.json()).toMatchObject({ name: 'HubError', errCode: 'unknown' });
    expect(logged).toHaveLength(2);
    expect(logged[1]).toMatch(/GET \/v1\/test\/throws: Error: a bug in a hub handler\n\s+at /);
  });

  it('logs nothing for answers that are not failures (4xx, and 501 for an operation not emulated yet)', async () => {
    logged.length = 0;
    await request(emu.url, '/v2/farcaster/user/bulk?fids=x', { headers: key() });
    await request(emu.url, '/v2/farcaster/nothing-here', { headers: key() });
    expect(logged).toEqual([]);
  });
});
