// Links between fids (follows): who follows whom, pages of either side, suggestions.

import { column, rows, write } from '../statements.js';
import type { Store } from '../store.js';
import { type KeysetPage, type KeysetQuery, type PageWindow, pager } from './keyset.js';
import type { KeyHolder } from './messages.js';
import { shownTo } from './moderation.js';

const LINK_BY_KEY = rows<[fid: number, type: string, targetFid: number], KeyHolder>(
  'SELECT hash, ts FROM links WHERE fid = ? AND type = ? AND target_fid = ?',
);

export function linkByKey(store: Store, fid: number, type: string, targetFid: number): KeyHolder | undefined {
  return LINK_BY_KEY.get(store, fid, type, targetFid);
}

const INSERT_LINK = write<[fid: number, type: string, targetFid: number, hash: string, ts: number]>(
  'INSERT INTO links (fid, type, target_fid, hash, ts) VALUES (?, ?, ?, ?, ?)',
);

export function insertLink(
  store: Store,
  row: { fid: number; type: string; targetFid: number; hash: string; ts: number },
): void {
  INSERT_LINK.run(store, row.fid, row.type, row.targetFid, row.hash, row.ts);
}

const DELETE_LINK = write<[fid: number, type: string, targetFid: number]>(
  'DELETE FROM links WHERE fid = ? AND type = ? AND target_fid = ?',
);

export function deleteLink(store: Store, fid: number, type: string, targetFid: number): void {
  DELETE_LINK.run(store, fid, type, targetFid);
}

const HASH_TS_TARGET_FID_PAGES = pager<{ hash: string; ts: number; target_fid: number }>();
const HASH_TS_FID_PAGES = pager<{ hash: string; ts: number; fid: number }>();
const FOLLOW_EDGE_PAGES = pager<FollowEdge>();

/** The hashes of a fid's links of one type, oldest first. */
export function linkHashesByFidPage(
  store: Store,
  fid: number,
  type: string,
  w: PageWindow,
): KeysetPage<{ hash: string; ts: number; target_fid: number }> {
  return HASH_TS_TARGET_FID_PAGES.page(
    store,
    {
      select: 'SELECT hash, ts, target_fid FROM links',
      where: ['fid = ?', 'type = ?'],
      binds: [fid, type],
      order: [
        { sql: 'ts', as: 'ts', dir: 'asc' },
        { sql: 'target_fid', as: 'target_fid', dir: 'asc' },
      ],
    },
    w,
  );
}

/** The hashes of the links of one type to a fid, oldest first. */
export function linkHashesToFidPage(
  store: Store,
  targetFid: number,
  type: string,
  w: PageWindow,
): KeysetPage<{ hash: string; ts: number; fid: number }> {
  return HASH_TS_FID_PAGES.page(
    store,
    {
      select: 'SELECT hash, ts, fid FROM links',
      where: ['target_fid = ?', 'type = ?'],
      binds: [targetFid, type],
      order: [
        { sql: 'ts', as: 'ts', dir: 'asc' },
        { sql: 'fid', as: 'fid', dir: 'asc' },
      ],
    },
    w,
  );
}

/** One follow edge of a list: the other fid, when the follow was made, the other's follower count. */
export type FollowEdge = { fid: number; ts: number; follower_count: number };
export type FollowSort = 'desc_chron' | 'algorithmic';

/** Who follows `fid`: newest follow first (desc_chron), or best-followed first (algorithmic). */
export const followersPage = (store: Store, fid: number, sort: FollowSort, w: PageWindow) =>
  FOLLOW_EDGE_PAGES.page(store, edgeQuery('target_fid', 'fid', fid, sort), w);

/** Whom `fid` follows, ordered as followersPage. */
export const followingPage = (store: Store, fid: number, sort: FollowSort, w: PageWindow) =>
  FOLLOW_EDGE_PAGES.page(store, edgeQuery('fid', 'target_fid', fid, sort), w);

/**
 * desc_chron walks the links index by (ts, other fid); algorithmic ranks by the other user's
 * follower count (0 stands in for it in desc_chron rows, which do not read users).
 */
function edgeQuery(
  me: 'fid' | 'target_fid',
  other: 'fid' | 'target_fid',
  fid: number,
  sort: FollowSort,
): KeysetQuery<keyof FollowEdge> {
  const where = [`l.${me} = ?`, "l.type = 'follow'"];
  if (sort === 'algorithmic') {
    return {
      select: `SELECT u.fid, l.ts, u.follower_count FROM links l JOIN users u ON u.fid = l.${other}`,
      where,
      binds: [fid],
      order: [
        { sql: 'u.follower_count', as: 'follower_count', dir: 'desc' },
        { sql: 'u.fid', as: 'fid', dir: 'asc' },
      ],
    };
  }
  return {
    select: `SELECT l.${other} AS fid, l.ts, 0 AS follower_count FROM links l`,
    where,
    binds: [fid],
    order: [
      { sql: 'l.ts', as: 'ts', dir: 'desc' },
      { sql: `l.${other}`, as: 'fid', dir: 'desc' },
    ],
  };
}

const RELEVANT_FOLLOWER_FIDS = column<
  [viewerFid: number, targetFid: number, limit: number],
  number
>(`SELECT l.fid FROM links l
       JOIN links v ON v.fid = ? AND v.type = 'follow' AND v.target_fid = l.fid
       JOIN users u ON u.fid = l.fid
       WHERE l.target_fid = ? AND l.type = 'follow' AND ${shownTo('v.fid', 'l.fid')}
       ORDER BY u.follower_count DESC, l.fid ASC LIMIT ?`);

/**
 * Followers of `targetFid` that `viewerFid` follows and has not muted or blocked (nor been blocked
 * by), best-followed first, at most `limit`.
 */
export function relevantFollowerFids(
  store: Store,
  viewerFid: number,
  targetFid: number,
  limit: number,
): number[] {
  return RELEVANT_FOLLOWER_FIDS.all(store, viewerFid, targetFid, limit);
}

const FRIENDS_OF_FRIENDS_FIDS = column<
  [{ fid: number; limit: number }],
  number
>(`SELECT l2.target_fid FROM links l1
       JOIN links l2 ON l2.fid = l1.target_fid AND l2.type = 'follow'
       JOIN users u ON u.fid = l2.target_fid
       WHERE l1.fid = :fid AND l1.type = 'follow' AND l2.target_fid != :fid
         AND NOT EXISTS (SELECT 1 FROM links x WHERE x.fid = :fid AND x.type = 'follow' AND x.target_fid = l2.target_fid)
         AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_fid = :fid AND b.blocked_fid = l2.target_fid)
       GROUP BY l2.target_fid ORDER BY COUNT(*) DESC, u.follower_count DESC, l2.target_fid ASC LIMIT :limit`);

/**
 * Friends of friends `fid` does not follow yet (nor blocks), ranked by how many of its follows
 * follow them, then by follower count; at most `limit`.
 */
export function friendsOfFriendsFids(store: Store, fid: number, limit: number): number[] {
  return FRIENDS_OF_FRIENDS_FIDS.all(store, { fid, limit });
}

const MOST_FOLLOWED_UNFOLLOWED_FIDS = column<
  [{ fid: number; limit: number }],
  number
>(`SELECT fid FROM users u WHERE u.fid != :fid
         AND NOT EXISTS (SELECT 1 FROM links x WHERE x.fid = :fid AND x.type = 'follow' AND x.target_fid = u.fid)
       ORDER BY follower_count DESC, fid ASC LIMIT :limit`);

/** The best-followed users other than `fid` that it does not follow, at most `limit`. */
export function mostFollowedUnfollowedFids(store: Store, fid: number, limit: number): number[] {
  return MOST_FOLLOWED_UNFOLLOWED_FIDS.all(store, { fid, limit });
}

const FOLLOWED_AT = column<[fid: number, target: number], number>(
  `SELECT ts FROM links WHERE fid = ? AND type = 'follow' AND target_fid = ?`,
);

/** When `fid` followed `target`, if it does. */
export function followedAt(store: Store, fid: number, target: number): number | undefined {
  return FOLLOWED_AT.get(store, fid, target);
}

const FOLLOWER_FIDS = column<[targetFid: number], number>(
  "SELECT fid FROM links WHERE target_fid = ? AND type = 'follow' ORDER BY fid",
);

/** Every fid following `fid`, whatever their mutes or blocks (a move carries all of them). */
export function followerFids(store: Store, fid: number): number[] {
  return FOLLOWER_FIDS.all(store, fid);
}
