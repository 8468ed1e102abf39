// Every list of casts the client shows, as one shape: a query key and a page fetcher over cursors.
import {
  type CastWithInteractions,
  fetchFeedByChannelIds,
  fetchFeedByParentUrls,
  fetchFeedForYou,
  fetchTrendingFeed,
  fetchUserFollowingFeed,
} from '@castkit/sdk/2.x';
import { queryKeys } from '../../data/query-keys';
import type { Sdk } from '../../data/use-sdk';

export interface CastPage {
  casts: CastWithInteractions[];
  cursor?: string;
}

export interface CastSource {
  key: readonly unknown[];
  page(sdk: Sdk, cursor: string | undefined): Promise<CastPage>;
}

export type FeedKind = 'following' | 'for_you' | 'trending' | 'channel' | 'parent_url';
export type TimeWindow = '1h' | '6h' | '12h' | '24h' | '7d';

export interface FeedSpec {
  kind: FeedKind;
  channel?: string;
  url?: string;
  window?: TimeWindow;
}

const PAGE = 25;
const page = (r: { casts: CastWithInteractions[]; next?: { cursor?: string | null } }): CastPage => ({
  casts: r.casts,
  cursor: r.next?.cursor ?? undefined,
});

export function feedSource(spec: FeedSpec, viewer: number): CastSource {
  switch (spec.kind) {
    case 'for_you':
      return {
        key: queryKeys.feeds.forYou(viewer),
        page: async ({ v2 }, cursor) =>
          page(await v2.call(fetchFeedForYou, { fid: viewer, viewerFid: viewer, limit: PAGE, cursor })),
      };
    case 'trending': {
      const timeWindow = spec.window ?? '24h';
      return {
        key: queryKeys.feeds.trending(timeWindow, viewer),
        page: async ({ v2 }, cursor) =>
          page(await v2.call(fetchTrendingFeed, { timeWindow, viewerFid: viewer, limit: 10, cursor })),
      };
    }
    case 'channel': {
      const id = spec.channel ?? '';
      return {
        key: queryKeys.feeds.channel(id, viewer),
        page: async ({ v2 }, cursor) =>
          page(
            await v2.call(fetchFeedByChannelIds, {
              channelIds: [id],
              viewerFid: viewer,
              limit: PAGE,
              cursor,
            }),
          ),
      };
    }
    case 'parent_url': {
      const url = spec.url ?? '';
      return {
        key: queryKeys.feeds.parentUrl(url, viewer),
        page: async ({ v2 }, cursor) =>
          page(
            await v2.call(fetchFeedByParentUrls, {
              parentUrls: [url],
              viewerFid: viewer,
              limit: PAGE,
              cursor,
            }),
          ),
      };
    }
    default:
      return {
        key: queryKeys.feeds.following(viewer),
        page: async ({ v2 }, cursor) =>
          page(
            await v2.call(fetchUserFollowingFeed, { fid: viewer, viewerFid: viewer, limit: PAGE, cursor }),
          ),
      };
  }
}
