// Mutual follows: a fid's reciprocal followers, and its best friends among them ranked by how much
// the two interact (store/queries/mutuals.ts says the weights).
import type { V2Handlers } from '../../api/dispatch.js';
import { hydrateUserList, requireUser } from '../../hydrate/user.js';
import { isoTime } from '../../store/clock.js';
import { bestFriendsPage, reciprocalFollowersPage } from '../../store/queries/mutuals.js';
import { nextCursor, pageWindow } from '../cursor.js';
import { viewOf } from './social-common.js';

export const mutualHandlers: V2Handlers = {
  fetchUserReciprocalFollowers(call) {
    const { store, params } = call;
    requireUser(store, params.fid, 'fid');
    const view = viewOf(call);
    const page = reciprocalFollowersPage(
      store,
      params.fid,
      params.sort_type ?? 'algorithmic',
      pageWindow(params, 2),
    );
    const since = new Map(page.rows.map((r) => [r.fid, r.ts]));
    const users = hydrateUserList(
      store,
      page.rows.map((r) => r.fid),
      view,
    );
    return {
      users: users.map((user) => ({
        object: 'reciprocal_follower' as const,
        user,
        timestamp: isoTime(since.get(user.fid) ?? 0),
      })),
      next: nextCursor(page.next),
    };
  },

  getUserBestFriends({ store, params }) {
    requireUser(store, params.fid, 'fid');
    const page = bestFriendsPage(store, params.fid, pageWindow(params, 2));
    return {
      users: page.rows.map((r) => ({ fid: r.fid, username: r.username, mutual_affinity_score: r.score })),
      next: nextCursor(page.next),
    };
  },
};
