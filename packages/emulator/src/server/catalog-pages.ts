// /_emulator/catalog/<slug>: the seeded mini apps served by the emulator itself, so an app found in
// the catalogue opens, crawls through fetchFrameMetaTagsFromUrl and has a manifest, all offline.
// Public: clients and crawlers send no API key.

import type { Context, Route } from '../edge/router.js';
import { NotFoundError } from '../ground/errors.js';
import { type MiniappView, miniappView } from '../hydrate/miniapp.js';
import { catalogAppHtml, farcasterJson } from '../miniapps/catalog-app.js';
import { CATALOG_PATH, catalogAppUrl } from '../seed/miniapps.js';
import { miniappByUrl } from '../store/queries/miniapps.js';
import type { Store } from '../store/store.js';

export function catalogPageRoutes(store: Store): Route[] {
  const find = ({ params, url }: Context): MiniappView => {
    const slug = params.slug!;
    // Stored on the origin that seeded the database; served on the one the client reached.
    const row = miniappByUrl(store, catalogAppUrl(store.getMeta('asset_origin') ?? '', slug));
    if (!row) throw new NotFoundError(`no seeded mini app ${slug}`, 'slug');
    return miniappView(store, row, url.origin);
  };
  return [
    {
      method: 'GET',
      path: `${CATALOG_PATH}:slug`,
      door: 'public',
      handler(ctx) {
        const html = catalogAppHtml(find(ctx));
        ctx.res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-length': Buffer.byteLength(html),
          // The page is its meta tags and one image; nothing runs.
          'content-security-policy': "default-src 'none'; img-src *",
        });
        ctx.res.end(html);
        return undefined;
      },
    },
    {
      method: 'GET',
      path: `${CATALOG_PATH}:slug/.well-known/farcaster.json`,
      door: 'public',
      handler: (ctx) => ({ json: farcasterJson(find(ctx)) }),
    },
  ];
}
