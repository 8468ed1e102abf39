// Both generations' wire types as one map per API, keyed by today's operation name: what a handler
// receives (the parameters as the caller's generation's spec reads them) and must answer (a body
// valid for every generation that declares the operation).
import type { CastWithInteractions, FeedResponse, NextCursor, User } from '@castkit/sdk/2.x';
import type { Api3Wire } from '../generated/api3-wire.js';
import type { HubWire } from '../generated/hub-wire.js';
import type { Hub3Wire } from '../generated/hub3-wire.js';
import type { V2Wire } from '../generated/v2-wire.js';
import type { RequestsPending } from './operations.js';

/** 2.44's names of the operations 3.x renamed, keyed by today's name (api/operations.ts RENAMED). */
interface Renamed {
  lookupCastByHashOrUrl: 'lookupCastByHashOrWarpcastUrl';
}

interface WireEntry {
  params: unknown;
  response: unknown;
}

/** One generation's entry for an operation under today's name (or its former one), `never` where it has none. */
type EntryOf<W, K> = K extends keyof W
  ? W[K]
  : K extends keyof Renamed
    ? Renamed[K] extends keyof W
      ? W[Renamed[K]]
      : never
    : never;

/**
 * Operations both generations declare whose handler still answers 2.44's shape, not yet one valid for
 * 3.x callers too: held to 2.44's response type until their answer is a superset of both (issue 28).
 */
export type ShapesPending =
  | 'fetchAllChannels'
  | 'fetchAllNotifications'
  | 'fetchBanList'
  | 'fetchBlockList'
  | 'fetchBulkCasts'
  | 'fetchBulkChannels'
  | 'fetchBulkUsers'
  | 'fetchBulkUsersByEthOrSolAddress'
  | 'fetchCastReactions'
  | 'fetchCastsForUser'
  | 'fetchChannelInvites'
  | 'fetchChannelMembers'
  | 'fetchChannelNotificationsForUser'
  | 'fetchFeed'
  | 'fetchFeedByChannelIds'
  | 'fetchFeedByParentUrls'
  | 'fetchFeedForYou'
  | 'fetchFollowSuggestions'
  | 'fetchFollowersForAChannel'
  | 'fetchFrameCatalog'
  | 'fetchMuteList'
  | 'fetchNotificationsByParentUrlForUser'
  | 'fetchPopularCastsByUser'
  | 'fetchRelevantFollowers'
  | 'fetchRelevantFollowersForAChannel'
  | 'fetchRelevantFrames'
  | 'fetchRelevantFungibleOwners'
  | 'fetchRepliesAndRecastsForUser'
  | 'fetchSubscribedToForFid'
  | 'fetchSubscribersForFid'
  | 'fetchTrendingChannels'
  | 'fetchTrendingFeed'
  | 'fetchUserChannelMemberships'
  | 'fetchUserChannels'
  | 'fetchUserFollowers'
  | 'fetchUserFollowing'
  | 'fetchUserFollowingFeed'
  | 'fetchUserInteractions'
  | 'fetchUserReactions'
  | 'fetchUsersActiveChannels'
  | 'fetchUsersByLocation'
  | 'lookupCastConversation'
  | 'lookupCastConversationSummary'
  | 'lookupCastByHashOrUrl'
  | 'lookupChannel'
  | 'lookupUserByCustodyAddress'
  | 'lookupUserByUsername'
  | 'lookupUsersByXUsername'
  | 'lookupUserStorageLimit'
  | 'registerAccountOnchain'
  | 'searchCasts'
  | 'searchChannels'
  | 'searchFrames'
  | 'searchUser';

/**
 * 3.x-only operations whose answers carry hydrated users and casts, typed with 2.44's User and Cast
 * until the hydrators answer 3.x's (issue 28's shapes): remove each entry then, and its answer is
 * held to 3.x's type like the rest.
 */
interface HydrationPending {
  fetchCastQuotes: { casts: CastWithInteractions[]; next: NextCursor };
  fetchFeedByTopic: FeedResponse;
  fetchUserReciprocalFollowers: {
    users: { object: 'reciprocal_follower'; user: User; timestamp: string }[];
    next: NextCursor;
  };
}

/**
 * Operations whose answer is one generation's or the other's, by the caller's (`call.via.generation`):
 * the two shapes share nothing a superset could hold for both (publishFrameNotifications: 2.44's
 * per-fid deliveries, 3.x's campaign id and counts).
 */
export type ShapesByGeneration = 'publishFrameNotifications';

/**
 * The two generations' entries as one: parameters as either spec reads them (a handler meets both
 * kinds of caller; 2.44's alone where the request is still judged by 2.44's spec), the answer as both
 * declare it (2.44's alone while its shape is pending).
 */
type Merged<K, A, B> = [A] extends [never]
  ? K extends keyof HydrationPending
    ? B extends WireEntry
      ? { params: B['params']; response: HydrationPending[K] }
      : never
    : B
  : [B] extends [never]
    ? A
    : A extends WireEntry
      ? B extends WireEntry
        ? {
            params: K extends RequestsPending ? A['params'] : A['params'] | B['params'];
            response: K extends ShapesPending
              ? A['response']
              : K extends ShapesByGeneration
                ? A['response'] | B['response']
                : A['response'] & B['response'];
          }
        : never
      : never;

type Names<Old, New> = Exclude<keyof Old, Renamed[keyof Renamed]> | keyof New;

/** Every main-API operation of both generations: 2.44's (`V2Wire`) and 3.x's (`Api3Wire`). */
export type MainWire = {
  [K in Names<V2Wire, Api3Wire>]: Merged<K, EntryOf<V2Wire, K>, EntryOf<Api3Wire, K>>;
};

/** Every hub operation of both generations: 2.44's (`HubWire`) and 3.x's (`Hub3Wire`). */
export type HubsWire = {
  [K in Names<HubWire, Hub3Wire>]: Merged<K, EntryOf<HubWire, K>, EntryOf<Hub3Wire, K>>;
};
