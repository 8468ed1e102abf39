// v2 mini-app objects from catalogue rows, authors hydrated in one batch: with full authors
// (FrameV2WithFullAuthor) where the catalogue lists them, dehydrated (FrameV2) in a cast's `frames`.
import type { FrameV2WithFullAuthor as FrameV2WithFullAuthor3 } from '@castkit/sdk';
import type { FarcasterManifest, FrameV2, FrameV2WithFullAuthor } from '@castkit/sdk/2.x';
import { type MiniappRow, miniappsByIds, miniappsByUrls } from '../store/queries/miniapps.js';
import type { Store } from '../store/store.js';
import type { OfBoth } from './both.js';
import { assetUrlFrom, hydrateUsers, userDehydrated } from './user.js';

/** The manifest's account association is emulated: encoded like a real one, never verified. */
/** A catalogue app with its author, as both generations declare it. */
export type MiniappOfBoth = OfBoth<FrameV2WithFullAuthor, FrameV2WithFullAuthor3>;

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

export function hydrateMiniapps(store: Store, rows: readonly MiniappRow[], origin: string): MiniappOfBoth[] {
  const authors = hydrateUsers(
    store,
    rows.map((r) => r.author_fid),
    { origin },
  );
  const seeded = store.getMeta('asset_origin');
  return rows.map((r): MiniappOfBoth => {
    const author = authors.get(r.author_fid);
    return { ...miniapp(r, author?.custody_address, origin, seeded), ...(author ? { author } : {}) };
  });
}

/** The apps among `urls` (a cast's embeds), by URL, as a cast's `frames` show them. */
export function embeddedMiniapps(
  store: Store,
  urls: readonly string[],
  origin: string,
): Map<string, FrameV2> {
  const rows = miniappsByUrls(store, [...new Set(urls)]);
  const authors = userDehydrated(
    store,
    rows.map((r) => r.author_fid),
    origin,
  );
  const seeded = store.getMeta('asset_origin');
  return new Map(
    rows.map((r): [string, FrameV2] => {
      const author = authors.get(r.author_fid);
      return [
        r.url,
        { ...miniapp(r, author?.custody_address, origin, seeded), ...(author ? { author } : {}) },
      ];
    }),
  );
}

/** An app but for its author, with the manifest its page's farcaster.json serves. */
export type MiniappView = Omit<FrameV2, 'author' | 'manifest'> & {
  name: string;
  icon: string;
  manifest: FarcasterManifest & { frame: NonNullable<FarcasterManifest['frame']> };
};

/** One app on the serving origin, as the emulator's page for it shows it. */
export function miniappView(store: Store, row: MiniappRow, origin: string): MiniappView {
  const author = userDehydrated(store, [row.author_fid], origin).get(row.author_fid);
  return miniapp(row, author?.custody_address, origin, store.getMeta('asset_origin'));
}

/** An app but for its author; `custody` keys the emulated account association. */
function miniapp(
  r: MiniappRow,
  custody: string | undefined,
  origin: string,
  seeded: string | undefined,
): MiniappView {
  const icon = assetUrlFrom(seeded, r.icon_url, origin) ?? r.icon_url;
  const image = assetUrlFrom(seeded, r.image_url, origin) ?? r.image_url;
  // Seeded apps are served by the emulator: their pages move with it, as its images do.
  const url = assetUrlFrom(seeded, r.url, origin) ?? r.url;
  const domain = hostOf(url);
  // The spec requires `name` and `icon` beside the declared fields of FrameV2.
  return {
    version: 'next',
    image,
    frames_url: url,
    name: r.name,
    icon,
    title: r.button_title,
    manifest: {
      account_association: {
        header: b64({ fid: r.author_fid, type: 'custody', key: custody ?? '' }),
        payload: b64({ domain }),
        signature: b64({ emulated: true }),
      },
      frame: {
        version: '1',
        name: r.name,
        home_url: url,
        icon_url: icon,
        image_url: image,
        button_title: r.button_title,
        ...(r.webhook_url ? { webhook_url: r.webhook_url } : {}),
        description: r.description,
        primary_category: r.category,
        tags: [r.category],
      },
    },
    metadata: {
      html: { ogTitle: r.name, ogDescription: r.description, ogImage: [{ url: image }] },
    },
  };
}

/** Hydrated apps for ids, in the order of `ids`. */
export function hydrateMiniappIds(store: Store, ids: readonly number[], origin: string): MiniappOfBoth[] {
  const rows = new Map(miniappsByIds(store, ids).map((r) => [r.id, r]));
  return hydrateMiniapps(
    store,
    ids.flatMap((id) => rows.get(id) ?? []),
    origin,
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
