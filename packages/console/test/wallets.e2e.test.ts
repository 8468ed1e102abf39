// The wallets screen end to end: the built console served with a real emulator as castkit dev serves
// them, driven in Debian's headless Chromium, reached from the developer screens' links.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Emulator } from '@castkit/emulator';
import { createControlClient } from '@castkit/emulator/control';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, hasChromium, launchChromium } from './support/browser';
import { buildConsole, startConsoleServer } from './support/console-server';

const artifacts = fileURLToPath(new URL('../../../test-artifacts/console/wallets/', import.meta.url));

let server: Emulator;
let browser: BrowserContext;
let page: Page;

describe.skipIf(!hasChromium && process.env.CI !== 'true')('the wallets screen in Chromium', () => {
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    server = await startConsoleServer(await buildConsole());
    browser = await launchChromium();
    page = await browser.newPage();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lists the seeded wallet with its balances and creates one that the emulator then answers to', async () => {
    await page.goto(`${server.url}/storage`);
    await page
      .getByRole('navigation', { name: 'Developer screens' })
      .getByRole('link', { name: 'Wallets' })
      .click();
    await page.waitForURL(`${server.url}/wallets`);
    await page.getByRole('heading', { name: 'Server wallets', level: 1 }).waitFor();

    const seeded = page.locator('[data-wallet="castkit-dev-wallet"]');
    await seeded.waitFor();
    expect(await seeded.innerText()).toContain('(seeded)');
    const control = createControlClient({ baseUrl: server.url, apiKey: server.apiKey });
    const before = await control.call('GET /_emulator/wallets');
    const dev = before.wallets.find((w) => w.id === 'castkit-dev-wallet');
    expect(dev?.balances.length).toBeGreaterThan(0);
    // Every balance the emulator holds for it is shown, as network, symbol and amount.
    const rows = await seeded.getByTestId('balance').allInnerTexts();
    expect(rows.map((r) => r.split('\t').map((c) => c.trim()))).toEqual(
      dev!.balances.map((b) => [b.network, b.symbol, b.amount]),
    );

    await page.getByLabel('Wallet id').fill('console-wallet');
    await page.getByLabel('ETH per network').fill('2');
    await page.getByLabel('USDC per network').fill('250');
    await page.getByRole('button', { name: 'Create wallet' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toContain('console-wallet');
    const made = page.locator('[data-wallet="console-wallet"]');
    await made.waitFor();

    const after = await control.call('GET /_emulator/wallets');
    const wallet = after.wallets.find((w) => w.id === 'console-wallet');
    expect(wallet?.balances.map((b) => [b.network, b.symbol, b.amount])).toEqual(
      expect.arrayContaining([
        ['base', 'ETH', '2'],
        ['base', 'USDC', '250'],
      ]),
    );
    expect(await made.getByTestId('balance').count()).toBe(wallet!.balances.length);
    // A 3.x call naming it is served from its funds.
    const fid = await fetch(`${server.url}/v2/farcaster/user/fid/`, {
      headers: { 'x-api-key': server.apiKey, 'x-wallet-id': 'console-wallet' },
    });
    expect(fid.status).toBe(200);

    await page.screenshot({ path: join(artifacts, 'wallets.png'), fullPage: true });
    const serious = (await axeViolations(page)).filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
