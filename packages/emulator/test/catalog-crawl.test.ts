// The seeded mini apps live on the emulator itself: an app that finds one in the catalogue (or in a
// cast) crawls it with fetchFrameMetaTagsFromUrl, opens its page and reads its manifest and images,
// all offline, on the origin it reached, also after the database file is reopened on another port.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FrameV2WithFullAuthor, NeynarAPIClient } from '@castkit/sdk/2.x';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from '../src/index.js';
import { specErrors } from './support/pages.js';

const dir = mkdtempSync(join(tmpdir(), 'castkit-catalog-'));
const file = join(dir, 'emulator.db');
let emu: Emulator;
let api: NeynarAPIClient;

beforeAll(async () => {
  emu = await startEmulator({ db: file });
  api = new NeynarAPIClient({ apiKey: emu.apiKey, baseUrl: `${emu.url}/v2`, retries: 0 });
});
afterAll(async () => {
  await emu?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** An app's name (the answer carries it beside the spec's declared fields; its manifest declares it). */
const nameOf = (app: FrameV2WithFullAuthor) => app.manifest?.frame?.name;

/** Every app of the catalogue, over all its pages. */
const catalogue = (client: NeynarAPIClient) =>
  client.paginate('fetchFrameCatalog', { limit: 100, timeWindow: '7d' }).toArray();

/** What an app that found `app` does with it: crawl it, open its page, read its manifest and images. */
async function visit(client: NeynarAPIClient, app: FrameV2WithFullAuthor) {
  const crawled = await client.fetchFrameMetaTagsFromUrl({ url: app.frames_url });
  expect(specErrors('fetchFrameMetaTagsFromUrl', crawled)).toEqual([]);
  const page = await fetch(app.frames_url);
  const manifest = await fetch(`${app.frames_url}/.well-known/farcaster.json`);
  const images = await Promise.all(
    [app.image, app.manifest?.frame?.icon_url ?? ''].map(async (url) =>
      (await fetch(url)).headers.get('content-type'),
    ),
  );
  return {
    crawled: crawled.frame,
    page: { status: page.status, type: page.headers.get('content-type'), html: await page.text() },
    manifest: { status: manifest.status, json: await manifest.json() },
    images,
  };
}

describe('the seeded mini apps', () => {
  it('are each crawled from the catalogue: meta tags, page, manifest and images from the emulator', async () => {
    const apps = await catalogue(api);
    expect(apps.length).toBeGreaterThan(20);
    for (const app of apps)
      expect(app.frames_url.startsWith(`${emu.url}/_emulator/catalog/`), nameOf(app)).toBe(true);
    const demo = apps.find((a) => nameOf(a) === 'castkit demo')!;
    const seen = await visit(api, demo);
    expect(seen.crawled).toMatchObject({
      version: 'next',
      name: 'castkit demo',
      frames_url: demo.frames_url,
      image: demo.image,
      title: demo.title,
    });
    expect(seen.page).toMatchObject({ status: 200, type: 'text/html; charset=utf-8' });
    expect(seen.page.html).toContain('<h1>castkit demo</h1>');
    expect(seen.manifest.status).toBe(200);
    expect(seen.manifest.json.accountAssociation).toEqual(demo.manifest?.account_association);
    expect(seen.manifest.json.miniapp).toMatchObject({
      name: 'castkit demo',
      homeUrl: demo.frames_url,
      iconUrl: demo.manifest?.frame?.icon_url,
      primaryCategory: 'developer-tools',
    });
    expect(seen.images).toEqual(['image/svg+xml', 'image/svg+xml']);
    // Every other one crawls too.
    for (const app of apps) {
      const { frame } = await api.fetchFrameMetaTagsFromUrl({ url: app.frames_url });
      expect(frame, nameOf(app)).toMatchObject({ name: nameOf(app), frames_url: app.frames_url });
    }
  });

  it('embedded in a cast are the catalogue entry the cast names, and crawl the same', async () => {
    const { casts } = await api.fetchFramesOnlyFeed({ limit: 5 });
    const cast = casts.find((c) => c.frames?.length)!;
    const embedded = cast.embeds.flatMap((e) => ('url' in e ? [e.url] : []));
    expect(embedded).toContain(cast.frames![0]!.frames_url);
    const { frame } = await api.fetchFrameMetaTagsFromUrl({ url: cast.frames![0]!.frames_url });
    expect(frame.frames_url).toBe(cast.frames![0]!.frames_url);
  });

  it('answer 404 for a slug no app has', async () => {
    const [page, manifest] = await Promise.all([
      fetch(`${emu.url}/_emulator/catalog/no-such-app`),
      fetch(`${emu.url}/_emulator/catalog/no-such-app/.well-known/farcaster.json`),
    ]);
    expect([page.status, manifest.status]).toEqual([404, 404]);
    await expect(
      api.fetchFrameMetaTagsFromUrl({ url: `${emu.url}/_emulator/catalog/no-such-app` }),
    ).rejects.toMatchObject({ status: 400, property: 'url' });
  });

  it('move with the emulator when its database file is reopened on another port', async () => {
    const seededOrigin = new URL(emu.url);
    await emu.close();
    // Holds the first port, so the second emulator cannot be given it again.
    const holder = createServer().listen(Number(seededOrigin.port), seededOrigin.hostname);
    try {
      emu = await startEmulator({ db: file });
    } finally {
      holder.close();
    }
    expect(emu.url).not.toBe(seededOrigin.origin);
    const moved = new NeynarAPIClient({ apiKey: emu.apiKey, baseUrl: `${emu.url}/v2`, retries: 0 });
    const apps = await catalogue(moved);
    for (const app of apps)
      expect(app.frames_url.startsWith(`${emu.url}/_emulator/catalog/`), nameOf(app)).toBe(true);
    const seen = await visit(moved, apps[0]!);
    expect(seen.crawled).toMatchObject({ name: nameOf(apps[0]!), frames_url: apps[0]!.frames_url });
    expect(seen.page.status).toBe(200);
    expect(seen.manifest.json.miniapp.homeUrl).toBe(apps[0]!.frames_url);
    expect(seen.images).toEqual(['image/svg+xml', 'image/svg+xml']);
  });
});
