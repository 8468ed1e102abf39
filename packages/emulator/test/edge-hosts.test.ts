// The DNS-rebinding guard: only loopback names and configured names are served as Host, on every
// route; absolute URLs the emulator builds carry only such a name.
import { NeynarAPIClient } from '@castkit/sdk/2.x';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configuredHosts } from '../src/edge/hosts.js';
import { type Emulator, startEmulator } from '../src/index.js';
import { rawRequest, request } from './support/http.js';
import { castsWithText } from './support/reads.js';

let emu: Emulator;
let port: string;
beforeAll(async () => {
  emu = await startEmulator({ db: ':memory:', allowHosts: ['emu.test', '10.1.2.3'] });
  port = new URL(emu.url).port;
});
afterAll(() => emu.close());

const get = (path: string, host: string) =>
  request(emu.url, path, { headers: { host, 'x-api-key': emu.apiKey } });

describe('a request whose Host is not served', () => {
  it('gets 421 with the error body of its API on every route, and reaches no handler', async () => {
    for (const host of [
      'evil.example',
      `evil.example:${port}`,
      '127.0.0.1.evil.example',
      'localhost.evil.example',
    ]) {
      const v2 = await get('/v2/farcaster/user/by_username?username=alice', host);
      expect(v2.status, host).toBe(421);
      expect(v2.json(), host).toMatchObject({ code: 'MisdirectedRequest', property: 'host' });
      expect(v2.text).not.toContain('alice');
      const hub = await get('/v1/info', host);
      expect(hub.status, host).toBe(421);
      expect(hub.json(), host).toMatchObject({ name: 'HubError', errCode: 'unauthorized' });
      for (const path of ['/_emulator/health', '/_emulator/avatar/1.svg', '/_emulator/login/authorize']) {
        expect((await get(path, host)).status, `${host} ${path}`).toBe(421);
      }
    }
    const publish = await request(emu.url, '/v2/farcaster/cast', {
      method: 'POST',
      headers: { host: 'evil.example', 'x-api-key': emu.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ signer_uuid: '00000000-0000-4000-8000-000000000001', text: 'rebound' }),
    });
    expect(publish.status).toBe(421);
    const api = new NeynarAPIClient({ apiKey: emu.apiKey, baseUrl: `${emu.url}/v2`, retries: 0 });
    expect(await castsWithText(api, 1, 'rebound')).toBe(0);
  });

  it('gets 421 when it names no Host at all', async () => {
    const r = await rawRequest(emu.url, `GET /_emulator/health HTTP/1.0\r\nx-api-key: ${emu.apiKey}`);
    expect(r.status).toBe(421);
    expect(r.text).toContain('Host header is required');
  });
});

describe('a served Host', () => {
  it('may be any loopback name, on any port', async () => {
    for (const host of [
      'localhost',
      `localhost:${port}`,
      'app.localhost:5173',
      '127.0.0.1',
      '127.4.5.6:80',
      '[::1]:9',
    ]) {
      expect((await get('/_emulator/health', host)).status, host).toBe(200);
    }
  });

  it('may be a name or IP the server was started with', async () => {
    for (const host of [`emu.test:${port}`, 'EMU.test', '10.1.2.3:8080']) {
      expect((await get('/v2/farcaster/user/bulk?fids=1', host)).status, host).toBe(200);
    }
  });

  it('is what absolute URLs in answers are built from, and nothing else is', async () => {
    const viaName = (await get('/v2/farcaster/user/by_username?username=alice', `emu.test:${port}`)).json();
    expect(viaName.user.pfp_url).toBe(`http://emu.test:${port}/_emulator/avatar/1.svg`);
    const viaLoopback = (
      await get('/v2/farcaster/user/by_username?username=alice', `localhost:${port}`)
    ).json();
    expect(viaLoopback.user.pfp_url).toBe(`http://localhost:${port}/_emulator/avatar/1.svg`);
    const refused = await get('/v2/farcaster/user/by_username?username=alice', `evil.example:${port}`);
    expect(refused.text).not.toContain('http://evil.example');
  });
});

describe('configured host names', () => {
  it('come from a specific listen address and --allow-host, never from a wildcard address', () => {
    expect(configuredHosts('0.0.0.0', ['lan.test'])).toEqual(['lan.test']);
    expect(configuredHosts('::', [])).toEqual([]);
    expect(configuredHosts('192.168.1.20', [])).toEqual(['192.168.1.20']);
    expect(configuredHosts('fe80::1', ['My.Box'])).toEqual(['my.box', '[fe80::1]']);
  });

  it('must be bare names: a scheme or a port is refused with the flag named', () => {
    expect(() => configuredHosts(undefined, ['http://lan.test'])).toThrow(/--allow-host/);
    expect(() => configuredHosts(undefined, ['lan.test:3000'])).toThrow(/--allow-host/);
  });
});
