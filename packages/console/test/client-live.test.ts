// How new casts reach an open following feed: through the emulator's event stream, and by polling
// the first page when there is no stream (the console told it talks to an upstream, which has none).
// Casts are posted through the API as bob, whom alice follows in the seed.
import type { Emulator } from '@castkit/emulator';
import { NeynarAPIClient } from '@castkit/sdk/2.x';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from './support/browser';
import { buildConsole, startConsoleServer } from './support/console-server';

const BOB_SIGNER = '00000000-0000-4000-8000-000000000002';
let dist: string;
let browser: BrowserContext;
const servers: Emulator[] = [];

async function openFeed(environment: 'emulator' | 'upstream'): Promise<{ page: Page; server: Emulator }> {
  const server = await startConsoleServer(dist, { environment });
  servers.push(server);
  const page = await browser.newPage();
  await page.goto(`${server.url}/client`);
  await page.getByTestId('cast-list').getByTestId('cast').first().waitFor({ timeout: 30_000 });
  return { page, server };
}

async function bobPosts(server: Emulator, text: string) {
  const v2 = new NeynarAPIClient({ apiKey: 'castkit-dev-key', baseUrl: `${server.url}/v2` });
  await v2.publishCast({ signerUuid: BOB_SIGNER, text });
}

const feed = (page: Page) => page.getByRole('region', { name: 'Following feed' });
const topText = (page: Page) => feed(page).getByTestId('cast-text').first().innerText();

describe.skipIf(!hasChromium && process.env.CI !== 'true')('new casts on an open following feed', () => {
  beforeAll(async () => {
    dist = await buildConsole();
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    for (const s of servers) await s.close();
  });

  it("arrive through the emulator's event stream", async () => {
    const { page, server } = await openFeed('emulator');
    await expect.poll(() => feed(page).getAttribute('data-live'), { timeout: 20_000 }).toBe('open');
    await bobPosts(server, 'streamed to alice');
    await expect.poll(() => topText(page), { timeout: 20_000 }).toBe('streamed to alice');
    expect(await page.getByTestId('cast-list').getByText('streamed to alice').count()).toBe(1);
  }, 90_000);

  it('arrive by polling when the console talks to an upstream without a stream', async () => {
    const { page, server } = await openFeed('upstream');
    await expect.poll(() => feed(page).getAttribute('data-live'), { timeout: 20_000 }).toBe('unavailable');
    await bobPosts(server, 'polled by alice');
    await expect.poll(() => topText(page), { timeout: 20_000 }).toBe('polled by alice');
  }, 90_000);
});
