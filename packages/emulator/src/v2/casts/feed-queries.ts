// The feeds that are more than a WHERE clause: following (merged timelines), for-you and
// trending (ranked, with the ranking time kept in the cursor), and embed-type matching.
import { ValidationError } from '../../ground/errors.js';
import { hydrateCasts } from '../../hydrate/cast.js';
import { contentTypeOf } from '../../hydrate/embed-metadata.js';
import { embedTypesFilter, forYouPage, trendingPage } from '../../store/queries/feeds.js';
import { followeeFids, timelineCutoff } from '../../store/queries/timelines.js';
import type { Store } from '../../store/store.js';
import { decodeCursor } from '../cursor.js';
import {
  castPage,
  chronologicalPage,
  type FeedAnswer,
  type PageParams,
  rankedPage,
  type Viewer,
} from './page.js';
import { compareEntries, type Entry, knownTimelines, readTimelines, type Timeline } from './timelines.js';

const HOUR_MS = 3_600_000;

/**
 * Top-level casts by the people `fid` follows (and by `fid`), plus casts they recast, each cast
 * once, keyed by its latest cast-or-recast time, newest first.
 *
 * Merged from the followees' timelines (timelines.ts). Each is known down to its floor, so
 * entries at or above the highest floor are exact, including whether a cast already sat above
 * the cursor. When that leaves fewer than a page, the timelines are read down to the cutoff that
 * guarantees `m` entries from some author (doubling `m` while duplicates, casts shown above the
 * cursor or casts that no longer hydrate leave the page short). A first page costs
 * O(followees + page) index reads when cold and none when its followees' timelines were read
 * before; a later page reads only what the pages before it did not, so walking a feed reads each
 * entry once.
 */
export function followingFeed(
  store: Store,
  params: PageParams,
  fid: number,
  withRecasts: boolean,
  viewer: Viewer,
): FeedAnswer {
  const { limit } = params;
  const n = limit + 1;
  const after = entryCursor(params.cursor);
  const authors = [fid, ...followeeFids(store, fid)];
  const lists = knownTimelines(store, authors);
  const gone = new Set<string>();
  for (let m = n; ; ) {
    const { rows, floor } = mergeTimelines(lists, { after, withRecasts, gone });
    if (rows.length < n && floor > Number.NEGATIVE_INFINITY) {
      // Timelines not known at all beside ones that are (a followee's timeline dropped when they
      // cast) are first read down to where the others are known, or to their own m-th entry if
      // that is higher: that author's newest entries, rather than a cutoff over every followee.
      const known = knownDown(lists);
      if (floor === Number.POSITIVE_INFINITY && Number.isFinite(known)) {
        const unknown = [...lists].filter(([, t]) => t.floor === floor).map(([fid]) => fid);
        const t = timelineCutoff(store, unknown, { m, after, withRecasts }) ?? Number.NEGATIVE_INFINITY;
        readTimelines(store, lists, Math.max(t, known));
        continue;
      }
      const t = timelineCutoff(store, authors, { m, after, withRecasts }) ?? Number.NEGATIVE_INFINITY;
      if (t >= floor)
        m *= 2; // known that far already: the page needs more from each author
      else readTimelines(store, lists, t);
      continue;
    }
    const page = rows.slice(0, n);
    const live = hydrateCasts(
      store,
      page.map((r) => r.hash),
      { origin: viewer.origin },
    );
    const dead = page.filter((r) => !live.has(r.hash));
    if (!dead.length) return castPage(store, page, limit, (r) => [r.k, r.hash], viewer);
    for (const r of dead) gone.add(r.hash);
  }
}

/**
 * The feed's candidates from these timelines: each cast at its highest entry, below the cursor,
 * newest first, down to `floor` (the highest of the timelines' floors), below which they are not
 * all known.
 */
function mergeTimelines(
  lists: Map<number, Timeline>,
  o: { after?: Entry; withRecasts: boolean; gone: Set<string> },
): { rows: Entry[]; floor: number } {
  let floor = Number.NEGATIVE_INFINITY;
  for (const t of lists.values()) floor = Math.max(floor, t.floor);
  const best = new Map<string, Entry>();
  for (const t of lists.values()) {
    for (const e of t.entries) {
      if (e.k < floor) break;
      if ((!o.withRecasts && !e.own) || o.gone.has(e.hash)) continue;
      const seen = best.get(e.hash);
      if (!seen || compareEntries(e, seen) > 0) best.set(e.hash, e);
    }
  }
  const rows = [...best.values()]
    .filter((e) => !o.after || compareEntries(e, o.after) < 0)
    .sort((a, b) => compareEntries(b, a));
  return { rows, floor };
}

/** The highest floor of the timelines that are known at all (-Infinity when none is). */
function knownDown(lists: Map<number, Timeline>): number {
  let known = Number.NEGATIVE_INFINITY;
  for (const t of lists.values()) if (t.floor < Number.POSITIVE_INFINITY) known = Math.max(known, t.floor);
  return known;
}

/** The following feed's cursor: the (time, hash) of the last entry shown. */
function entryCursor(cursor: unknown): Entry | undefined {
  const key = decodeCursor(cursor, 2);
  if (!key) return undefined;
  const [k, hash] = key;
  if (typeof k !== 'number' || typeof hash !== 'string') {
    throw new ValidationError('cursor is not a cursor this API issued', 'cursor', 'InvalidField');
  }
  return { k, hash, own: false };
}

/**
 * A deterministic "for you" ranking: recent top-level casts by engagement, boosted when the author
 * is followed, decayed by age. The first page's time is kept in the cursor so pages agree.
 */
export function forYouFeed(store: Store, params: PageParams, fid: number, viewer: Viewer): FeedAnswer {
  return rankedPage(store, params, (anchor, w) => forYouPage(store, fid, anchor, w), viewer);
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
  params: PageParams & { time_window?: string },
  scope: { channelId?: string; parentUrl?: string },
  viewer: Viewer,
): FeedAnswer {
  const windowMs = TIME_WINDOWS[params.time_window ?? '24h']!;
  return rankedPage(store, params, (anchor, w) => trendingPage(store, scope, windowMs, anchor, w), viewer);
}

/**
 * Casts with a URL embed of one of `types` (a full content type, or a major type such as "image" or
 * "text"), newest first. Content types come from the URL, as embed metadata says them.
 */
export function embedTypesFeed(
  store: Store,
  params: PageParams,
  types: readonly string[],
  viewer: Viewer,
): FeedAnswer {
  return chronologicalPage(store, params, embedTypesFilter(store, types, contentTypeOf), viewer);
}
