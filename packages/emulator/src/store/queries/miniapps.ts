// Mini apps: the catalogue (ranked by recent use), who used which app, who added it and the
// notification tokens issued to them, and the notifications delivered with those tokens.

import { column, IN_JSON, type Json, rows, write } from '../statements.js';
import type { Store } from '../store.js';
import { type KeysetPage, type PageWindow, pager } from './keyset.js';

export interface MiniappRow {
  id: number;
  url: string;
  name: string;
  description: string;
  category: string;
  icon_url: string;
  image_url: string;
  button_title: string;
  author_fid: number;
  webhook_url: string | null;
  developer: number;
  created_at: number;
}

export type NewMiniapp = Omit<MiniappRow, 'id'>;

const COLUMNS =
  'url, name, description, category, icon_url, image_url, button_title, author_fid, webhook_url, developer, created_at';
const VALUES =
  '@url, @name, @description, @category, @icon_url, @image_url, @button_title, @author_fid, @webhook_url, @developer, @created_at';

const INSERT_MINIAPP_WITH_ID = write<[MiniappRow]>(
  `INSERT INTO miniapps (id, ${COLUMNS}) VALUES (@id, ${VALUES})`,
);
const INSERT_MINIAPP_USE = write<[appId: number, fid: number, ts: number]>(
  'INSERT INTO miniapp_uses (app_id, fid, ts) VALUES (?, ?, ?)',
);
const INSERT_SEEDED_MINIAPP_USER = write<
  [
    appId: number,
    fid: number,
    token: string | null,
    url: string | null,
    enabled: 0 | 1,
    createdAt: number,
    updatedAt: number,
  ]
>(
  `INSERT OR IGNORE INTO miniapp_users (app_id, fid, token, notification_url, enabled, created_at, updated_at)
   VALUES (?, ?, ?, ?, ?, ?, ?)`,
);

/** Inserts for the seed, prepared once. */
export function miniappBulkInserts(store: Store) {
  const app = INSERT_MINIAPP_WITH_ID.on(store);
  const use = INSERT_MINIAPP_USE.on(store);
  const user = INSERT_SEEDED_MINIAPP_USER.on(store);
  return {
    app: (id: number, a: NewMiniapp) => app.run({ id, ...a }),
    use: (appId: number, fid: number, ts: number) => use.run(appId, fid, ts),
    user: (
      appId: number,
      fid: number,
      token: string | null,
      url: string | null,
      enabled: boolean,
      ts: number,
    ) => user.run(appId, fid, token, url, enabled ? 1 : 0, ts, ts),
  };
}

const INSERT_MINIAPP = write<[NewMiniapp]>(`INSERT INTO miniapps (${COLUMNS}) VALUES (${VALUES})`);

export function insertMiniapp(store: Store, a: NewMiniapp): number {
  const r = INSERT_MINIAPP.run(store, a);
  return Number(r.lastInsertRowid);
}

const UPSERT_DEVELOPER_MINIAPP = write<[name: string, webhook_url: string | null, url: string]>(
  'UPDATE miniapps SET name = ?, webhook_url = ?, developer = 1 WHERE url = ?',
);

/** Adds the developer's app, or makes an existing one at that URL theirs with this name and webhook. */
export function upsertDeveloperMiniapp(store: Store, a: NewMiniapp): number {
  const kept = miniappByUrl(store, a.url);
  const id = kept ? kept.id : insertMiniapp(store, a);
  UPSERT_DEVELOPER_MINIAPP.run(store, a.name, a.webhook_url, a.url);
  return id;
}

const MINIAPP_BY_ID = rows<[id: number], MiniappRow>('SELECT * FROM miniapps WHERE id = ?');

export function miniappById(store: Store, id: number): MiniappRow | undefined {
  return MINIAPP_BY_ID.get(store, id);
}

const MINIAPP_BY_URL = rows<[url: string], MiniappRow>('SELECT * FROM miniapps WHERE url = ?');

export function miniappByUrl(store: Store, url: string): MiniappRow | undefined {
  return MINIAPP_BY_URL.get(store, url);
}

const MINIAPPS_BY_IDS = rows<[ids: string], MiniappRow>(`SELECT * FROM miniapps WHERE id IN (${IN_JSON})`);

export function miniappsByIds(store: Store, ids: readonly number[]): MiniappRow[] {
  return MINIAPPS_BY_IDS.all(store, JSON.stringify(ids));
}

const MINIAPPS_BY_URLS = rows<[urls: string], MiniappRow>(`SELECT * FROM miniapps WHERE url IN (${IN_JSON})`);

/** Apps embedded (by their URL) in any of these URLs, to hydrate the frames of casts. */
export function miniappsByUrls(store: Store, urls: readonly string[]): MiniappRow[] {
  if (!urls.length) return [];
  return MINIAPPS_BY_URLS.all(store, JSON.stringify(urls));
}

const DEVELOPER_MINIAPPS = rows<[], MiniappRow>('SELECT * FROM miniapps WHERE developer = 1 ORDER BY id');

export function developerMiniapps(store: Store): MiniappRow[] {
  return DEVELOPER_MINIAPPS.all(store);
}

const DELETE_MINIAPP = write<[id: number]>('DELETE FROM miniapps WHERE id = ?');

export function deleteMiniapp(store: Store, id: number): void {
  DELETE_MINIAPP.run(store, id);
}

export type RankedApp = { id: number; uses: number };

const RANKED_APP_PAGES = pager<RankedApp>();
const MINIAPP_USER_ROW_PAGES = pager<MiniappUserRow>();

/** The catalogue, most used since `since` first, in the given categories (all when none). */
export function catalogPage(
  store: Store,
  by: { since: number; categories?: readonly string[] },
  w: PageWindow,
): KeysetPage<RankedApp> {
  const where = by.categories?.length ? `WHERE m.category IN (${IN_JSON})` : '';
  return RANKED_APP_PAGES.page(
    store,
    {
      with: `WITH ranked AS (SELECT m.id,
          (SELECT COUNT(*) FROM miniapp_uses u WHERE u.app_id = m.id AND u.ts >= ?) AS uses
          FROM miniapps m ${where})`,
      select: 'SELECT id, uses FROM ranked',
      binds: [by.since, ...(by.categories?.length ? [JSON.stringify(by.categories)] : [])],
      order: [
        { sql: 'uses', as: 'uses', dir: 'desc' },
        { sql: 'id', as: 'id', dir: 'asc' },
      ],
    },
    w,
  );
}

/** Apps whose name, description or category contains `q` (case-insensitive), most used first. */
export function searchMiniappsPage(store: Store, q: string, w: PageWindow): KeysetPage<RankedApp> {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return RANKED_APP_PAGES.page(
    store,
    {
      with: `WITH ranked AS (SELECT m.id, (SELECT COUNT(*) FROM miniapp_uses u WHERE u.app_id = m.id) AS uses
          FROM miniapps m WHERE m.name LIKE ? ESCAPE '\\' OR m.description LIKE ? ESCAPE '\\'
          OR m.category LIKE ? ESCAPE '\\')`,
      select: 'SELECT id, uses FROM ranked',
      binds: [like, like, like],
      order: [
        { sql: 'uses', as: 'uses', dir: 'desc' },
        { sql: 'id', as: 'id', dir: 'asc' },
      ],
    },
    w,
  );
}

const APPS_USED_BY_FOLLOWING = rows<
  [since: number, viewer: number, limit: number],
  { app_id: number; fids: Json<number[]> }
>(`SELECT u.app_id, json_group_array(DISTINCT u.fid) AS fids, COUNT(DISTINCT u.fid) AS n
         FROM links l JOIN miniapp_uses u INDEXED BY miniapp_uses_fid ON u.fid = l.target_fid AND u.ts >= ?
        WHERE l.fid = ? AND l.type = 'follow'
        GROUP BY u.app_id ORDER BY n DESC, u.app_id LIMIT ?`);

/** Which apps the users `viewer` follows used since `since`, and who: most users first. */
export function appsUsedByFollowing(
  store: Store,
  viewer: number,
  since: number,
  limit: number,
): { app_id: number; fids: Json<number[]> }[] {
  return APPS_USED_BY_FOLLOWING.all(store, since, viewer, limit);
}

const RECORD_USE = write<[appId: number, fid: number, ts: number]>(
  'INSERT INTO miniapp_uses (app_id, fid, ts) VALUES (?, ?, ?)',
);

export function recordUse(store: Store, appId: number, fid: number, ts: number): void {
  RECORD_USE.run(store, appId, fid, ts);
}

// ---- users who added an app, their notification tokens -------------------------------------------

export type MiniappUserRow = {
  app_id: number;
  fid: number;
  token: string | null;
  notification_url: string | null;
  enabled: number;
  created_at: number;
  updated_at: number;
};

const MINIAPP_USER = rows<[appId: number, fid: number], MiniappUserRow>(
  'SELECT * FROM miniapp_users WHERE app_id = ? AND fid = ?',
);

export function miniappUser(store: Store, appId: number, fid: number): MiniappUserRow | undefined {
  return MINIAPP_USER.get(store, appId, fid);
}

const MINIAPP_USER_BY_TOKEN = rows<[token: string], MiniappUserRow>(
  'SELECT * FROM miniapp_users WHERE token = ?',
);

export function miniappUserByToken(store: Store, token: string): MiniappUserRow | undefined {
  return MINIAPP_USER_BY_TOKEN.get(store, token);
}

const UPSERT_MINIAPP_USER = write<
  [
    appId: number,
    fid: number,
    token: string | null,
    url: string | null,
    enabled: 0 | 1,
    createdAt: number,
    updatedAt: number,
  ]
>(`INSERT INTO miniapp_users (app_id, fid, token, notification_url, enabled, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (app_id, fid) DO UPDATE SET token = excluded.token,
         notification_url = excluded.notification_url, enabled = excluded.enabled, updated_at = excluded.updated_at`);

/** Adds the app for `fid` (keeping an existing row), or updates its token state. */
export function upsertMiniappUser(
  store: Store,
  appId: number,
  fid: number,
  state: { token: string | null; url: string | null; enabled: boolean },
  now: number,
): void {
  UPSERT_MINIAPP_USER.run(store, appId, fid, state.token, state.url, state.enabled ? 1 : 0, now, now);
}

const REMOVE_MINIAPP_USER = write<[appId: number, fid: number]>(
  'DELETE FROM miniapp_users WHERE app_id = ? AND fid = ?',
);

export function removeMiniappUser(store: Store, appId: number, fid: number): boolean {
  return REMOVE_MINIAPP_USER.run(store, appId, fid).changes > 0;
}

/** Tokens of the developer's apps, newest change first, optionally for some fids only. */
export function developerTokensPage(
  store: Store,
  fids: readonly number[] | undefined,
  w: PageWindow,
): KeysetPage<MiniappUserRow> {
  const where = ['u.token IS NOT NULL', 'm.developer = 1'];
  const binds: unknown[] = [];
  if (fids) {
    where.push(`u.fid IN (${IN_JSON})`);
    binds.push(JSON.stringify(fids));
  }
  return MINIAPP_USER_ROW_PAGES.page(
    store,
    {
      select: 'SELECT u.* FROM miniapp_users u JOIN miniapps m ON m.id = u.app_id',
      where,
      binds,
      order: [
        { sql: 'u.updated_at', as: 'updated_at', dir: 'desc' },
        { sql: 'u.token', as: 'token', dir: 'desc' },
      ],
    },
    w,
  );
}

const DEVELOPER_TOKEN_ROWS = rows<
  [fids: string],
  MiniappUserRow
>(`SELECT u.* FROM miniapp_users u JOIN miniapps m ON m.id = u.app_id
          WHERE m.developer = 1 AND u.token IS NOT NULL AND u.fid IN (${IN_JSON}) ORDER BY u.fid, u.app_id`);
const DEVELOPER_TOKEN_ROWS_2 = rows<
  [],
  MiniappUserRow
>(`SELECT u.* FROM miniapp_users u JOIN miniapps m ON m.id = u.app_id
        WHERE m.developer = 1 AND u.enabled = 1 AND u.token IS NOT NULL ORDER BY u.fid, u.app_id`);

/** Token rows of the developer's apps for these fids, or for everyone with notifications on. */
export function developerTokenRows(store: Store, fids: readonly number[] | undefined): MiniappUserRow[] {
  if (fids) {
    return DEVELOPER_TOKEN_ROWS.all(store, JSON.stringify(fids));
  }
  return DEVELOPER_TOKEN_ROWS_2.all(store);
}

// ---- deliveries ------------------------------------------------------------------------------------

export interface Delivery {
  token: string;
  app_id: number;
  fid: number;
  notification_id: string;
  title: string;
  body: string;
  target_url: string;
  ts: number;
}

const INSERT_DELIVERY = write<
  [
    token: string,
    app_id: number,
    fid: number,
    notification_id: string,
    title: string,
    body: string,
    target_url: string,
    ts: number,
  ]
>(`INSERT INTO miniapp_deliveries (token, app_id, fid, notification_id, title, body, target_url, ts)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);

export function insertDelivery(store: Store, d: Delivery): void {
  INSERT_DELIVERY.run(
    store,
    d.token,
    d.app_id,
    d.fid,
    d.notification_id,
    d.title,
    d.body,
    d.target_url,
    d.ts,
  );
}

const DELIVERED_SINCE = column<[fid: number, notificationId: string, since: number], 1>(
  'SELECT 1 FROM miniapp_deliveries WHERE fid = ? AND notification_id = ? AND ts >= ? LIMIT 1',
);

/** Whether (fid, notification id) was delivered at or after `since`. */
export function deliveredSince(store: Store, fid: number, notificationId: string, since: number): boolean {
  return DELIVERED_SINCE.get(store, fid, notificationId, since) !== undefined;
}

const TOKEN_DELIVERIES = rows<[token: string, since: number], { n: number; last: number | null }>(
  'SELECT COUNT(*) AS n, MAX(ts) AS last FROM miniapp_deliveries WHERE token = ? AND ts >= ?',
);

/** Deliveries with `token` at or after `since`, and the time of the latest one. */
export function tokenDeliveries(
  store: Store,
  token: string,
  since: number,
): { n: number; last: number | null } {
  return TOKEN_DELIVERIES.get(store, token, since) ?? { n: 0, last: null };
}

const APP_DELIVERIES = rows<
  [appId: number, limit: number],
  Delivery
>(`SELECT token, app_id, fid, notification_id, title, body, target_url, ts FROM miniapp_deliveries
        WHERE app_id = ? ORDER BY id DESC LIMIT ?`);

export function appDeliveries(store: Store, appId: number, limit: number): Delivery[] {
  return APP_DELIVERIES.all(store, appId, limit);
}
