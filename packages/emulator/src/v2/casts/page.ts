// Keyset pages of casts: routes say which casts (a WHERE clause), this fetches `limit + 1` rows
// after the cursor's sort key and hydrates the page. Never OFFSET: a page costs the same at any depth.
import type { FeedResponse } from '@castkit/sdk';
import type { Store } from '../../store/store.js';
import { decodeCursor, pageOf, type SortKey } from '../cursor.js';
import { hydrateCastList } from '../hydrate/cast.js';

export interface Viewer {
  viewerFid?: number;
  origin: string;
}

/** The paging parameters every list operation has (limit defaults in the spec). */
export interface PageParams {
  limit: number;
  cursor?: string;
}

export interface CastFilter {
  /** SQL conditions on `casts c`, ANDed. */
  where: string[];
  binds: unknown[];
  /** Extra joins after `FROM casts c`. */
  join?: string;
}

/** Newest first by (ts, hash): the order of every chronological feed. */
export function chronologicalPage(
  store: Store,
  params: PageParams,
  filter: CastFilter,
  viewer: Viewer,
): FeedResponse {
  const { limit } = params;
  const after = decodeCursor(params.cursor, 2);
  const where = ['c.deleted = 0', ...filter.where];
  const binds = [...filter.binds];
  if (after) {
    // Written as a range on ts first so SQLite can use the (…, ts) indexes; hash breaks ties.
    where.push('c.ts <= ? AND (c.ts < ? OR c.hash < ?)');
    binds.push(after[0], after[0], after[1]);
  }
  const rows = store
    .stmt(
      `SELECT c.hash, c.ts FROM casts c ${filter.join ?? ''} WHERE ${where.join(' AND ')}
       ORDER BY c.ts DESC, c.hash DESC LIMIT ?`,
    )
    .all(...binds, limit + 1) as { hash: string; ts: number }[];
  return castPage(store, rows, limit, (r) => [r.ts, r.hash], viewer);
}

/** Hydrates a page of rows fetched with LIMIT limit + 1, in their order. */
export function castPage<T extends { hash: string }>(
  store: Store,
  rows: T[],
  limit: number,
  keyOf: (row: T) => SortKey,
  viewer: Viewer,
): FeedResponse {
  const { items, next } = pageOf(rows, limit, keyOf);
  return { casts: hydrateCastList(store, dedupe(items.map((r) => r.hash)), viewer), next };
}

export const viewerOf = (params: { viewer_fid?: number }, origin: string): Viewer => ({
  viewerFid: params.viewer_fid,
  origin,
});

function dedupe(hashes: string[]): string[] {
  return [...new Set(hashes)];
}

/**
 * A page over (hash, k) rows from `inner` (a SELECT yielding both, possibly the same hash several
 * times, e.g. a cast and its recasts): each cast once, at its highest k, newest first.
 */
export function keyedPage(
  store: Store,
  params: PageParams,
  inner: string,
  binds: unknown[],
  viewer: Viewer,
): FeedResponse {
  const { limit } = params;
  const after = decodeCursor(params.cursor, 2);
  const rows = store
    .stmt(
      `SELECT hash, MAX(k) AS k FROM (${inner}) GROUP BY hash
       HAVING ? IS NULL OR k < ? OR (k = ? AND hash < ?) ORDER BY k DESC, hash DESC LIMIT ?`,
    )
    .all(...binds, after ? 1 : null, after?.[0] ?? 0, after?.[0] ?? 0, after?.[1] ?? '', limit + 1) as {
    hash: string;
    k: number;
  }[];
  return castPage(store, rows, limit, (r) => [r.k, r.hash], viewer);
}

/**
 * A page of casts ranked by a score taken at an anchor time, highest first. `scored(anchor)` is
 * a SELECT yielding (hash, s); the first page's anchor travels in the cursor, so later pages rank
 * the same way while time moves on.
 */
export function rankedPage(
  store: Store,
  params: PageParams,
  scored: (anchor: number) => { sql: string; binds: unknown[] },
  viewer: Viewer,
): FeedResponse {
  const { limit } = params;
  const after = decodeCursor(params.cursor, 3);
  const anchor = after ? Number(after[0]) : store.now();
  const { sql, binds } = scored(anchor);
  const rows = store
    .stmt(
      `WITH m AS MATERIALIZED (${sql})
       SELECT hash, s FROM m WHERE ? IS NULL OR s < ? OR (s = ? AND hash < ?) ORDER BY s DESC, hash DESC LIMIT ?`,
    )
    .all(...binds, after ? 1 : null, after?.[1] ?? 0, after?.[1] ?? 0, after?.[2] ?? '', limit + 1) as {
    hash: string;
    s: number;
  }[];
  return castPage(store, rows, limit, (r) => [anchor, r.s, r.hash], viewer);
}
