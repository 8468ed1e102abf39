// The feeds that rank or match more than a column: for-you and trending (scored at an anchor time,
// paged highest score first) and embed-type matching (a CastFilter for castsPage).
import type { Store } from '../store.js';
import { type CastFilter, rankedCastsPage } from './casts.js';
import type { KeysetPage, PageWindow } from './keyset.js';

const HOUR_MS = 3_600_000;
/** For-you candidates: top-level casts of the last two days (what a ranked home feed mostly shows). */
const FOR_YOU_WINDOW_MS = 48 * HOUR_MS;

type RankedPage = KeysetPage<{ hash: string; s: number }>;

/**
 * Recent top-level casts not by `fid`, ranked at `anchor` by engagement, boosted when `fid`
 * follows the author, decayed by age.
 */
export function forYouPage(store: Store, fid: number, anchor: number, w: PageWindow): RankedPage {
  return rankedCastsPage(
    store,
    {
      sql: `SELECT c.hash, (1.0 + c.likes_count + 2 * c.recasts_count + 3 * c.replies_count
              + CASE WHEN f.target_fid IS NULL THEN 0 ELSE 20 END) / ((? - c.ts) / ${HOUR_MS}.0 + 2.0) AS s
            FROM casts c LEFT JOIN links f ON f.fid = ? AND f.type = 'follow' AND f.target_fid = c.fid
            WHERE c.ts > ? AND c.ts <= ? AND c.parent_hash IS NULL AND c.deleted = 0 AND c.fid != ?`,
      binds: [anchor, fid, anchor - FOR_YOU_WINDOW_MS, anchor, fid],
    },
    w,
  );
}

/**
 * Live casts ranked by how many reactions they got in the `windowMs` up to `anchor`, optionally
 * only those in a channel or under a root parent URL.
 */
export function trendingPage(
  store: Store,
  scope: { channelId?: string; parentUrl?: string },
  windowMs: number,
  anchor: number,
  w: PageWindow,
): RankedPage {
  return rankedCastsPage(
    store,
    {
      sql: `SELECT t.hash, t.n AS s FROM (
              SELECT target AS hash, COUNT(*) AS n FROM reactions
              WHERE ts > ? AND ts <= ? AND target_fid IS NOT NULL GROUP BY target
            ) t JOIN casts c ON c.hash = t.hash AND c.deleted = 0
            WHERE (? IS NULL OR c.channel_id = ?) AND (? IS NULL OR c.root_parent_url = ?)`,
      binds: [
        anchor - windowMs,
        anchor,
        scope.channelId ?? null,
        scope.channelId ?? null,
        scope.parentUrl ?? null,
        scope.parentUrl ?? null,
      ],
    },
    w,
  );
}

/**
 * Casts with a URL embed of one of `types` (a full content type, or a major type such as "image"
 * or "text"). A URL's content type is what `contentTypeOf` says, the same function embed metadata
 * uses, so the filter and the metadata a client sees agree (query strings and fragments included).
 */
export function embedTypesFilter(
  store: Store,
  types: readonly string[],
  contentTypeOf: (url: string) => string,
): CastFilter {
  if (!withContentType.has(store)) {
    store.db.function('embed_content_type', { deterministic: true }, (url) => contentTypeOf(String(url)));
    withContentType.add(store);
  }
  const sql = `EXISTS (
    SELECT 1 FROM (SELECT embed_content_type(json_extract(e.value, '$.url')) AS ct
      FROM json_each(c.embeds) e WHERE json_extract(e.value, '$.url') IS NOT NULL)
    WHERE ct IN (SELECT value FROM json_each(?)) OR substr(ct, 1, instr(ct, '/') - 1) IN (SELECT value FROM json_each(?)))`;
  const json = JSON.stringify(types);
  return { where: [sql], binds: [json, json] };
}

/** Connections that have `embed_content_type` (a function lives on its connection). */
const withContentType = new WeakSet<Store>();
