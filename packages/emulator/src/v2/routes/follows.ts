// The social graph: followers and following lists, relevant followers, suggestions, and
// follow/unfollow (LinkAdd/LinkRemove messages through the one write path).
import type { Call, V2Handlers, V2Params } from '../../api/dispatch.js';
import { actAs } from '../../protocol/actions.js';
import { toHex } from '../../protocol/codec.js';
import { ValidationError } from '../../protocol/errors.js';
import type { Store } from '../../store/store.js';
import { decodeCursor, pageOf, type SortKey } from '../cursor.js';
import { hydrateUserList, requireUser, userDehydrated } from '../hydrate/user.js';
import { fidArray, viewOf } from './social-common.js';

/** How many relevant followers come fully hydrated; the rest are dehydrated. */
const TOP_RELEVANT = 5;
const ALL_RELEVANT = 100;

type Edge = { fid: number; ts: number; follower_count: number };

/**
 * One page of a fid's followers (`side` = 'followers') or followees. desc_chron walks the links
 * index by (ts, fid); algorithmic ranks by the other user's follower count.
 */
function edgePage(
  store: Store,
  side: 'followers' | 'following',
  fid: number,
  sort: 'desc_chron' | 'algorithmic',
  limit: number,
  cursor: string | undefined,
) {
  const [me, other] = side === 'followers' ? ['target_fid', 'fid'] : ['fid', 'target_fid'];
  const key = decodeCursor(cursor, 2);
  let rows: Edge[];
  let keyOf: (r: Edge) => SortKey;
  if (sort === 'algorithmic') {
    const [count, after] = key ?? [Number.MAX_SAFE_INTEGER, 0];
    rows = store
      .stmt(
        `SELECT u.fid, l.ts, u.follower_count FROM links l JOIN users u ON u.fid = l.${other}
         WHERE l.${me} = ? AND l.type = 'follow' AND (u.follower_count < ? OR (u.follower_count = ? AND u.fid > ?))
         ORDER BY u.follower_count DESC, u.fid ASC LIMIT ?`,
      )
      .all(fid, count, count, after, limit + 1) as Edge[];
    keyOf = (r) => [r.follower_count, r.fid];
  } else {
    const [ts, after] = key ?? [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
    rows = store
      .stmt(
        `SELECT l.${other} AS fid, l.ts, 0 AS follower_count FROM links l
         WHERE l.${me} = ? AND l.type = 'follow' AND (l.ts < ? OR (l.ts = ? AND l.${other} < ?))
         ORDER BY l.ts DESC, l.${other} DESC LIMIT ?`,
      )
      .all(fid, ts, ts, after, limit + 1) as Edge[];
    keyOf = (r) => [r.ts, r.fid];
  }
  return pageOf(rows, limit, keyOf);
}

function followerList(call: Call<V2Params<'fetchUserFollowers'>>, side: 'followers' | 'following') {
  const { store, params } = call;
  requireUser(store, params.fid, 'fid');
  const view = viewOf(call);
  const page = edgePage(
    store,
    side,
    params.fid,
    params.sort_type ?? 'desc_chron',
    params.limit,
    params.cursor,
  );
  const users = hydrateUserList(
    store,
    page.items.map((r) => r.fid),
    view,
  );
  return { users: users.map((user) => ({ object: 'follower' as const, user })), next: page.next };
}

export const followHandlers: V2Handlers = {
  fetchUserFollowers: (call) => followerList(call, 'followers'),
  fetchUserFollowing: (call) => followerList(call, 'following'),

  fetchRelevantFollowers(call) {
    const { store, params } = call;
    requireUser(store, params.target_fid, 'target_fid');
    const view = viewOf(call);
    // Followers of the target that the viewer follows, best known first.
    const fids = store
      .stmt(
        `SELECT l.fid FROM links l
         JOIN links v ON v.fid = ? AND v.type = 'follow' AND v.target_fid = l.fid
         JOIN users u ON u.fid = l.fid
         WHERE l.target_fid = ? AND l.type = 'follow'
         ORDER BY u.follower_count DESC, l.fid ASC LIMIT ?`,
      )
      .pluck()
      .all(params.viewer_fid, params.target_fid, ALL_RELEVANT) as number[];
    return relevant(store, fids, view);
  },

  fetchFollowSuggestions(call) {
    const { store, params } = call;
    requireUser(store, params.fid, 'fid');
    const view = viewOf(call);
    const { limit } = params;
    // Friends of friends the user does not follow yet (nor blocks), ranked by how many of the
    // user's follows follow them; topped up with the best-followed accounts for a new user.
    const fids = store
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
      .all({ fid: params.fid, limit }) as number[];
    if (fids.length < limit) {
      const more = store
        .stmt(
          `SELECT fid FROM users u WHERE u.fid != :fid
             AND NOT EXISTS (SELECT 1 FROM links x WHERE x.fid = :fid AND x.type = 'follow' AND x.target_fid = u.fid)
           ORDER BY follower_count DESC, fid ASC LIMIT :limit`,
        )
        .pluck()
        .all({ fid: params.fid, limit }) as number[];
      for (const f of more) if (fids.length < limit && !fids.includes(f)) fids.push(f);
    }
    return { users: hydrateUserList(store, fids, view), next: { cursor: null } };
  },

  async followUser(call) {
    return bulkLink(call.store, call.params, 'follow');
  },

  async unfollowUser(call) {
    return bulkLink(call.store, call.params, 'unfollow');
  },
};

/** The spec's RelevantFollowersResponse from ranked fids. */
export function relevant(store: Store, fids: number[], view: { viewerFid?: number; origin: string }) {
  const top = hydrateUserList(store, fids.slice(0, TOP_RELEVANT), view);
  const dehydrated = userDehydrated(store, fids, view.origin);
  return {
    top_relevant_followers_hydrated: top.map((user) => ({ object: 'follower' as const, user })),
    all_relevant_followers_dehydrated: fids
      .map((fid) => dehydrated.get(fid))
      .filter((u) => u !== undefined)
      .map((user) => ({ object: 'follower_dehydrated' as const, user })),
  };
}

/**
 * Follows or unfollows every target, all or nothing: one message per target that changes, committed
 * together. Following someone already followed is a no-op that reports the existing link;
 * unfollowing someone not followed reports success: false (nothing to remove).
 */
async function bulkLink(store: Store, params: V2Params<'followUser'>, action: 'follow' | 'unfollow') {
  const targets = fidArray(params.target_fids, 'target_fids');
  const me = actAs(store, params.signer_uuid);
  for (const t of targets) requireUser(store, t, 'target_fids');
  if (targets.includes(me.fid))
    throw new ValidationError(`fid ${me.fid} cannot ${action} itself`, 'target_fids');
  const details: { success: boolean; target_fid: number; hash: string }[] = [];
  const messages = [];
  for (const target of targets) {
    const existing = store
      .stmt(`SELECT hash FROM links WHERE fid = ? AND type = 'follow' AND target_fid = ?`)
      .pluck()
      .get(me.fid, target) as string | undefined;
    if (action === 'follow' && existing) {
      details.push({ success: true, target_fid: target, hash: existing });
    } else if (action === 'unfollow' && !existing) {
      details.push({ success: false, target_fid: target, hash: '' });
    } else {
      const message = action === 'follow' ? me.build.follow(target) : me.build.unfollow(target);
      messages.push(message);
      details.push({ success: true, target_fid: target, hash: toHex(message.hash) });
    }
  }
  await me.submit(messages);
  return { success: details.every((d) => d.success), details };
}
