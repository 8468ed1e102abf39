// Each author's feed entries, newest first: their top-level casts, and the casts they recast
// (keyed by the recast's time). A following feed merges its followees' timelines, so the
// timeline of a popular account is read once for all of its followers. Timelines are read as far
// down as some feed has needed, and read again when the author casts, recasts or deletes
// (store/read-cache.ts).
import { readCache } from '../../store/read-cache.js';
import type { Store } from '../../store/store.js';

export interface Entry {
  readonly hash: string;
  /** Sort time: the cast's own timestamp, or when it was recast. */
  readonly k: number;
  /** The author's own cast (not a recast). */
  readonly own: boolean;
}

export interface Timeline {
  /** Newest first by (k, hash). */
  readonly entries: readonly Entry[];
  /** Every entry with `k >= floor` is in `entries`: Infinity when nothing is known, -Infinity when all is. */
  readonly floor: number;
}

const CACHED_TIMELINES = 20_000;

/** Newest first by (k, hash), the order of the following feed. */
export const compareEntries = (a: Pick<Entry, 'k' | 'hash'>, b: Pick<Entry, 'k' | 'hash'>): number =>
  a.k - b.k || (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0);

/** What changes an author's timeline (store/change-tags.ts): their top-level casts and recasts. */
const timelineTag = (fid: number) => `timeline:${fid}`;

// A timeline a write dropped is read again down to where it was known, for every feed at once:
// dropped outright, each follower's next feed would recompute how far down to read.
const cacheOf = (store: Store) =>
  readCache<number, Timeline>(store, 'timelines', CACHED_TIMELINES, { keepPrevious: true });

/** What is known of each author's timeline (nothing, for those never read). */
export function knownTimelines(store: Store, authors: readonly number[]): Map<number, Timeline> {
  return cacheOf(store).getMany(authors, (missing, dependOn, previous) => {
    for (const fid of missing) dependOn(fid, [timelineTag(fid)]);
    const known = [...previous].filter(([, t]) => t.floor < Number.POSITIVE_INFINITY);
    const read = readEntries(
      store,
      known.map(([fid, t]) => [fid, t.floor, Number.POSITIVE_INFINITY]),
    );
    const floors = new Map(known.map(([fid, t]) => [fid, t.floor]));
    return new Map(
      missing.map((fid) => [
        fid,
        { entries: read.get(fid) ?? [], floor: floors.get(fid) ?? Number.POSITIVE_INFINITY },
      ]),
    );
  });
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
  o: { m: number; after?: Entry; withRecasts: boolean },
): number | null {
  const before = (ts: string, hash: string) =>
    o.after ? `AND ${ts} <= @k AND (${ts} < @k OR ${hash} < @h)` : '';
  const casts = `(SELECT x.ts FROM casts x INDEXED BY casts_feed
      WHERE x.fid = a.fid AND x.parent_hash IS NULL AND x.deleted = 0 ${before('x.ts', 'x.hash')}
      ORDER BY x.ts DESC, x.hash DESC LIMIT 1 OFFSET @m - 1)`;
  const recasts = `(SELECT z.ts FROM reactions z INDEXED BY reactions_recasts
      WHERE z.fid = a.fid AND z.type = 2 ${before('z.ts', 'z.target')}
      ORDER BY z.ts DESC, z.target DESC LIMIT 1 OFFSET @m - 1)`;
  return store
    .stmt(
      `WITH a (fid) AS (SELECT value FROM json_each(@authors))
       SELECT MAX(t) FROM (SELECT ${casts} AS t FROM a ${o.withRecasts ? `UNION ALL SELECT ${recasts} FROM a` : ''})`,
    )
    .pluck()
    .get({
      authors: JSON.stringify(authors),
      m: o.m,
      ...(o.after ? { k: o.after.k, h: o.after.hash } : {}),
    }) as number | null;
}

/**
 * Reads each timeline in `lists` down to `t` (everything, for -Infinity), in one statement that
 * returns only the entries not yet known, and keeps the longer timelines. Recasts of casts
 * deleted since are entries too: the feed drops what no longer hydrates.
 */
export function readTimelines(store: Store, lists: Map<number, Timeline>, t: number): void {
  const below = [...lists].filter(([, tl]) => tl.floor > t);
  if (!below.length) return;
  const read = readEntries(
    store,
    below.map(([fid, tl]) => [fid, t, tl.floor]),
  );
  const cache = cacheOf(store);
  for (const [fid, head] of below) {
    const entries = [...head.entries, ...(read.get(fid) ?? [])];
    lists.set(fid, cache.set(fid, { entries, floor: t }, [timelineTag(fid)]));
  }
}

/** Each author's entries with `lo <= k < hi`, newest first, in one statement over the covering indexes. */
function readEntries(store: Store, ranges: [fid: number, lo: number, hi: number][]): Map<number, Entry[]> {
  const out = new Map<number, Entry[]>();
  if (!ranges.length) return out;
  const rows = store
    .stmt(
      `WITH a AS MATERIALIZED (
         SELECT value ->> '$[0]' AS fid, IFNULL(value ->> '$[1]', -1e300) AS lo, IFNULL(value ->> '$[2]', 9e15) AS hi
         FROM json_each(?)
       )
       SELECT a.fid AS fid, y.hash AS hash, y.ts AS k, 1 AS own FROM a, casts y INDEXED BY casts_feed
         WHERE y.fid = a.fid AND y.parent_hash IS NULL AND y.deleted = 0 AND y.ts >= a.lo AND y.ts < a.hi
       UNION ALL
       SELECT a.fid, r.target, r.ts, 0 FROM a, reactions r INDEXED BY reactions_recasts
         WHERE r.fid = a.fid AND r.type = 2 AND r.ts >= a.lo AND r.ts < a.hi
       ORDER BY fid, k DESC, hash DESC`,
    )
    .all(JSON.stringify(ranges.map(([fid, lo, hi]) => [fid, finite(lo), finite(hi)]))) as {
    fid: number;
    hash: string;
    k: number;
    own: number;
  }[];
  for (const r of rows) {
    const list = out.get(r.fid) ?? [];
    list.push({ hash: r.hash, k: r.k, own: r.own === 1 });
    out.set(r.fid, list);
  }
  return out;
}

/** JSON has no infinities: the unbounded ends travel as null. */
const finite = (x: number) => (Number.isFinite(x) ? x : null);
