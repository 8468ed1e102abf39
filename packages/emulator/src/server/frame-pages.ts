// /_emulator/frames/<uuid>: the developer's page frames served as frames, so the `link`
// publishNeynarFrame answers opens in a browser, crawls through fetchFrameMetaTagsFromUrl, and
// answers the button taps postFrameAction sends. Public: frame clients send no API key.
import type { NeynarFramePage } from '@castkit/sdk/2.x';
import { FRAME_ANCESTORS } from '../edge/edge.js';
import type { Context, Route } from '../edge/router.js';
import { NotFoundError, ValidationError } from '../ground/errors.js';
import { isRecord } from '../ground/is-record.js';
import { FRAME_PATH, pageHtml, pageLink, type Tap, tap } from '../miniapps/page-frame.js';
import { neynarFrameByUuid } from '../store/queries/frames.js';
import { fromJson } from '../store/statements.js';
import type { Store } from '../store/store.js';

interface Found {
  uuid: string;
  name: string;
  pages: NeynarFramePage[];
  page: NeynarFramePage;
}

export function framePageRoutes(store: Store): Route[] {
  const find = (uuid: string, pageUuid?: string): Found => {
    const row = neynarFrameByUuid(store, uuid.toLowerCase());
    if (!row) throw new NotFoundError(`no page frame ${uuid}`, 'uuid');
    const pages = fromJson(row.pages);
    const page = pageUuid ? pages.find((p) => p.uuid.toLowerCase() === pageUuid.toLowerCase()) : pages[0];
    if (!page) throw new NotFoundError(`page frame ${uuid} has no page ${pageUuid}`, 'page');
    return { uuid: row.uuid, name: row.name, pages, page };
  };
  const show = ({ res, url }: Context, f: Found) => {
    const html = pageHtml(f.name, f.page, pageLink(url.origin, f.uuid, f.page.uuid));
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(html),
      // The page is its meta tags and one image; nothing runs.
      'content-security-policy': `default-src 'none'; img-src *; ${FRAME_ANCESTORS}`,
    });
    res.end(html);
    return undefined;
  };
  return [
    {
      method: 'GET',
      path: `${FRAME_PATH}:uuid`,
      door: 'public',
      handler: (ctx) => show(ctx, find(ctx.params.uuid!)),
    },
    {
      method: 'GET',
      path: `${FRAME_PATH}:uuid/pages/:page`,
      door: 'public',
      handler: (ctx) => show(ctx, find(ctx.params.uuid!, ctx.params.page)),
    },
    {
      // A button tap: the signature packet's untrustedData.buttonIndex picks the button.
      method: 'POST',
      path: `${FRAME_PATH}:uuid/pages/:page`,
      door: 'public',
      body: 'json',
      handler(ctx) {
        const f = find(ctx.params.uuid!, ctx.params.page);
        const data = isRecord(ctx.body) ? ctx.body.untrustedData : undefined;
        const index = isRecord(data) ? data.buttonIndex : undefined;
        if (typeof index !== 'number' || !Number.isInteger(index)) {
          throw new ValidationError(
            'untrustedData.buttonIndex must be an integer',
            'untrustedData.buttonIndex',
          );
        }
        const next: Tap | undefined = tap(f.pages, f.page, index);
        if (!next) {
          throw new ValidationError(
            `page ${f.page.uuid} has no button ${index}`,
            'untrustedData.buttonIndex',
          );
        }
        if ('redirect' in next) {
          ctx.res.writeHead(302, { location: next.redirect, 'content-length': 0 });
          ctx.res.end();
          return undefined;
        }
        return show(ctx, 'page' in next ? { ...f, page: next.page } : f);
      },
    },
  ];
}
