// v2 mini-app objects (FrameV2 with its author) from catalogue rows, authors hydrated in one batch.
import type { FrameV2WithFullAuthor } from '@castkit/sdk';
import { type MiniappRow, miniappsByIds } from '../../store/queries/miniapps.js';
import type { Store } from '../../store/store.js';
import { assetUrlFrom, hydrateUsers } from './user.js';

/** The manifest's account association is emulated: encoded like a real one, never verified. */
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

export function hydrateMiniapps(
  store: Store,
  rows: readonly MiniappRow[],
  origin: string,
): FrameV2WithFullAuthor[] {
  const authors = hydrateUsers(
    store,
    rows.map((r) => r.author_fid),
    { origin },
  );
  const seeded = store.getMeta('asset_origin');
  return rows.map((r) => {
    const icon = assetUrlFrom(seeded, r.icon_url, origin) ?? r.icon_url;
    const image = assetUrlFrom(seeded, r.image_url, origin) ?? r.image_url;
    const author = authors.get(r.author_fid);
    const domain = hostOf(r.url);
    // The spec requires `name` and `icon` beside the declared fields of FrameV2.
    const app: FrameV2WithFullAuthor & { name: string; icon: string } = {
      version: 'next',
      image,
      frames_url: r.url,
      name: r.name,
      icon,
      title: r.button_title,
      manifest: {
        account_association: {
          header: b64({ fid: r.author_fid, type: 'custody', key: author?.custody_address ?? '' }),
          payload: b64({ domain }),
          signature: b64({ emulated: true }),
        },
        frame: {
          version: '1',
          name: r.name,
          home_url: r.url,
          icon_url: icon,
          image_url: image,
          button_title: r.button_title,
          ...(r.webhook_url ? { webhook_url: r.webhook_url } : {}),
          description: r.description,
          primary_category: r.category,
          tags: [r.category],
        },
      },
      ...(author ? { author } : {}),
      metadata: {
        html: { ogTitle: r.name, ogDescription: r.description, ogImage: [{ url: image }] },
      },
    };
    return app;
  });
}

/** Hydrated apps for ids, in the order of `ids`. */
export function hydrateMiniappIds(
  store: Store,
  ids: readonly number[],
  origin: string,
): FrameV2WithFullAuthor[] {
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
