// Seeded mini apps: two per catalogue category, used by the graph (popular apps more, over the last
// week), casts that embed them (so the frames feed has something real), and the developer's own
// demo app, added by the named users with notifications on, so tokens exist from the start. Each
// lives on the emulator itself (its page and manifest under CATALOG_PATH), so an app that crawls
// one it found in the catalogue gets its meta tags, offline.
import { FetchFrameCatalogCategoriesEnum } from '@castkit/sdk/2.x';
import { MessageType } from '../ground/types.js';
import type { bulkInserts } from '../store/queries/bulk.js';
import { miniappBulkInserts } from '../store/queries/miniapps.js';
import type { Store } from '../store/store.js';
import type { Prng } from './prng.js';
import type { SeedWriter } from './writer.js';

/** Where the emulator, as a mini-app host, takes notifications; absolute against the request origin. */
export const NOTIFY_PATH = '/_emulator/miniapps/notify';

/** Where the seeded apps are served: `<CATALOG_PATH><slug>` is an app's page, its `home_url`. */
export const CATALOG_PATH = '/_emulator/catalog/';

/** A seeded app's URL on an emulator's origin (absolute, like asset URLs: see `absoluteUrl`). */
export const catalogAppUrl = (origin: string, slug: string): string => `${origin}${CATALOG_PATH}${slug}`;

/** The catalogue's categories, as the spec enumerates them for fetchFrameCatalog. */
export const MINIAPP_CATEGORIES = Object.values(FetchFrameCatalogCategoriesEnum);

const APP_NAMES: Record<FetchFrameCatalogCategoriesEnum, [string, string]> = {
  games: ['Pixel Quest', 'Word Duel'],
  social: ['Frens Circle', 'Group Chat Club'],
  finance: ['Tip Jar', 'Split the Bill'],
  utility: ['Poll Maker', 'Link Shortener'],
  productivity: ['Daily Standup', 'Task Board'],
  'health-fitness': ['Step Streak', 'Hydrate'],
  'news-media': ['Morning Brief', 'Cast Digest'],
  music: ['Playlist Swap', 'Beat Maker'],
  shopping: ['Merch Drop', 'Thrift Finds'],
  education: ['Flashcards', 'Code Kata'],
  'developer-tools': ['Frame Debugger', 'API Playground'],
  entertainment: ['Movie Night', 'Trivia Time'],
  'art-creativity': ['Sketch Pad', 'Color Mixer'],
};

const WEEK_MS = 7 * 24 * 3600_000;
const EMBED_TEXTS = ['just tried', 'hooked on', 'new high score in', 'come play', 'loving'];

export interface MiniappSeedContext {
  store: Store;
  rng: Prng;
  users: number;
  anchor: number;
  imagePath: (name: string) => string;
  appUrl: (slug: string) => string;
  keys: { priv: Uint8Array; pub: string }[];
  writer: SeedWriter;
  insert: ReturnType<typeof bulkInserts>;
}

/** How many casts embedding mini apps a seed of `users` users adds beside its shape's casts. */
export const miniappCastCount = (users: number): number => Math.min(80, users);

/** Seeds the apps and their use; returns how many casts it added. */
export function seedMiniapps(c: MiniappSeedContext): number {
  const put = miniappBulkInserts(c.store);
  const { rng, users: n, anchor } = c;
  const apps: { id: number; url: string; name: string }[] = [];
  let id = 0;
  const demo = { id: ++id, url: c.appUrl('demo'), name: 'castkit demo' };
  put.app(demo.id, {
    url: demo.url,
    name: demo.name,
    description: 'The developer’s own mini app: notifications sent to it land in the emulator.',
    category: 'developer-tools',
    icon_url: c.imagePath('miniapp-icon-demo'),
    image_url: c.imagePath('miniapp-demo'),
    button_title: 'Open demo',
    author_fid: 1,
    webhook_url: null,
    developer: 1,
    created_at: anchor - 60 * 24 * 3600_000,
  });
  apps.push(demo);
  for (const category of MINIAPP_CATEGORIES) {
    for (const name of APP_NAMES[category]) {
      const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      const app = { id: ++id, url: c.appUrl(slug), name };
      put.app(app.id, {
        url: app.url,
        name,
        description: `${name}: a ${category.replace('-', ' & ')} mini app`,
        category,
        icon_url: c.imagePath(`miniapp-icon-${slug}`),
        image_url: c.imagePath(`miniapp-${slug}`),
        button_title: `Open ${name}`,
        author_fid: 1 + rng.skewed(n, 2),
        webhook_url: null,
        developer: 0,
        created_at: anchor - 30 * 24 * 3600_000 - rng.int(180 * 24 * 3600_000),
      });
      apps.push(app);
    }
  }

  // Use over the last week: apps earlier in the list and active (low fid) users more.
  const uses = Math.min(n * 4, 20_000);
  for (let k = 0; k < uses; k++) {
    const app = apps[rng.skewed(apps.length, 1.5)]!;
    put.use(app.id, 1 + rng.skewed(n, 2), anchor - 1000 - rng.int(WEEK_MS));
  }
  // The named users use a few apps recently, so relevant apps for their followers are never empty.
  for (let fid = 1; fid <= Math.min(3, n); fid++) {
    for (let k = 0; k < 3; k++)
      put.use(apps[1 + ((fid * 3 + k) % (apps.length - 1))]!.id, fid, anchor - 60_000 * (k + 1));
  }

  // The demo app, added by the named users and a few more; the first ones turned notifications on.
  const adders = new Set<number>([1, 2, 3].filter((f) => f <= n));
  while (adders.size < Math.min(n, 12)) adders.add(1 + rng.skewed(n, 2));
  let i = 0;
  for (const fid of adders) {
    const enabled = i++ % 4 !== 3;
    const token = Buffer.from(rng.bytes(16)).toString('hex');
    put.user(demo.id, fid, token, NOTIFY_PATH, enabled, anchor - 1000 - rng.int(WEEK_MS));
  }

  // Casts embedding the apps.
  const casts = miniappCastCount(n);
  for (let k = 0; k < casts; k++) {
    const app = apps[rng.skewed(apps.length, 1.5)]!;
    const fid = 1 + rng.skewed(n, 2);
    const ts = anchor - 1000 - rng.int(WEEK_MS);
    const text = `${rng.pick(EMBED_TEXTS)} ${app.name}`;
    const hash = c.writer.message(
      fid,
      MessageType.CastAdd,
      ts,
      {
        castAddBody: {
          text,
          embeds: [{ url: app.url }],
          mentions: [],
          mentionsPositions: [],
        },
      },
      c.keys[fid]!,
    );
    c.insert.cast(
      hash,
      fid,
      ts,
      text,
      null,
      null,
      null,
      hash,
      null,
      null,
      JSON.stringify([{ url: app.url }]),
      '[]',
      '[]',
      0,
      0,
      0,
    );
  }
  return casts;
}
