// consoleHandler and envHandler on a real node:http server on loopback.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleHandler, envHandler } from '../src/server/index';

let server: Server;
let base: string;
// The built folder sits in a temporary folder of its own with a secret beside it: a path that
// escapes the folder would reach that file, never anything outside the test's own folder.
let scratch: string;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'castkit-console-'));
  const dist = join(scratch, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  writeFileSync(join(dist, 'assets', 'app-1234.css'), 'body{}');
  writeFileSync(join(dist, '..', 'secret.txt'), 'secret');
  const env = envHandler({ environment: 'emulator', apiKey: 'castkit-dev-key' });
  const app = consoleHandler({ distDir: dist });
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (env(req, res, url) || app(req, res, url)) return;
    res.writeHead(418).end('not the console');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(scratch, { recursive: true, force: true });
});

describe('consoleHandler', () => {
  it('serves built assets with their content type and a long cache', async () => {
    const js = await fetch(`${base}/assets/app-1234.js`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toContain('immutable');
    expect(await js.text()).toBe('console.log(1)');
    const css = await fetch(`${base}/assets/app-1234.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('answers client-side routes with index.html, revalidated every time', async () => {
    for (const path of ['/', '/explorer?op=v2.lookupUserByUsername', '/some/deep/route']) {
      const res = await fetch(base + path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<title>console</title>');
    }
  });

  it('answers 404 for a missing file rather than the SPA page', async () => {
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
  });

  it('never serves a file outside its folder, however the path is encoded', async () => {
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/%00',
    ]) {
      const res = await fetch(base + path);
      expect(await res.text(), path).not.toBe('secret');
    }
  });

  it('leaves the APIs, the emulator controls and the env route to other handlers', async () => {
    for (const path of ['/v2/farcaster/user', '/v1/info', '/_emulator/health']) {
      expect((await fetch(base + path)).status, path).toBe(418);
    }
  });
});

describe('consoleHandler before a build', () => {
  it('explains how to build the console instead of failing silently', async () => {
    const handler = consoleHandler({ distDir: join(tmpdir(), 'castkit-no-such-dist') });
    const srv = createServer((req, res) => handler(req, res, new URL(req.url ?? '/', 'http://x')));
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const res = await fetch(`http://127.0.0.1:${(srv.address() as AddressInfo).port}/`);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build -w @castkit/console');
    await new Promise<void>((r) => srv.close(() => r()));
  });
});

describe('envHandler', () => {
  it('tells the browser its environment and the key it may send', async () => {
    const res = await fetch(`${base}/_castkit/env`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ environment: 'emulator', apiKey: 'castkit-dev-key' });
  });
});
