// Cast search over the FTS5 index (literal: every word; semantic/hybrid: any word, ranked by bm25
// mixed with recency) and cast counts over time for a query (fetchCastMetrics).
import type { CastsMetricsResponse, CastsSearchResponse } from '@castkit/sdk';
import type { V2Params } from '../../api/dispatch.js';
import { ValidationError } from '../../protocol/errors.js';
import type { Store } from '../../store/store.js';
import { isoTime } from '../hydrate/cast-rows.js';
import { requireChannel } from '../hydrate/channel.js';
import { chronologicalPage, rankedPage, type Viewer } from './page.js';

const DAY_MS = 86_400_000;

/** An FTS5 query from free text: each word quoted (so operators in user text are just words). */
export function ftsQuery(q: string, any: boolean): string {
  const words = q.match(/[\p{L}\p{N}_]+/gu) ?? [];
  if (!words.length) throw new ValidationError('q must contain at least one word', 'q');
  return words.map((w) => `"${w}"`).join(any ? ' OR ' : ' ');
}

/** The filters search and metrics share. */
interface Filters {
  author_fid?: number;
  channel_id?: string;
  parent_url?: string;
}

function filters(store: Store, params: Filters, match: string) {
  const where = ['c.rowid IN (SELECT rowid FROM casts_fts WHERE casts_fts MATCH ?)'];
  const binds: unknown[] = [match];
  if (params.author_fid !== undefined) {
    where.push('c.fid = ?');
    binds.push(params.author_fid);
  }
  if (params.channel_id !== undefined) {
    where.push('c.channel_id = ?');
    binds.push(requireChannel(store, params.channel_id).id);
  }
  if (params.parent_url !== undefined) {
    where.push('c.root_parent_url = ?');
    binds.push(params.parent_url);
  }
  return { where, binds };
}

export function searchCasts(
  store: Store,
  params: V2Params<'searchCasts'>,
  viewer: Viewer,
): CastsSearchResponse {
  const mode = params.mode ?? 'literal';
  const ranked = params.sort_type ? params.sort_type === 'algorithmic' : mode !== 'literal';
  const match = ftsQuery(params.q, mode !== 'literal');
  const filter = filters(store, params, match);
  if (!ranked) {
    const page = chronologicalPage(store, params, filter, viewer);
    return { result: { casts: page.casts, next: page.next } };
  }
  // Ranked: relevance (bm25, lower is better) plus a recency boost that halves every few days.
  // The cursor keeps the time the first page was ranked at, so later pages rank the same way.
  const where = [...filter.where.slice(1), 'c.deleted = 0'];
  const page = rankedPage(
    store,
    params,
    (anchor) => ({
      sql: `SELECT c.hash, -bm25(casts_fts) + 2.0 / (1.0 + (? - c.ts) / ${DAY_MS}.0) AS s
            FROM casts_fts JOIN casts c ON c.rowid = casts_fts.rowid
            WHERE casts_fts MATCH ? AND ${where.join(' AND ')}`,
      binds: [anchor, match, ...filter.binds.slice(1)],
    }),
    viewer,
  );
  return { result: { casts: page.casts, next: page.next } };
}

type Interval = NonNullable<V2Params<'fetchCastMetrics'>['interval']>;

const INTERVALS: Record<Interval, { buckets: number; resolutionMs: number }> = {
  '1d': { buckets: 24, resolutionMs: 3_600_000 },
  '7d': { buckets: 28, resolutionMs: 6 * 3_600_000 },
  '30d': { buckets: 30, resolutionMs: DAY_MS },
};

export function castMetrics(store: Store, params: V2Params<'fetchCastMetrics'>): CastsMetricsResponse {
  const { buckets, resolutionMs } = INTERVALS[params.interval ?? '30d'];
  const end = Math.ceil((store.now() + 1) / resolutionMs) * resolutionMs;
  const start = end - buckets * resolutionMs;
  const filter = filters(store, params, ftsQuery(params.q, false));
  const counts = new Map<number, number>();
  const rows = store
    .stmt(
      `SELECT CAST((c.ts - ?) / ? AS INTEGER) AS b, COUNT(*) AS n FROM casts c
       WHERE c.deleted = 0 AND c.ts >= ? AND c.ts < ? AND ${filter.where.join(' AND ')} GROUP BY b`,
    )
    .all(start, resolutionMs, start, end, ...filter.binds) as { b: number; n: number }[];
  for (const r of rows) counts.set(r.b, r.n);
  return {
    metrics: Array.from({ length: buckets }, (_, b) => ({
      start: isoTime(start + b * resolutionMs),
      resolution_in_seconds: resolutionMs / 1000,
      cast_count: counts.get(b) ?? 0,
    })),
  };
}
