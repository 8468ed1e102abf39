// Clickjacking: a page of another origin cannot frame the console (served as castkit dev serves it)
// or the emulator's own HTML pages. Every answer says X-Frame-Options DENY and CSP frame-ancestors
// 'none', and Debian's Chromium, framing them from another loopback origin, shows none of them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Emulator } from '@castkit/emulator';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from './support/browser';
import { buildConsole, startConsoleServer } from './support/console-server';

let server: Emulator;
let browser: BrowserContext;
let attacker: Server;
let attackerUrl: string;
/** The console on `localhost`, the attacker on `127.0.0.1`: two origins, as two sites would be. */
let consoleOrigin: string;

beforeAll(async () => {
  server = await startConsoleServer(await buildConsole());
  consoleOrigin = server.url.replace('127.0.0.1', 'localhost');
  // A page that frames whatever ?src= names, and nothing else.
  attacker = createServer((req, res) => {
    const src = new URL(req.url ?? '/', 'http://x').searchParams.get('src') ?? '';
    res.setHeader('content-type', 'text/html');
    res.end(
      `<!doctype html><title>prize</title><iframe id="f" src="${src}" width="800" height="600"></iframe>`,
    );
  });
  await new Promise<void>((r) => attacker.listen(0, '127.0.0.1', r));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
  if (hasChromium) browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((r) => attacker?.close(r));
  await server?.close();
});

describe('framing by another origin', () => {
  it('every HTML page answers X-Frame-Options DENY and frame-ancestors none', async () => {
    for (const path of ['/', '/controls', '/_emulator/login/authorize?client_id=1&response_type=code']) {
      const res = await fetch(`${consoleOrigin}${path}`);
      expect([path, res.status, res.headers.get('content-type')]).toEqual([
        path,
        200,
        expect.stringMatching(/^text\/html/),
      ]);
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
    }
  });

  it.runIf(hasChromium)(
    "shows a cross-origin page nothing of the console's /controls or the emulator's pages",
    async () => {
      for (const path of ['/controls', '/_emulator/login/authorize?client_id=1&response_type=code']) {
        const page = await browser.newPage();
        const refused: string[] = [];
        page.on('console', (m) => {
          if (/Refused to (display|frame)/.test(m.text())) refused.push(m.text());
        });
        await page.goto(`${attackerUrl}?src=${encodeURIComponent(`${consoleOrigin}${path}`)}`);
        const frame = page.frames().find((f) => f !== page.mainFrame());
        await expect
          .poll(() => refused.length + (frame?.url().startsWith('chrome-error:') ? 1 : 0))
          .toBeGreaterThan(0);
        // Nothing of the page was rendered inside the frame.
        const text = await frame?.evaluate(() => document.body?.innerText ?? '').catch(() => '');
        expect(text ?? '', path).not.toMatch(/clock|faults|sign in|castkit/i);
        await page.close();
      }
    },
  );

  it.runIf(hasChromium)('still lets the console open itself at the top level', async () => {
    const page = await browser.newPage();
    await page.goto(`${consoleOrigin}/controls`);
    await expect.poll(() => page.locator('body').innerText()).toMatch(/clock/i);
    await page.close();
  });
});
