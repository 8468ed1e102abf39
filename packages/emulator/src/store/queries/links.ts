// Links between fids (follows): who follows whom, pages of either side, suggestions.
import type { Store } from '../store.js';
import { type KeysetPage, type KeysetQuery, keysetPage, type PageWindow } from './keyset.js';
import type { KeyHolder } from './messages.js';

export function linkByKey(store: Store, fid: number, type: string, targetFid: number): KeyHolder | undefined {
  return store
    .stmt('SELECT hash, ts FROM links WHERE fid = ? AND type = ? AND target_fid = ?')
    .get(fid, type, targetFid) as KeyHolder | undefined;
}

export function insertLink(
  store: Store,
  row: { fid: number; type: string; targetFid: number; hash: string; ts: number },
): void {
  store
    .stmt('INSERT INTO links (fid, type, target_fid, hash, ts) VALUES (?, ?, ?, ?, ?)')
    .run(row.fid, row.type, row.targetFid, row.hash, row.ts);
}

export function deleteLink(store: Store, fid: number, type: string, targetFid: number): void {
  store.stmt('DELETE FROM links WHERE fid = ? AND type = ? AND target_fid = ?').run(fid, type, targetFid);
}

/** The hashes of a fid's links of one type, oldest first. */
export function linkHashesByFidPage(
  store: Store,
  fid: number,
  type: string,
  w: PageWindow,
): KeysetPage<{ hash: string; ts: number; target_fid: number }> {
  return keysetPage(
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
  return keysetPage(
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
  keysetPage<FollowEdge>(store, edgeQuery('target_fid', 'fid', fid, sort), w);

/** Whom `fid` follows, ordered as followersPage. */
export const followingPage = (store: Store, fid: number, sort: FollowSort, w: PageWindow) =>
  keysetPage<FollowEdge>(store, edgeQuery('fid', 'target_fid', fid, sort), w);

/**
 * desc_chron walks the links index by (ts, other fid); algorithmic ranks by the other user's
 * follower count (0 stands in for it in desc_chron rows, which do not read users).
 */
function edgeQuery(
  me: 'fid' | 'target_fid',
  other: 'fid' | 'target_fid',
  fid: number,
  sort: FollowSort,
): KeysetQuery {
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

/** Followers of `targetFid` that `viewerFid` follows, best-followed first, at most `limit`. */
export function relevantFollowerFids(
  store: Store,
  viewerFid: number,
  targetFid: number,
  limit: number,
): number[] {
  return store
    .stmt(
      `SELECT l.fid FROM links l
       JOIN links v ON v.fid = ? AND v.type = 'follow' AND v.target_fid = l.fid
       JOIN users u ON u.fid = l.fid
       WHERE l.target_fid = ? AND l.type = 'follow'
       ORDER BY u.follower_count DESC, l.fid ASC LIMIT ?`,
    )
    .pluck()
    .all(viewerFid, targetFid, limit) as number[];
}

/**
 * Friends of friends `fid` does not follow yet (nor blocks), ranked by how many of its follows
 * follow them, then by follower count; at most `limit`.
 */
export function friendsOfFriendsFids(store: Store, fid: number, limit: number): number[] {
  return store
    .stmt(
      `SELECT l2.target_fid FROM links l1
       JOIN links l2 ON l2.fid = l1.target_fid AND l2.type = 'follow'
       JOIN users u ON u.fid = l2.target_fid
       WHERE l1.fid = :fid AND l1.type = 'follow' AND l2.target_fid != :fid
         AND NOT EXISTS (SELECT 1 FROM links x WHERE x.fid = :fid AND x.type = 'follow' AND x.target_fid = l2.target_fid)
         AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_fid = :fid AND b.blocked_fid = l2.target_fid)
       GROUP BY l2.target_fid ORDER BY COUNT(*) DESC, u.follower_count DESC, l2.target_fid ASC LIMIT :limit`,
    )
    .pluck()
    .all({ fid, limit }) as number[];
}

/** The best-followed users other than `fid` that it does not follow, at most `limit`. */
export function mostFollowedUnfollowedFids(store: Store, fid: number, limit: number): number[] {
  return store
    .stmt(
      `SELECT fid FROM users u WHERE u.fid != :fid
         AND NOT EXISTS (SELECT 1 FROM links x WHERE x.fid = :fid AND x.type = 'follow' AND x.target_fid = u.fid)
       ORDER BY follower_count DESC, fid ASC LIMIT :limit`,
    )
    .pluck()
    .all({ fid, limit }) as number[];
}

/** When `fid` followed `target`, if it does. */
export function followedAt(store: Store, fid: number, target: number): number | undefined {
  return store
    .stmt(`SELECT ts FROM links WHERE fid = ? AND type = 'follow' AND target_fid = ?`)
    .pluck()
    .get(fid, target) as number | undefined;
}
