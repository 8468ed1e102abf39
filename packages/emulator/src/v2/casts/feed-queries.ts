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
 * once, keyed by its latest cast-or-recast time. Entries come from the covering indexes
 * `casts_feed` (fid, ts, hash) and `reactions_recasts` (fid, ts, target), never the tables.
 *
 * First a time cutoff: the newest `limit + 1`-th entry (after the cursor) of each followee, in
 * each of the two indexes; the latest of those is a lower bound of the page, since that followee
 * alone has `limit + 1` distinct casts at or above it. Only entries at or above the cutoff are
 * grouped, and the checks that need table rows (deleted recast targets; casts already shown
 * above the cursor) run on those few candidates. Those checks can drop candidates: when fewer
 * than `limit + 1` survive, the page is read again without the cutoff, each followee bounded by
 * its own newest entries instead, so a page costs O(followees × page) either way.
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
  const binds = { me: fid, n: limit + 1, ...(after ? { k: after[0], h: after[1] } : {}) };
  const before = (ts: string, hash: string) =>
    after ? `AND ${ts} <= @k AND (${ts} < @k OR ${hash} < @h)` : '';
  const castsOf = (alias: string) =>
    `casts ${alias} INDEXED BY casts_feed WHERE ${alias}.fid = f.fid AND ${alias}.parent_hash IS NULL
       AND ${alias}.deleted = 0 ${before(`${alias}.ts`, `${alias}.hash`)}`;
  const recastsOf = (alias: string) =>
    `reactions ${alias} INDEXED BY reactions_recasts WHERE ${alias}.fid = f.fid AND ${alias}.type = 2
       ${before(`${alias}.ts`, `${alias}.target`)}`;
  const follows = `f (fid) AS MATERIALIZED (
      SELECT target_fid FROM links WHERE fid = @me AND type = 'follow' UNION SELECT @me)`;

  // The ts of each followee's @off-th newest entry (NULL when it has fewer).
  const nth = (off: string) => ({
    casts: `(SELECT x.ts FROM ${castsOf('x')} ORDER BY x.ts DESC LIMIT 1 OFFSET ${off})`,
    recasts: `(SELECT z.ts FROM ${recastsOf('z')} ORDER BY z.ts DESC LIMIT 1 OFFSET ${off})`,
  });
  const cut = nth('@n - 1');
  const t = store
    .stmt(
      `WITH ${follows} SELECT MAX(t) FROM (SELECT ${cut.casts} AS t FROM f
         ${withRecasts ? `UNION ALL SELECT ${cut.recasts} FROM f` : ''})`,
    )
    .pluck()
    .get(binds) as number | null;

  const page = (bounded: boolean, t?: number) => {
    // With the cutoff, one bound for all; without it, each followee's newest @per entries.
    const per = nth('@per - 1');
    const since = (ts: string, own: string) =>
      bounded ? `AND ${ts} >= @t` : `AND ${ts} >= IFNULL(${own}, -1e300)`;
    const casts = `SELECT y.hash, y.ts AS k, 1 AS own FROM f, ${castsOf('y')} ${since('y.ts', per.casts)}`;
    const recasts = `SELECT r.target AS hash, r.ts AS k, 0 AS own FROM f, ${recastsOf('r')} ${since('r.ts', per.recasts)}
        AND EXISTS (SELECT 1 FROM casts d WHERE d.hash = r.target AND d.deleted = 0)`;
    // A cast whose latest entry is above the cursor was on an earlier page. A followee's own cast
    // among the entries is below the cursor (`before`); only recast-only candidates need the lookup.
    const shown = after
      ? `AND (MAX(e.own) = 1 OR NOT EXISTS (SELECT 1 FROM casts c WHERE c.hash = e.hash AND c.fid IN f AND c.parent_hash IS NULL
           AND (c.ts > @k OR (c.ts = @k AND c.hash >= @h))))
         AND NOT EXISTS (SELECT 1 FROM reactions s WHERE s.target = e.hash AND s.type = 2 AND s.fid IN f
           AND (s.ts > @k OR (s.ts = @k AND s.target >= @h)))`
      : '';
    return store
      .stmt(
        `WITH ${follows}, e (hash, k, own) AS (${withRecasts ? `${casts} UNION ALL ${recasts}` : casts})
         SELECT e.hash, MAX(e.k) AS k FROM e GROUP BY e.hash HAVING 1 ${shown}
         ORDER BY k DESC, e.hash DESC LIMIT @n`,
      )
      .all(bounded ? { ...binds, t } : { ...binds, per: limit + 11 }) as { hash: string; k: number }[];
  };
  // No followee has `limit + 1` entries: nothing to cut, every entry is a candidate.
  let rows = page(true, t ?? -1e300);
  if (t !== null && rows.length <= limit) rows = page(false);
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
