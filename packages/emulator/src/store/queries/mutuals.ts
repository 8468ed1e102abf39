// Mutual follows: who follows a fid and is followed back, and the best friends among them, ranked
// by the interactions between the two. Both read only the links, casts and reactions the write path
// keeps, through their indexes (a fid's own casts and reactions, the replies to its casts, the
// reactions to it).
import type { Store } from '../store.js';
import { type KeysetPage, type KeysetQuery, type PageWindow, pager } from './keyset.js';
import type { FollowSort } from './links.js';

/** One reciprocal follow: the other fid, when the second of the two follows was made, its follower count. */
export type MutualEdge = { fid: number; ts: number; follower_count: number };
const MUTUAL_PAGES = pager<MutualEdge>();

/** Users who follow `fid` and whom `fid` follows: newest mutual first, or best-followed first. */
export function reciprocalFollowersPage(
  store: Store,
  fid: number,
  sort: FollowSort,
  w: PageWindow,
): KeysetPage<MutualEdge> {
  const q: KeysetQuery<keyof MutualEdge> = {
    select: `SELECT l.fid, MAX(l.ts, m.ts) AS ts, u.follower_count FROM links l
      JOIN links m ON m.fid = ? AND m.type = 'follow' AND m.target_fid = l.fid
      JOIN users u ON u.fid = l.fid`,
    where: ['l.target_fid = ?', "l.type = 'follow'"],
    binds: [fid, fid],
    order:
      sort === 'algorithmic'
        ? [
            { sql: 'u.follower_count', as: 'follower_count', dir: 'desc' },
            { sql: 'l.fid', as: 'fid', dir: 'asc' },
          ]
        : [
            { sql: 'MAX(l.ts, m.ts)', as: 'ts', dir: 'desc' },
            { sql: 'l.fid', as: 'fid', dir: 'desc' },
          ],
  };
  return MUTUAL_PAGES.page(store, q, w);
}

/** A best friend: the other fid, its username, and the score of the interactions between the two. */
export type FriendScore = { fid: number; username: string; score: number };
const FRIEND_PAGES = pager<FriendScore>();

/**
 * The weight of each interaction, counted in both directions between `fid` and each mutual follow:
 * a reply 3, a recast 2, a mention 2, a like 1 (a reply or a mention is a conversation, a like a nod).
 */
export const INTERACTION_WEIGHTS = { reply: 3, recast: 2, mention: 2, like: 1 } as const;

/**
 * `fid`'s reciprocal follows ranked by the sum of the weighted interactions between them, both
 * ways (live casts only), highest first, then by fid; a mutual follow with no interaction scores 0.
 */
export function bestFriendsPage(store: Store, fid: number, w: PageWindow): KeysetPage<FriendScore> {
  const W = INTERACTION_WEIGHTS;
  const reaction = `CASE type WHEN 1 THEN ${W.like} ELSE ${W.recast} END`;
  return FRIEND_PAGES.page(
    store,
    {
      with: `WITH mutual(fid) AS (
          SELECT l.fid FROM links l
          JOIN links m ON m.fid = ? AND m.type = 'follow' AND m.target_fid = l.fid
          WHERE l.target_fid = ? AND l.type = 'follow'),
        acts(other, w) AS (
          SELECT parent_fid, ${W.reply} FROM casts WHERE fid = ? AND parent_fid IS NOT NULL AND deleted = 0
          UNION ALL SELECT c.fid, ${W.reply} FROM casts p JOIN casts c ON c.parent_hash = p.hash
            WHERE p.fid = ? AND c.deleted = 0
          UNION ALL SELECT target_fid, ${reaction} FROM reactions WHERE fid = ? AND target_fid IS NOT NULL
          UNION ALL SELECT fid, ${reaction} FROM reactions WHERE target_fid = ?
          UNION ALL SELECT j.value, ${W.mention} FROM casts c, json_each(c.mentions) j
            WHERE c.fid = ? AND c.deleted = 0
          UNION ALL SELECT c.fid, ${W.mention} FROM cast_mentions m JOIN casts c ON c.hash = m.cast_hash
            WHERE m.fid = ? AND c.deleted = 0),
        scored(fid, score) AS (
          SELECT mu.fid, COALESCE(SUM(a.w), 0) FROM mutual mu LEFT JOIN acts a ON a.other = mu.fid
          GROUP BY mu.fid)`,
      select: 'SELECT s.fid, u.username, s.score FROM scored s JOIN users u ON u.fid = s.fid',
      binds: [fid, fid, fid, fid, fid, fid, fid, fid],
      order: [
        { sql: 's.score', as: 'score', dir: 'desc' },
        { sql: 's.fid', as: 'fid', dir: 'asc' },
      ],
    },
    w,
  );
}
