// The social graph: followers and following lists, relevant followers, suggestions, and
// follow/unfollow (LinkAdd/LinkRemove messages through the one write path).
import type { Call, V2Handlers, V2Params } from '../../api/dispatch.js';
import { toHex } from '../../ground/codec.js';
import { ValidationError } from '../../ground/errors.js';
import { hydrateUserList, requireUser, userDehydrated } from '../../hydrate/user.js';
import { actAs } from '../../protocol/actions.js';
import {
  followersPage,
  followingPage,
  friendsOfFriendsFids,
  linkByKey,
  mostFollowedUnfollowedFids,
  relevantFollowerFids,
} from '../../store/queries/links.js';
import type { Store } from '../../store/store.js';
import { nextCursor, pageWindow } from '../cursor.js';
import { fidArray, viewOf } from './social-common.js';

/** How many relevant followers come fully hydrated; the rest are dehydrated. */
const TOP_RELEVANT = 5;
const ALL_RELEVANT = 100;

function followerList(call: Call<V2Params<'fetchUserFollowers'>>, side: 'followers' | 'following') {
  const { store, params } = call;
  requireUser(store, params.fid, 'fid');
  const view = viewOf(call);
  const list = side === 'followers' ? followersPage : followingPage;
  const page = list(store, params.fid, params.sort_type ?? 'desc_chron', pageWindow(params, 2));
  const users = hydrateUserList(
    store,
    page.rows.map((r) => r.fid),
    view,
  );
  return { users: users.map((user) => ({ object: 'follower' as const, user })), next: nextCursor(page.next) };
}

export const followHandlers: V2Handlers = {
  fetchUserFollowers: (call) => followerList(call, 'followers'),
  fetchUserFollowing: (call) => followerList(call, 'following'),

  fetchRelevantFollowers(call) {
    const { store, params } = call;
    requireUser(store, params.target_fid, 'target_fid');
    const view = viewOf(call);
    // Followers of the target that the viewer follows, best known first.
    const fids = relevantFollowerFids(store, params.viewer_fid, params.target_fid, ALL_RELEVANT);
    return relevant(store, fids, view);
  },

  fetchFollowSuggestions(call) {
    const { store, params } = call;
    requireUser(store, params.fid, 'fid');
    const view = viewOf(call);
    const { limit } = params;
    // Friends of friends first, topped up with the best-followed accounts for a new user.
    const fids = friendsOfFriendsFids(store, params.fid, limit);
    if (fids.length < limit) {
      const more = mostFollowedUnfollowedFids(store, params.fid, limit);
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
    const existing = linkByKey(store, me.fid, 'follow', target)?.hash;
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
