// A profile's tabs of casts as CastSources, so they scroll in the same virtualized list as feeds.
import { fetchCastsForUser, fetchRepliesAndRecastsForUser, fetchUserReactions } from '@castkit/sdk/2.x';
import { queryKeys } from '../../data/query-keys';
import type { CastSource } from '../feed/feed-source';

export function profileSource(fid: number, tab: 'casts' | 'replies' | 'likes', viewer: number): CastSource {
  const key = queryKeys.users.casts(fid, tab, viewer);
  if (tab === 'likes') {
    return {
      key,
      page: async ({ v2 }, cursor) => {
        const r = await v2.call(fetchUserReactions, {
          fid,
          type: 'likes',
          viewerFid: viewer,
          limit: 25,
          cursor,
        });
        return { casts: r.reactions.map((x) => x.cast), cursor: r.next?.cursor ?? undefined };
      },
    };
  }
  if (tab === 'replies') {
    return {
      key,
      page: async ({ v2 }, cursor) => {
        const r = await v2.call(fetchRepliesAndRecastsForUser, {
          fid,
          filter: 'all',
          viewerFid: viewer,
          limit: 25,
          cursor,
        });
        return { casts: r.casts, cursor: r.next?.cursor ?? undefined };
      },
    };
  }
  return {
    key,
    page: async ({ v2 }, cursor) => {
      const r = await v2.call(fetchCastsForUser, {
        fid,
        viewerFid: viewer,
        limit: 25,
        cursor,
        includeReplies: false,
      });
      return { casts: r.casts, cursor: r.next?.cursor ?? undefined };
    },
  };
}
