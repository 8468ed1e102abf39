// `castkit dev`: the emulator and the console on one URL; with --upstream, a proxy that keeps the key.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { defaultDistDir } from '@castkit/console';
import { NeynarAPIClient } from '@castkit/sdk/2.x';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../../emulator/test/support/http.js';
import { castkit, startDev } from './support/castkit.js';

describe('castkit dev', () => {
  let dev: Awaited<ReturnType<typeof startDev>>;
  beforeAll(async () => {
    dev = await startDev([
      '--port',
      '0',
      '--db',
      ':memory:',
      '--allow-host',
      'castkit.test',
      '--cors',
      'https://app.example',
    ]);
  }, 40_000);
  afterAll(() => {
    dev?.child.kill('SIGTERM');
  });
  const port = () => new URL(dev.url).port;

  it('serves both APIs, the console and its environment from one printed URL', async () => {
    expect(dev.output()).toContain('api key: castkit-dev-key');
    expect(dev.output()).toContain(`console: ${dev.url}/`);

    const env = await (await fetch(`${dev.url}/_castkit/env`)).json();
    expect(env).toEqual({ environment: 'emulator', apiKey: 'castkit-dev-key' });

    const page = await fetch(`${dev.url}/explorer?op=lookupUserByUsername`);
    // `npm install` builds the console; without a build the page must say how to make one.
    if (existsSync(join(defaultDistDir(), 'index.html'))) {
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toContain('<div id="root">');
    } else {
      expect(page.status).toBe(503);
      expect(await page.text()).toContain('npm run build');
    }

    const api = new NeynarAPIClient({ apiKey: 'castkit-dev-key', baseUrl: `${dev.url}/v2` });
    expect((await api.lookupUserByUsername({ username: 'alice' })).user.fid).toBe(1);
    const health = await fetch(`${dev.url}/_emulator/health`);
    expect(health.status).toBe(200);
  });

  it('refuses a foreign Host on the APIs, the emulator controls, the environment and the console page', async () => {
    for (const path of [
      '/v2/farcaster/user/bulk?fids=1',
      '/v1/info',
      '/_emulator/health',
      '/_castkit/env',
      '/',
      '/explorer',
    ]) {
      const r = await request(dev.url, path, {
        headers: { host: `evil.example:${port()}`, 'x-api-key': 'castkit-dev-key' },
      });
      expect(r.status, path).toBe(421);
      expect(r.text, path).not.toContain('<div id="root">');
      expect(r.text, path).not.toContain('"apiKey"');
    }
  });

  it('serves a name given with --allow-host', async () => {
    const host = `castkit.test:${port()}`;
    const env = await request(dev.url, '/_castkit/env', { headers: { host } });
    expect(env.status).toBe(200);
    expect(env.json().apiKey).toBe('castkit-dev-key');
    const api = await request(dev.url, '/v2/farcaster/user/bulk?fids=1', {
      headers: { host, 'x-api-key': 'castkit-dev-key' },
    });
    expect(api.status).toBe(200);
  });

  it("gives /_castkit/env only to the console's own pages, never cross-origin", async () => {
    for (const headers of [
      { origin: 'http://localhost:5173' },
      { origin: 'https://app.example' },
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' },
      { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors' },
    ] as Record<string, string>[]) {
      const r = await request(dev.url, '/_castkit/env', { headers });
      expect(r.status, JSON.stringify(headers)).toBe(403);
      expect(r.text).not.toContain('castkit-dev-key');
      expect(r.headers['access-control-allow-origin']).toBeUndefined();
    }
    for (const headers of [
      { origin: dev.url },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
    ] as Record<string, string>[]) {
      const r = await request(dev.url, '/_castkit/env', { headers });
      expect(r.status, JSON.stringify(headers)).toBe(200);
    }
  });

  it('lets origins given with --cors call the API, and no others', async () => {
    const preflight = (origin: string) =>
      request(dev.url, '/v2/farcaster/user/bulk?fids=1', {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'x-api-key',
        },
      });
    const named = await preflight('https://app.example');
    expect(named.status).toBe(204);
    expect(named.headers['access-control-allow-origin']).toBe('https://app.example');
    const call = await request(dev.url, '/v2/farcaster/user/bulk?fids=1', {
      headers: { origin: 'https://app.example', 'x-api-key': 'castkit-dev-key' },
    });
    expect(call.status).toBe(200);
    expect(call.headers['access-control-allow-origin']).toBe('https://app.example');
    expect((await preflight('https://other.example')).status).toBe(403);
  });
});

describe('castkit dev flags', () => {
  it('refuses an --allow-host that is not a bare name, and --cors with --upstream', async () => {
    const bad = await startDev(['--port', '0', '--db', ':memory:', '--allow-host', 'http://x.test']).catch(
      (e: Error) => e.message,
    );
    expect(bad).toMatch(/--allow-host: "http:\/\/x.test" is not a host name/);
    const cors = await castkit([
      'dev',
      '--upstream',
      'http://127.0.0.1:9',
      '--cors',
      'http://localhost:5173',
    ]);
    expect(cors.code).toBe(2);
    expect(cors.stderr).toContain('--cors does not apply to --upstream');
  });
});
