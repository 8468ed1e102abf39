// The feed queries that are more than a WHERE clause: following (with recasts), for-you and
// trending (ranked, with the ranking time kept in the cursor), and embed-type matching.
import type { FeedResponse } from '@castkit/sdk';
import type { Params } from '../../api/params.js';
import type { Store } from '../../store/store.js';
import { decodeCursor } from '../cursor.js';
import { EXTENSION_TYPES } from '../hydrate/embed-metadata.js';
import { castPage, type Viewer } from './page.js';

const HOUR_MS = 3_600_000;
/** For-you candidates: top-level casts of the last two days (what a ranked home feed mostly shows). */
const FOR_YOU_WINDOW_MS = 48 * HOUR_MS;

/**
 * Top-level casts by the people `fid` follows (and by `fid`), plus casts they recast, each cast
 * once, keyed by its latest cast-or-recast time. Each followee contributes only its newest entries
 * after the cursor (through the (fid, ts) indexes), so a page costs O(followees × page), not
 * O(everything they ever cast); entries already shown above the cursor are excluded.
 */
export function followingFeed(
  store: Store,
  params: Params,
  fid: number,
  withRecasts: boolean,
  viewer: Viewer,
) {
  const limit = params.limit as number;
  const after = decodeCursor(params.cursor, 2);
  const before = (ts: string, hash: string) =>
    after ? `AND ${ts} <= @k AND (${ts} < @k OR ${hash} < @h)` : '';
  const casts = `SELECT c.hash, c.ts AS k FROM f JOIN casts c ON c.rowid IN (
      SELECT x.rowid FROM casts x WHERE x.fid = f.fid AND x.parent_hash IS NULL AND x.deleted = 0
        ${before('x.ts', 'x.hash')} ORDER BY x.ts DESC LIMIT @per)`;
  const recasts = `SELECT y.target AS hash, y.ts AS k FROM f JOIN reactions y ON y.fid = f.fid AND y.type = 2
      AND y.target IN (SELECT z.target FROM reactions z WHERE z.fid = f.fid AND z.type = 2
        ${before('z.ts', 'z.target')} ORDER BY z.ts DESC LIMIT @per)`;
  // A cast whose latest entry is above the cursor was on an earlier page.
  const shown = after
    ? `AND NOT ((c.fid IN f AND c.parent_hash IS NULL AND (c.ts > @k OR (c.ts = @k AND c.hash >= @h)))
         OR EXISTS (SELECT 1 FROM reactions s WHERE s.target = e.hash AND s.type = 2 AND s.fid IN f
           AND (s.ts > @k OR (s.ts = @k AND s.target >= @h))))`
    : '';
  const rows = store
    .stmt(
      `WITH f (fid) AS MATERIALIZED (SELECT target_fid FROM links WHERE fid = @me AND type = 'follow' UNION SELECT @me),
       e (hash, k) AS (${withRecasts ? `${casts} UNION ALL ${recasts}` : casts})
       SELECT e.hash, MAX(e.k) AS k FROM e CROSS JOIN casts c ON c.hash = e.hash AND c.deleted = 0
       WHERE 1 ${shown} GROUP BY e.hash ORDER BY k DESC, e.hash DESC LIMIT @n`,
    )
    .all({
      me: fid,
      // A little headroom per followee for entries that turn out to be already shown.
      per: limit + 11,
      n: limit + 1,
      ...(after ? { k: after[0], h: after[1] } : {}),
    }) as { hash: string; k: number }[];
  return castPage(store, rows, limit, (r) => [r.k, r.hash], viewer);
}

/**
 * A deterministic "for you" ranking: recent top-level casts by engagement, boosted when the author
 * is followed, decayed by age. The first page's time is kept in the cursor so pages agree.
 */
export function forYouFeed(store: Store, params: Params, fid: number, viewer: Viewer): FeedResponse {
  const limit = params.limit as number;
  const after = decodeCursor(params.cursor, 3);
  const anchor = after ? Number(after[0]) : store.now();
  const rows = store
    .stmt(
      `WITH m AS MATERIALIZED (
         SELECT c.hash, (1.0 + c.likes_count + 2 * c.recasts_count + 3 * c.replies_count
             + CASE WHEN f.target_fid IS NULL THEN 0 ELSE 20 END) / ((? - c.ts) / ${HOUR_MS}.0 + 2.0) AS s
         FROM casts c LEFT JOIN links f ON f.fid = ? AND f.type = 'follow' AND f.target_fid = c.fid
         WHERE c.ts > ? AND c.ts <= ? AND c.parent_hash IS NULL AND c.deleted = 0 AND c.fid != ?
       )
       SELECT hash, s FROM m WHERE ? IS NULL OR s < ? OR (s = ? AND hash < ?) ORDER BY s DESC, hash DESC LIMIT ?`,
    )
    .all(
      anchor,
      fid,
      anchor - FOR_YOU_WINDOW_MS,
      anchor,
      fid,
      after ? 1 : null,
      after?.[1] ?? 0,
      after?.[1] ?? 0,
      after?.[2] ?? '',
      limit + 1,
    ) as { hash: string; s: number }[];
  return castPage(store, rows, limit, (r) => [anchor, r.s, r.hash], viewer);
}

export const TIME_WINDOWS: Record<string, number> = {
  '1h': HOUR_MS,
  '6h': 6 * HOUR_MS,
  '12h': 12 * HOUR_MS,
  '24h': 24 * HOUR_MS,
  '7d': 7 * 24 * HOUR_MS,
};

/** Casts ranked by how many reactions they got inside the window, optionally within a channel or URL. */
export function trendingFeed(
  store: Store,
  params: Params,
  scope: { channelId?: string; parentUrl?: string },
  viewer: Viewer,
): FeedResponse {
  const limit = params.limit as number;
  const after = decodeCursor(params.cursor, 3);
  const anchor = after ? Number(after[0]) : store.now();
  const windowMs = TIME_WINDOWS[(params.time_window as string | undefined) ?? '24h']!;
  const rows = store
    .stmt(
      `WITH t AS MATERIALIZED (
         SELECT target AS hash, COUNT(*) AS n FROM reactions
         WHERE ts > ? AND ts <= ? AND target_fid IS NOT NULL GROUP BY target
       )
       SELECT t.hash, t.n FROM t JOIN casts c ON c.hash = t.hash AND c.deleted = 0
       WHERE (? IS NULL OR c.channel_id = ?) AND (? IS NULL OR c.root_parent_url = ?)
         AND (? IS NULL OR t.n < ? OR (t.n = ? AND t.hash < ?))
       ORDER BY t.n DESC, t.hash DESC LIMIT ?`,
    )
    .all(
      anchor - windowMs,
      anchor,
      scope.channelId ?? null,
      scope.channelId ?? null,
      scope.parentUrl ?? null,
      scope.parentUrl ?? null,
      after ? 1 : null,
      after?.[1] ?? 0,
      after?.[1] ?? 0,
      after?.[2] ?? '',
      limit + 1,
    ) as { hash: string; n: number }[];
  return castPage(store, rows, limit, (r) => [anchor, r.n, r.hash], viewer);
}

/**
 * SQL that is true when cast `c` has a URL embed of one of `types` (a full content type, or a
 * major type such as "image" or "text"). Content types come from the URL, as embed metadata does.
 */
export function embedTypesClause(types: string[]): { sql: string; binds: unknown[] } {
  const cases = Object.entries(EXTENSION_TYPES)
    .map(([ext, type]) => `WHEN lower(u) LIKE '%.${ext}' THEN '${type}'`)
    .join(' ');
  const sql = `EXISTS (
    SELECT 1 FROM (SELECT CASE ${cases} ELSE 'text/html' END AS ct FROM (
      SELECT json_extract(e.value, '$.url') AS u FROM json_each(c.embeds) e WHERE u IS NOT NULL))
    WHERE ct IN (SELECT value FROM json_each(?)) OR substr(ct, 1, instr(ct, '/') - 1) IN (SELECT value FROM json_each(?)))`;
  const json = JSON.stringify(types);
  return { sql, binds: [json, json] };
}
