// Keyset pages of casts as feeds: store/queries/casts.ts says which hashes (a page after the cursor's
// sort key), this hydrates them and wraps the key of the last one as the next cursor.
import type { V2Response } from '../../api/dispatch.js';
import { hydrateCastList } from '../../hydrate/cast.js';
import {
  type CastFilter,
  castsPage,
  keyedCastsPage,
  type Subquery,
  type TimeOrder,
} from '../../store/queries/casts.js';
import type { KeysetPage, PageWindow } from '../../store/queries/keyset.js';
import type { Store } from '../../store/store.js';
import { decodeCursor, nextCursor, pageWindow, type SortKey } from '../cursor.js';

/** A page of casts as every feed answers it, in both generations' shape. */
export type FeedAnswer = V2Response<'fetchFeed'>;

export type { CastFilter };

export interface Viewer {
  viewerFid?: number;
  origin: string;
}

/** The paging parameters every list operation has (limit defaults in the spec). */
export interface PageParams {
  limit: number;
  cursor?: string;
}

/** By (ts, hash), newest first (the order of every chronological feed) unless asked oldest first. */
export function chronologicalPage(
  store: Store,
  params: PageParams,
  filter: CastFilter,
  viewer: Viewer,
  order: TimeOrder = 'newest',
): FeedAnswer {
  return feedOf(store, castsPage(store, filter, pageWindow(params, 2), order), viewer);
}

/** Hydrates a page of rows fetched with LIMIT limit + 1, in their order. */
export function castPage<T extends { hash: string }>(
  store: Store,
  rows: T[],
  limit: number,
  keyOf: (row: T) => SortKey,
  viewer: Viewer,
): FeedAnswer {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return feedOf(store, { rows: page, next: rows.length > limit && last ? keyOf(last) : null }, viewer);
}

/** The feed response for a page of cast hashes. */
export function feedOf(store: Store, page: KeysetPage<{ hash: string }>, viewer: Viewer): FeedAnswer {
  const hashes = [...new Set(page.rows.map((r) => r.hash))];
  return { casts: hydrateCastList(store, hashes, viewer), next: nextCursor(page.next) };
}

export const viewerOf = (params: { viewer_fid?: number }, origin: string): Viewer => ({
  viewerFid: params.viewer_fid,
  origin,
});

/**
 * A page over (hash, k) rows from `inner` (a store/queries query yielding both, possibly the same
 * hash several times, e.g. a cast and its recasts): each cast once, at its highest k, newest first.
 */
export function keyedPage(store: Store, params: PageParams, inner: Subquery, viewer: Viewer): FeedAnswer {
  return feedOf(store, keyedCastsPage(store, inner, pageWindow(params, 2)), viewer);
}

/**
 * A page of casts ranked by a score taken at an anchor time, highest first. `ranked(anchor, w)`
 * is a store/queries page of (hash, s) keyed by (s, hash); the first page's anchor travels in
 * the cursor, so later pages rank the same way while time moves on.
 */
export function rankedPage(
  store: Store,
  params: PageParams,
  ranked: (anchor: number, w: PageWindow) => KeysetPage<{ hash: string }>,
  viewer: Viewer,
): FeedAnswer {
  const key = decodeCursor(params.cursor, 3);
  const anchor = key ? Number(key[0]) : store.now();
  const page = ranked(anchor, { after: key?.slice(1), limit: params.limit });
  return feedOf(store, { rows: page.rows, next: page.next && [anchor, ...page.next] }, viewer);
}
