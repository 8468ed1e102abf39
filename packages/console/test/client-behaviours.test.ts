// Client behaviours beyond the main journeys, in Chromium against the emulator: optimistic reactions
// rolled back when the API really fails (an emulator fault rule), @mention and /channel
// autocomplete in the composer, and mute and block as the API then reports them.
import type { Emulator } from '@castkit/emulator';
import { NeynarAPIClient } from '@castkit/sdk/2.x';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from './support/browser';
import { buildConsole, startConsoleServer } from './support/console-server';

let server: Emulator;
let browser: BrowserContext;
let page: Page;
let v2: NeynarAPIClient;

const feedTop = () => page.getByTestId('cast-list').getByTestId('cast').first();
const composer = () => page.getByRole('combobox', { name: 'Compose a cast' });

async function openClient(path = '/client') {
  await page.goto(`${server.url}${path}`);
  await expect
    .poll(() => page.getByTestId('signer-status').innerText(), { timeout: 20_000 })
    .toBe('signer approved');
}

describe.skipIf(!hasChromium && process.env.CI !== 'true')('client behaviours in Chromium', () => {
  beforeAll(async () => {
    server = await startConsoleServer(await buildConsole());
    v2 = new NeynarAPIClient({ apiKey: 'castkit-dev-key', baseUrl: `${server.url}/v2` });
    browser = await launchChromium();
    page = await browser.newPage();
  }, 180_000);

  afterEach(() => server.faults.clear());

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const [button, counter] of [
    ['Like', 'likes-count'],
    ['Recast', 'recasts-count'],
  ] as const) {
    it(`shows a ${button.toLowerCase()} at once and takes it back when the API fails`, async () => {
      await openClient();
      const cast = feedTop();
      const hash = await cast.getAttribute('data-hash');
      const before = Number(await cast.getByTestId(counter).innerText());
      // Slow enough to see the optimistic count, then the API's own 503.
      server.faults.add({ operation: 'publishReaction', effect: 'error', status: 503, latencyMs: 1500 });
      const row = page.locator(`[data-hash="${hash}"]`).first();
      await row.getByRole('button', { name: new RegExp(`^${button}`) }).click();
      await expect.poll(() => row.getByTestId(counter).innerText()).toBe(String(before + 1));
      await expect.poll(() => row.getByTestId(counter).innerText(), { timeout: 15_000 }).toBe(String(before));
      expect(
        await row.getByRole('button', { name: new RegExp(`^${button}`) }).getAttribute('aria-pressed'),
      ).toBe('false');
      // Nothing was stored: a reload shows the same count.
      await openClient();
      expect(
        Number(await page.locator(`[data-hash="${hash}"]`).first().getByTestId(counter).innerText()),
      ).toBe(before);
    }, 60_000);
  }

  it('completes an @mention and a /channel from what is typed', async () => {
    await openClient();
    await composer().fill('hello @bo');
    await page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: /^@bob/ }).click();
    expect(await composer().inputValue()).toBe('hello @bob ');
    await composer().press('End');
    await composer().pressSequentially('in /de');
    await page
      .getByRole('listbox', { name: 'Suggestions' })
      .getByRole('option', { name: /^\/dev/ })
      .click();
    expect(await composer().inputValue()).toBe('hello @bob in /dev ');
    await composer().fill('');
  }, 60_000);

  it('mutes and blocks a user, as the API then reports, and undoes both', async () => {
    await openClient('/client/profile/3');
    await page.getByRole('button', { name: 'Mute', exact: true }).click();
    await page.getByRole('button', { name: 'Unmute' }).waitFor();
    const mutes = await v2.fetchMuteList({ fid: 1 });
    expect(mutes.mutes.map((m) => m.muted.fid)).toContain(3);

    await page.getByRole('button', { name: 'Block', exact: true }).click();
    await page.getByRole('button', { name: 'Unblock' }).waitFor();
    const blocks = await v2.fetchBlockList({ blockerFid: 1 });
    expect(blocks.blocks.map((b) => b.blocked?.fid)).toContain(3);

    await page.getByRole('button', { name: 'Unmute' }).click();
    await page.getByRole('button', { name: 'Mute', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Unblock' }).click();
    await page.getByRole('button', { name: 'Block', exact: true }).waitFor();
    expect((await v2.fetchMuteList({ fid: 1 })).mutes.map((m) => m.muted.fid)).not.toContain(3);
    expect((await v2.fetchBlockList({ blockerFid: 1 })).blocks.map((b) => b.blocked?.fid)).not.toContain(3);
  }, 60_000);
});
