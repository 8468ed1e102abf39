// What the following feed reads (v2/casts/timelines.ts caches it, v2/casts/feed-queries.ts merges it):
// whom a fid follows, and each author's timeline entries over the covering indexes `casts_feed` and
// `reactions_recasts`. The statements were tuned on the large seed (INDEXED BY, one json_each batch
// per read): keep their text as it is.

import { column, rows, StatementFamily } from '../statements.js';
import type { Store } from '../store.js';

/** One entry of an author's timeline: their top-level cast, or a cast they recast. */
export interface TimelineEntry {
  readonly hash: string;
  /** Sort time: the cast's own timestamp, or when it was recast. */
  readonly k: number;
  /** The author's own cast (not a recast). */
  readonly own: boolean;
}

const FOLLOWEE_FIDS = column<[fid: number], number>(
  `SELECT target_fid FROM links WHERE fid = ? AND type = 'follow'`,
);

/** The fids `fid` follows, in no particular order. */
export function followeeFids(store: Store, fid: number): number[] {
  return FOLLOWEE_FIDS.all(store, fid);
}

/**
 * The time every timeline must be known down to for a page of `m` entries below `after`: the
 * latest, over the authors, of their `m`-th newest entry of each kind below it (with
 * `withRecasts` false, of their casts only). Null when no author has that many. Reads only the
 * covering indexes `casts_feed` and `reactions_recasts`.
 */
export function timelineCutoff(
  store: Store,
  authors: readonly number[],
  o: { m: number; after?: Pick<TimelineEntry, 'k' | 'hash'>; withRecasts: boolean },
): number | null {
  const before = (ts: string, hash: string) =>
    o.after ? `AND ${ts} <= @k AND (${ts} < @k OR ${hash} < @h)` : '';
  const casts = `(SELECT x.ts FROM casts x INDEXED BY casts_feed
      WHERE x.fid = a.fid AND x.parent_hash IS NULL AND x.deleted = 0 ${before('x.ts', 'x.hash')}
      ORDER BY x.ts DESC, x.hash DESC LIMIT 1 OFFSET @m - 1)`;
  const recasts = `(SELECT z.ts FROM reactions z INDEXED BY reactions_recasts
      WHERE z.fid = a.fid AND z.type = 2 ${before('z.ts', 'z.target')}
      ORDER BY z.ts DESC, z.target DESC LIMIT 1 OFFSET @m - 1)`;
  return (
    NEWEST_OF.on(
      store,
      `WITH a (fid) AS (SELECT value FROM json_each(@authors))
       SELECT MAX(t) FROM (SELECT ${casts} AS t FROM a ${o.withRecasts ? `UNION ALL SELECT ${recasts} FROM a` : ''})`,
    ).get({
      authors: JSON.stringify(authors),
      m: o.m,
      ...(o.after ? { k: o.after.k, h: o.after.hash } : {}),
    }) ?? null
  );
}

const NEWEST_OF = new StatementFamily<number | null>(true);

const TIMELINE_ENTRIES = rows<
  [list: string],
  { fid: number; hash: string; k: number; own: number }
>(`WITH a AS MATERIALIZED (
         SELECT value ->> '$[0]' AS fid, IFNULL(value ->> '$[1]', -1e300) AS lo, IFNULL(value ->> '$[2]', 9e15) AS hi
         FROM json_each(?)
       )
       SELECT a.fid AS fid, y.hash AS hash, y.ts AS k, 1 AS own FROM a, casts y INDEXED BY casts_feed
         WHERE y.fid = a.fid AND y.parent_hash IS NULL AND y.deleted = 0 AND y.ts >= a.lo AND y.ts < a.hi
       UNION ALL
       SELECT a.fid, r.target, r.ts, 0 FROM a, reactions r INDEXED BY reactions_recasts
         WHERE r.fid = a.fid AND r.type = 2 AND r.ts >= a.lo AND r.ts < a.hi
       ORDER BY fid, k DESC, hash DESC`);

/**
 * Each author's entries with `lo <= k < hi` (either end may be infinite), newest first by
 * (k, hash), in one statement over the covering indexes. Authors with none are absent.
 */
export function timelineEntries(
  store: Store,
  ranges: readonly (readonly [fid: number, lo: number, hi: number])[],
): Map<number, TimelineEntry[]> {
  const out = new Map<number, TimelineEntry[]>();
  if (!ranges.length) return out;
  const rows = TIMELINE_ENTRIES.all(
    store,
    JSON.stringify(ranges.map(([fid, lo, hi]) => [fid, finite(lo), finite(hi)])),
  );
  for (const r of rows) {
    const list = out.get(r.fid) ?? [];
    list.push({ hash: r.hash, k: r.k, own: r.own === 1 });
    out.set(r.fid, list);
  }
  return out;
}

/** JSON has no infinities: the unbounded ends travel as null. */
const finite = (x: number) => (Number.isFinite(x) ? x : null);
