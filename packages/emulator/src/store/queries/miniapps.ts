// Mini apps: the catalogue (ranked by recent use), who used which app, who added it and the
// notification tokens issued to them, and the notifications delivered with those tokens.
import { IN_JSON, type Store } from '../store.js';
import { type KeysetPage, keysetPage, type PageWindow } from './keyset.js';

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

/** Inserts for the seed: prepared once, positional arguments in column order. */
export function miniappBulkInserts(store: Store) {
  const app = store.stmt(`INSERT INTO miniapps (id, ${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const use = store.stmt('INSERT INTO miniapp_uses (app_id, fid, ts) VALUES (?, ?, ?)');
  const user = store.stmt(
    `INSERT OR IGNORE INTO miniapp_users (app_id, fid, token, notification_url, enabled, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  return {
    app: (id: number, a: NewMiniapp) => app.run(id, ...miniappValues(a)),
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

/** A new app's values in COLUMNS order: the bulk seed and the one-at-a-time insert bind the same. */
const miniappValues = (a: NewMiniapp) => [
  a.url,
  a.name,
  a.description,
  a.category,
  a.icon_url,
  a.image_url,
  a.button_title,
  a.author_fid,
  a.webhook_url,
  a.developer,
  a.created_at,
];

export function insertMiniapp(store: Store, a: NewMiniapp): number {
  const r = store
    .stmt(`INSERT INTO miniapps (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    .run(...miniappValues(a));
  return Number(r.lastInsertRowid);
}

/** Adds the developer's app, or makes an existing one at that URL theirs with this name and webhook. */
export function upsertDeveloperMiniapp(store: Store, a: NewMiniapp): number {
  insertOrKeep(store, a);
  store
    .stmt('UPDATE miniapps SET name = ?, webhook_url = ?, developer = 1 WHERE url = ?')
    .run(a.name, a.webhook_url, a.url);
  return (miniappByUrl(store, a.url) as MiniappRow).id;
}

function insertOrKeep(store: Store, a: NewMiniapp): void {
  if (!miniappByUrl(store, a.url)) insertMiniapp(store, a);
}

export function miniappById(store: Store, id: number): MiniappRow | undefined {
  return store.stmt('SELECT * FROM miniapps WHERE id = ?').get(id) as MiniappRow | undefined;
}

export function miniappByUrl(store: Store, url: string): MiniappRow | undefined {
  return store.stmt('SELECT * FROM miniapps WHERE url = ?').get(url) as MiniappRow | undefined;
}

export function miniappsByIds(store: Store, ids: readonly number[]): MiniappRow[] {
  return store
    .stmt(`SELECT * FROM miniapps WHERE id IN (${IN_JSON})`)
    .all(JSON.stringify(ids)) as MiniappRow[];
}

/** Apps embedded (by their URL) in any of these URLs, to hydrate the frames of casts. */
export function miniappsByUrls(store: Store, urls: readonly string[]): MiniappRow[] {
  if (!urls.length) return [];
  return store
    .stmt(`SELECT * FROM miniapps WHERE url IN (${IN_JSON})`)
    .all(JSON.stringify(urls)) as MiniappRow[];
}

export function developerMiniapps(store: Store): MiniappRow[] {
  return store.stmt('SELECT * FROM miniapps WHERE developer = 1 ORDER BY id').all() as MiniappRow[];
}

export function deleteMiniapp(store: Store, id: number): void {
  store.stmt('DELETE FROM miniapps WHERE id = ?').run(id);
}

export type RankedApp = { id: number; uses: number };

/** The catalogue, most used since `since` first, in the given categories (all when none). */
export function catalogPage(
  store: Store,
  by: { since: number; categories?: readonly string[] },
  w: PageWindow,
): KeysetPage<RankedApp> {
  const where = by.categories?.length ? `WHERE m.category IN (${IN_JSON})` : '';
  return keysetPage(
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
  return keysetPage(
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

/** Which apps the users `viewer` follows used since `since`, and who: most users first. */
export function appsUsedByFollowing(
  store: Store,
  viewer: number,
  since: number,
  limit: number,
): { app_id: number; fids: string }[] {
  return store
    .stmt(
      `SELECT u.app_id, json_group_array(DISTINCT u.fid) AS fids, COUNT(DISTINCT u.fid) AS n
         FROM links l JOIN miniapp_uses u INDEXED BY miniapp_uses_fid ON u.fid = l.target_fid AND u.ts >= ?
        WHERE l.fid = ? AND l.type = 'follow'
        GROUP BY u.app_id ORDER BY n DESC, u.app_id LIMIT ?`,
    )
    .all(since, viewer, limit) as { app_id: number; fids: string }[];
}

export function recordUse(store: Store, appId: number, fid: number, ts: number): void {
  store.stmt('INSERT INTO miniapp_uses (app_id, fid, ts) VALUES (?, ?, ?)').run(appId, fid, ts);
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

export function miniappUser(store: Store, appId: number, fid: number): MiniappUserRow | undefined {
  return store.stmt('SELECT * FROM miniapp_users WHERE app_id = ? AND fid = ?').get(appId, fid) as
    | MiniappUserRow
    | undefined;
}

export function miniappUserByToken(store: Store, token: string): MiniappUserRow | undefined {
  return store.stmt('SELECT * FROM miniapp_users WHERE token = ?').get(token) as MiniappUserRow | undefined;
}

/** Adds the app for `fid` (keeping an existing row), or updates its token state. */
export function upsertMiniappUser(
  store: Store,
  appId: number,
  fid: number,
  state: { token: string | null; url: string | null; enabled: boolean },
  now: number,
): void {
  store
    .stmt(
      `INSERT INTO miniapp_users (app_id, fid, token, notification_url, enabled, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (app_id, fid) DO UPDATE SET token = excluded.token,
         notification_url = excluded.notification_url, enabled = excluded.enabled, updated_at = excluded.updated_at`,
    )
    .run(appId, fid, state.token, state.url, state.enabled ? 1 : 0, now, now);
}

export function removeMiniappUser(store: Store, appId: number, fid: number): boolean {
  return store.stmt('DELETE FROM miniapp_users WHERE app_id = ? AND fid = ?').run(appId, fid).changes > 0;
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
  return keysetPage(
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

/** Token rows of the developer's apps for these fids, or for everyone with notifications on. */
export function developerTokenRows(store: Store, fids: readonly number[] | undefined): MiniappUserRow[] {
  if (fids) {
    return store
      .stmt(
        `SELECT u.* FROM miniapp_users u JOIN miniapps m ON m.id = u.app_id
          WHERE m.developer = 1 AND u.token IS NOT NULL AND u.fid IN (${IN_JSON}) ORDER BY u.fid, u.app_id`,
      )
      .all(JSON.stringify(fids)) as MiniappUserRow[];
  }
  return store
    .stmt(
      `SELECT u.* FROM miniapp_users u JOIN miniapps m ON m.id = u.app_id
        WHERE m.developer = 1 AND u.enabled = 1 AND u.token IS NOT NULL ORDER BY u.fid, u.app_id`,
    )
    .all() as MiniappUserRow[];
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

export function insertDelivery(store: Store, d: Delivery): void {
  store
    .stmt(
      `INSERT INTO miniapp_deliveries (token, app_id, fid, notification_id, title, body, target_url, ts)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(d.token, d.app_id, d.fid, d.notification_id, d.title, d.body, d.target_url, d.ts);
}

/** Whether (fid, notification id) was delivered at or after `since`. */
export function deliveredSince(store: Store, fid: number, notificationId: string, since: number): boolean {
  return (
    store
      .stmt('SELECT 1 FROM miniapp_deliveries WHERE fid = ? AND notification_id = ? AND ts >= ? LIMIT 1')
      .get(fid, notificationId, since) !== undefined
  );
}

/** Deliveries with `token` at or after `since`, and the time of the latest one. */
export function tokenDeliveries(
  store: Store,
  token: string,
  since: number,
): { n: number; last: number | null } {
  return store
    .stmt('SELECT COUNT(*) AS n, MAX(ts) AS last FROM miniapp_deliveries WHERE token = ? AND ts >= ?')
    .get(token, since) as { n: number; last: number | null };
}

export function appDeliveries(store: Store, appId: number, limit: number): Delivery[] {
  return store
    .stmt(
      `SELECT token, app_id, fid, notification_id, title, body, target_url, ts FROM miniapp_deliveries
        WHERE app_id = ? ORDER BY id DESC LIMIT ?`,
    )
    .all(appId, limit) as Delivery[];
}
