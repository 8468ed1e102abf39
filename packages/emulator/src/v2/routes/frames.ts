// Mini apps: the developer's page frames (create, update, delete, look up, list), the catalogue by
// category and recent use, apps the viewer's graph used, search, and reading a page's meta tags.
import { randomUUID } from 'node:crypto';
import type { NeynarFrame, NeynarFramePage } from '@castkit/sdk/2.x';
import type { V2Handlers } from '../../api/dispatch.js';
import { NotFoundError, ValidationError } from '../../ground/errors.js';
import { hydrateMiniappIds } from '../../hydrate/miniapp.js';
import { hydrateUserList, requireUser, userDehydrated } from '../../hydrate/user.js';
import { fetchPage } from '../../miniapps/fetch-page.js';
import { frameFromTags, metaTags } from '../../miniapps/meta-tags.js';
import { FRAME_PATH, frameLink, isHttpUrl } from '../../miniapps/page-frame.js';
import {
  allNeynarFrames,
  deleteNeynarFrameRow,
  insertNeynarFrame,
  type NeynarFrameRow,
  neynarFrameByUuid,
  updateNeynarFrameRow,
} from '../../store/queries/frames.js';
import { appsUsedByFollowing, catalogPage, searchMiniappsPage } from '../../store/queries/miniapps.js';
import { fromJson } from '../../store/statements.js';
import type { Store } from '../../store/store.js';
import { TIME_WINDOWS } from '../casts/feed-queries.js';
import { nextCursor, pageWindow } from '../cursor.js';

const RELEVANT_APPS = 10;
const TOP_USERS = 3;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const frameHandlers: V2Handlers = {
  lookupNeynarFrame({ store, params, origin }) {
    const uuid = params.type === 'uuid' ? params.uuid : uuidOfLink(params.url);
    const name = params.type === 'uuid' ? 'uuid' : 'url';
    if (!uuid) throw new ValidationError(`type=${params.type} needs ${name}`, name, 'RequiredField');
    return neynarFrame(mustFrame(store, uuid, name), origin);
  },

  publishNeynarFrame({ store, params, origin }) {
    const name = frameName(params.name);
    const pages = framePages(params.pages);
    const uuid = randomUUID();
    insertNeynarFrame(store, uuid, name, JSON.stringify(pages), store.now());
    return neynarFrame(mustFrame(store, uuid, 'uuid'), origin);
  },

  updateNeynarFrame({ store, params, origin }) {
    const row = mustFrame(store, params.uuid, 'uuid');
    const name = params.name === undefined ? row.name : frameName(params.name);
    updateNeynarFrameRow(store, row.uuid, name, JSON.stringify(framePages(params.pages)), store.now());
    return neynarFrame(mustFrame(store, row.uuid, 'uuid'), origin);
  },

  deleteNeynarFrame({ store, params }) {
    if (!params.uuid) throw new ValidationError('uuid is required', 'uuid', 'RequiredField');
    const row = mustFrame(store, params.uuid, 'uuid');
    deleteNeynarFrameRow(store, row.uuid);
    return { success: true, uuid: row.uuid };
  },

  fetchNeynarFrames({ store, origin }) {
    return allNeynarFrames(store).map((r) => neynarFrame(r, origin));
  },

  fetchFrameCatalog({ store, params, origin }) {
    const since = store.now() - TIME_WINDOWS[params.time_window]!;
    const page = catalogPage(store, { since, categories: params.categories }, pageWindow(params, 2));
    return {
      frames: hydrateMiniappIds(
        store,
        page.rows.map((r) => r.id),
        origin,
      ),
      next: nextCursor(page.next),
    };
  },

  fetchRelevantFrames({ store, params, origin }) {
    requireUser(store, params.viewer_fid, 'viewer_fid');
    const since = store.now() - TIME_WINDOWS[params.time_window]!;
    const used = appsUsedByFollowing(store, params.viewer_fid, since, RELEVANT_APPS);
    const apps = new Map(
      hydrateMiniappIds(
        store,
        used.map((u) => u.app_id),
        origin,
      ).map((a, i) => [used[i]!.app_id, a]),
    );
    return {
      relevant_frames: used.flatMap((u) => {
        const app = apps.get(u.app_id);
        if (!app) return [];
        const fids = fromJson(u.fids);
        const rest = userDehydrated(store, fids.slice(TOP_USERS), origin);
        return [
          {
            // 2.44 lists the app in `frames`, 3.x names it `frame`: both are sent.
            frames: [app],
            frame: app,
            top_relevant_users: hydrateUserList(store, fids.slice(0, TOP_USERS), {
              origin,
              viewerFid: params.viewer_fid,
            }),
            remaining_relevant_users: fids.slice(TOP_USERS).flatMap((f) => rest.get(f) ?? []),
          },
        ];
      }),
    };
  },

  searchFrames({ store, params, origin }) {
    const q = params.q.trim();
    if (!q) throw new ValidationError('q must not be empty', 'q');
    const page = searchMiniappsPage(store, q, pageWindow(params, 2));
    return {
      frames: hydrateMiniappIds(
        store,
        page.rows.map((r) => r.id),
        origin,
      ),
      next: nextCursor(page.next),
    };
  },

  async fetchFrameMetaTagsFromUrl({ store, params }) {
    const page = await fetchPage(store, params.url, 'url');
    const frame = frameFromTags(metaTags(page.html), page.url);
    if (!frame)
      throw new ValidationError(`${page.url} carries no mini app meta tags (fc:miniapp, fc:frame)`, 'url');
    return { frame };
  },
};

function mustFrame(store: Store, uuid: string, property: string): NeynarFrameRow {
  const row = UUID.test(uuid) ? neynarFrameByUuid(store, uuid.toLowerCase()) : undefined;
  if (!row) throw new NotFoundError(`no mini app with ${property} ${uuid}`, property);
  return row;
}

function uuidOfLink(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const path = new URL(url).pathname;
    // The link itself or one of its pages (/_emulator/frames/<uuid>/pages/<page>).
    return path.startsWith(FRAME_PATH) ? path.slice(FRAME_PATH.length).split('/')[0] : path;
  } catch {
    throw new ValidationError('url must be an absolute URL of a mini app this emulator made', 'url');
  }
}

function frameName(name: string): string {
  if (!name.trim()) throw new ValidationError('name must not be empty', 'name');
  return name;
}

function framePages(pages: NeynarFramePage[]): NeynarFramePage[] {
  if (!pages.length) throw new ValidationError('pages must hold at least one page', 'pages');
  const seen = new Set<string>();
  pages.forEach((p, i) => {
    if (!UUID.test(p.uuid)) throw new ValidationError(`pages[${i}].uuid must be a UUID`, `pages[${i}].uuid`);
    if (seen.has(p.uuid))
      throw new ValidationError(`pages[${i}].uuid repeats an earlier page`, `pages[${i}].uuid`);
    seen.add(p.uuid);
    if (!isHttpUrl(p.image?.url))
      throw new ValidationError(`pages[${i}].image.url must be an http(s) URL`, `pages[${i}].image.url`);
    (p.buttons ?? []).forEach((b, j) => {
      const next = b.next_page;
      if (next && 'redirect_url' in next && !isHttpUrl(next.redirect_url)) {
        const at = `pages[${i}].buttons[${j}].next_page.redirect_url`;
        throw new ValidationError(`${at} must be an http(s) URL`, at);
      }
    });
  });
  return pages;
}

export function neynarFrame(row: NeynarFrameRow, origin: string): NeynarFrame {
  const pages = fromJson(row.pages);
  return { uuid: row.uuid, name: row.name, link: frameLink(origin, row.uuid), pages, valid: true };
}
