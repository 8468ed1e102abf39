// Each author's feed entries, newest first: their top-level casts, and the casts they recast
// (keyed by the recast's time). A following feed merges its followees' timelines, so the
// timeline of a popular account is read once for all of its followers. Timelines are read as far
// down as some feed has needed, and read again when the author casts, recasts or deletes
// (store/read-cache.ts).
import { type TimelineEntry, timelineEntries } from '../../store/queries/timelines.js';
import { cacheKind } from '../../store/read-cache.js';
import type { Store } from '../../store/store.js';

export type Entry = TimelineEntry;

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
const TIMELINES = cacheKind<number, Timeline>('timelines', CACHED_TIMELINES, { keepPrevious: true });

/** What is known of each author's timeline (nothing, for those never read). */
export function knownTimelines(store: Store, authors: readonly number[]): Map<number, Timeline> {
  return TIMELINES.of(store).getMany(authors, (missing, dependOn, previous) => {
    for (const fid of missing) dependOn(fid, [timelineTag(fid)]);
    const known = [...previous].filter(([, t]) => t.floor < Number.POSITIVE_INFINITY);
    const read = timelineEntries(
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
 * Reads each timeline in `lists` down to `t` (everything, for -Infinity), in one statement that
 * returns only the entries not yet known, and keeps the longer timelines. Recasts of casts
 * deleted since are entries too: the feed drops what no longer hydrates.
 */
export function readTimelines(store: Store, lists: Map<number, Timeline>, t: number): void {
  const below = [...lists].filter(([, tl]) => tl.floor > t);
  if (!below.length) return;
  const read = timelineEntries(
    store,
    below.map(([fid, tl]) => [fid, t, tl.floor]),
  );
  const cache = TIMELINES.of(store);
  for (const [fid, head] of below) {
    const entries = [...head.entries, ...(read.get(fid) ?? [])];
    lists.set(fid, cache.set(fid, { entries, floor: t }, [timelineTag(fid)]));
  }
}
