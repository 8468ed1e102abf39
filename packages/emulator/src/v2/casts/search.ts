// Cast search over the FTS5 index (literal: every word; semantic/hybrid: any word, ranked by relevance
// mixed with recency) and cast counts over time for a query (fetchCastMetrics).
import type { CastsMetricsResponse } from '@castkit/sdk/2.x';
import type { V2Params, V2Response } from '../../api/dispatch.js';
import { ValidationError } from '../../ground/errors.js';
import { requireChannel } from '../../hydrate/channel.js';
import { isoTime } from '../../store/clock.js';
import {
  type CastSelection,
  castCountsByBucket,
  castFilter,
  rankedCastsPage,
  searchScores,
} from '../../store/queries/casts.js';
import type { Store } from '../../store/store.js';
import { chronologicalPage, rankedPage, type Viewer } from './page.js';

const DAY_MS = 86_400_000;

/** An FTS5 query from free text: each word quoted (so operators in user text are just words). */
export function ftsQuery(q: string, any: boolean): string {
  const words = q.match(/[\p{L}\p{N}_]+/gu) ?? [];
  if (!words.length) throw new ValidationError('q must contain at least one word', 'q');
  return words.map((w) => `"${w}"`).join(any ? ' OR ' : ' ');
}

/** What search and metrics select: the words, and the filters both take. */
function selection(
  store: Store,
  params: { author_fid?: number; channel_id?: string; parent_url?: string },
  match: string,
): CastSelection & { match: string } {
  return {
    match,
    fid: params.author_fid,
    channelId: params.channel_id === undefined ? undefined : requireChannel(store, params.channel_id).id,
    rootParentUrl: params.parent_url,
  };
}

export function searchCasts(
  store: Store,
  params: V2Params<'searchCasts'>,
  viewer: Viewer,
): V2Response<'searchCasts'> {
  const mode = params.mode ?? 'literal';
  const ranked = params.sort_type ? params.sort_type === 'algorithmic' : mode !== 'literal';
  const selected = selection(store, params, ftsQuery(params.q, mode !== 'literal'));
  // Ranked: the cursor keeps the time the first page was ranked at, so later pages rank the same way.
  const page = ranked
    ? rankedPage(
        store,
        params,
        (anchor, w) => rankedCastsPage(store, searchScores(selected, anchor), w),
        viewer,
      )
    : chronologicalPage(
        store,
        params,
        castFilter(selected),
        viewer,
        params.sort_type === 'chron' ? 'oldest' : 'newest',
      );
  return { result: { casts: page.casts, next: page.next } };
}

type Interval = NonNullable<V2Params<'fetchCastMetrics'>['interval']>;

const INTERVALS: Record<Interval, { buckets: number; resolutionMs: number }> = {
  '1d': { buckets: 24, resolutionMs: 3_600_000 },
  '7d': { buckets: 28, resolutionMs: 6 * 3_600_000 },
  '30d': { buckets: 30, resolutionMs: DAY_MS },
  // 3.x's longer windows, in as many buckets as 30d's.
  '90d': { buckets: 30, resolutionMs: 3 * DAY_MS },
  '180d': { buckets: 30, resolutionMs: 6 * DAY_MS },
};

export function castMetrics(store: Store, params: V2Params<'fetchCastMetrics'>): CastsMetricsResponse {
  const { buckets, resolutionMs } = INTERVALS[params.interval ?? '30d'];
  const end = Math.ceil((store.now() + 1) / resolutionMs) * resolutionMs;
  const start = end - buckets * resolutionMs;
  const filter = castFilter(selection(store, params, ftsQuery(params.q, false)));
  const counts = new Map<number, number>();
  for (const r of castCountsByBucket(store, filter, { start, end, bucketMs: resolutionMs }))
    counts.set(r.b, r.n);
  return {
    metrics: Array.from({ length: buckets }, (_, b) => ({
      start: isoTime(start + b * resolutionMs),
      resolution_in_seconds: resolutionMs / 1000,
      cast_count: counts.get(b) ?? 0,
    })),
  };
}
