// Search in Chromium against the emulator. The emulator's cast search modes: literal matches casts
// holding every word, newest first; semantic and hybrid match casts holding any word, ranked by
// relevance (more of the words first) mixed with recency. Users match a username or display-name
// prefix, most followed first; channels an id or name prefix, by id. The query, kind and mode live in
// the URL, so a reload shows the same search.
import type { Emulator } from '@castkit/emulator';
import { NeynarAPIClient } from '@castkit/sdk/2.x';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from './support/browser';
import { buildConsole, startConsoleServer } from './support/console-server';

const BOB_SIGNER = '00000000-0000-4000-8000-000000000002';
const QUERY = 'brassmoth lanterns marrowfield';

let server: Emulator;
let browser: BrowserContext;
let page: Page;
let v2: NeynarAPIClient;
/** Holds every word of QUERY. */
let exact: string;
/** Posted a minute later and holds two of the words, not "lanterns". */
let paraphrase: string;

const searchUrl = () => new URL(page.url()).searchParams;
/** The hashes of the cast results, top first. */
const castResults = () =>
  page
    .locator('section[aria-label="Casts"] > [data-testid="cast"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-hash')));

async function search(text: string) {
  await page.getByLabel('Search', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect.poll(() => searchUrl().get('q')).toBe(text);
}

describe.skipIf(!hasChromium && process.env.CI !== 'true')('search in Chromium', () => {
  beforeAll(async () => {
    server = await startConsoleServer(await buildConsole());
    v2 = new NeynarAPIClient({ apiKey: 'castkit-dev-key', baseUrl: `${server.url}/v2` });
    const post = async (text: string) => (await v2.publishCast({ signerUuid: BOB_SIGNER, text })).cast.hash;
    exact = await post('The brassmoth lanterns drift over marrowfield tonight');
    await server.clock.advance(60_000);
    paraphrase = await post('Marrowfield glows with brassmoth light');
    browser = await launchChromium();
    page = await browser.newPage();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('finds the exact words and not the paraphrase in literal mode', async () => {
    await page.goto(`${server.url}/client/search?kind=casts`);
    await search(QUERY);
    expect(await page.getByLabel('Mode').inputValue()).toBe('literal');
    await expect.poll(castResults).toEqual([exact]);
    // The API agrees: literal is every word.
    const api = await v2.searchCasts({ q: QUERY, mode: 'literal' });
    expect(api.result.casts.map((c) => c.hash)).toEqual([exact]);
  });

  for (const mode of ['semantic', 'hybrid'] as const) {
    it(`finds the paraphrase too in ${mode} mode, ranking the cast with every word first`, async () => {
      await page.getByLabel('Mode').selectOption(mode);
      await expect.poll(() => searchUrl().get('mode')).toBe(mode);
      await expect.poll(async () => (await castResults()).slice(0, 2)).toEqual([exact, paraphrase]);
      const api = await v2.searchCasts({ q: QUERY, mode });
      expect(await castResults()).toEqual(api.result.casts.map((c) => c.hash));
    });
  }

  it('keeps the query, kind and mode across a reload', async () => {
    await page.getByLabel('Mode').selectOption('hybrid');
    await expect.poll(() => searchUrl().get('mode')).toBe('hybrid');
    // The results as shown before the reload, waited for: a list read while it loads is empty, and
    // an empty list would be matched at once by the page still loading after the reload.
    const before = (await v2.searchCasts({ q: QUERY, mode: 'hybrid' })).result.casts.map((c) => c.hash);
    expect(before.slice(0, 2)).toEqual([exact, paraphrase]);
    await expect.poll(castResults).toEqual(before);
    await page.reload();
    await expect.poll(castResults).toEqual(before);
    expect(await page.getByLabel('Mode').inputValue()).toBe('hybrid');
    expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe(QUERY);
    expect(Object.fromEntries(searchUrl())).toMatchObject({ q: QUERY, kind: 'casts', mode: 'hybrid' });
  });

  it('lists the users whose name starts with the query, as the API ranks them', async () => {
    await page.goto(`${server.url}/client/search`);
    await search('car');
    const api = (await v2.searchUser({ q: 'car', limit: 10 })).result.users.map((u) => `@${u.username}`);
    expect(api).toContain('@carol');
    const rows = page.getByRole('list', { name: 'Users' }).getByRole('listitem');
    await expect
      .poll(() => rows.evaluateAll((els) => els.map((e) => e.textContent?.match(/@\S+$/)?.[0])))
      .toEqual(api);
  });

  it('lists the channels whose id or name starts with the query', async () => {
    await page.getByRole('navigation', { name: 'Search in' }).getByRole('link', { name: 'Channels' }).click();
    await expect.poll(() => searchUrl().get('kind')).toBe('channels');
    await search('de');
    const api = (await v2.searchChannels({ q: 'de', limit: 25 })).channels.map((c) => `/${c.id}`);
    expect(api).toEqual(expect.arrayContaining(['/dev', '/design']));
    const links = page.getByRole('list', { name: 'Channels' }).getByRole('link');
    await expect.poll(() => links.allInnerTexts()).toEqual(api);
  });
});
