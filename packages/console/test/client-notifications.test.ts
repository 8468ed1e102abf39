// Unread notifications in Chromium against the emulator: "Mark as seen" clears the unread marker,
// and the API then reports nothing unseen for the acting user.
import type { Emulator } from '@castkit/emulator';
import { NeynarAPIClient } from '@castkit/sdk/2.x';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from './support/browser';
import { buildConsole, startConsoleServer } from './support/console-server';

const CAROL_SIGNER = '00000000-0000-4000-8000-000000000003';
let server: Emulator;
let browser: BrowserContext;

describe.skipIf(!hasChromium && process.env.CI !== 'true')('notifications in Chromium', () => {
  beforeAll(async () => {
    server = await startConsoleServer(await buildConsole());
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('clears the unread marker through mark-as-seen', async () => {
    const v2 = new NeynarAPIClient({ apiKey: 'castkit-dev-key', baseUrl: `${server.url}/v2` });
    // carol likes alice's newest cast: alice has at least one unseen notification.
    const [cast] = (await v2.fetchCastsForUser({ fid: 1, limit: 1 })).casts;
    await v2.publishReaction({
      signerUuid: CAROL_SIGNER,
      reactionType: 'like',
      target: cast!.hash,
      targetAuthorFid: 1,
    });
    const unseen = async () => (await v2.fetchAllNotifications({ fid: 1 })).unseen_notifications_count;
    expect(await unseen()).toBeGreaterThan(0);

    const page = await browser.newPage();
    await page.goto(`${server.url}/client/notifications`);
    await expect
      .poll(() => page.getByTestId('signer-status').innerText(), { timeout: 20_000 })
      .toBe('signer approved');
    await expect.poll(() => page.getByTestId('unseen-count').innerText()).toBe(`${await unseen()} unread`);
    await page.getByRole('button', { name: 'Mark as seen' }).click();
    await expect
      .poll(() => page.getByTestId('unseen-count').innerText(), { timeout: 15_000 })
      .toBe('0 unread');
    expect(await unseen()).toBe(0);
  }, 60_000);
});
