// `castkit dev`: the emulator and the console on one URL; with --upstream, a proxy that keeps the key.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultDistDir } from '@castkit/console';
import { startEmulator } from '@castkit/emulator';
import { NeynarAPIClient, NeynarHubClient } from '@castkit/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { startUpstreamProxy } from '../src/upstream-proxy.js';

const bin = fileURLToPath(new URL('../bin/castkit.mjs', import.meta.url));

function startDev(args: string[]): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'dev', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`castkit dev did not start:\n${out}`)), 30_000);
    child.stdout.on('data', (c) => {
      out += c;
      const m = out.match(/listening on (http:\/\/\S+)/);
      if (m && out.includes('console:')) {
        clearTimeout(timer);
        resolve({ child, url: m[1]!, output: () => out });
      }
    });
    child.stderr.on('data', (c) => {
      out += c;
    });
    child.on('exit', (code) => reject(new Error(`castkit dev exited with ${code}:\n${out}`)));
  });
}

describe('castkit dev', () => {
  let dev: Awaited<ReturnType<typeof startDev>> | undefined;
  afterAll(() => {
    dev?.child.kill('SIGTERM');
  });

  it('serves both APIs, the console and its environment from one printed URL', async () => {
    dev = await startDev(['--port', '0', '--db', ':memory:']);
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
});

describe('castkit dev --upstream', () => {
  it('proxies both APIs with the real key, which the browser never sees', async () => {
    const secret = 'real-upstream-secret';
    const upstream = await startEmulator({ db: ':memory:', apiKey: secret });
    const proxy = await startUpstreamProxy({
      upstream: `${upstream.url}/v2`,
      hub: upstream.url,
      apiKey: secret,
    });
    try {
      const envText = await (await fetch(`${proxy.url}/_castkit/env`)).text();
      expect(JSON.parse(envText)).toMatchObject({ environment: 'upstream', upstream: upstream.url });
      expect(envText).not.toContain(secret);

      const browserKey = JSON.parse(envText).apiKey as string;
      const api = new NeynarAPIClient({ apiKey: browserKey, baseUrl: `${proxy.url}/v2`, retries: 0 });
      expect((await api.lookupUserByUsername({ username: 'bob' })).user.fid).toBe(2);
      const hub = new NeynarHubClient({ apiKey: browserKey, baseUrl: proxy.url, retries: 0 });
      expect((await hub.fetchUsersCasts({ fid: 2, pageSize: 1 })).messages).toHaveLength(1);
    } finally {
      await proxy.close();
      await upstream.close();
    }
  });

  it('answers 502 naming the host when the upstream is down', async () => {
    const proxy = await startUpstreamProxy({ upstream: 'http://127.0.0.1:9/v2', apiKey: 'k' });
    try {
      const res = await fetch(`${proxy.url}/v2/farcaster/user/bulk?fids=1`);
      expect(res.status).toBe(502);
      expect((await res.json()).message).toContain('127.0.0.1:9');
    } finally {
      await proxy.close();
    }
  });
});
