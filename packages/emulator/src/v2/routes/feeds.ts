// Feed operations: following / filter feeds, for-you, channels, parent URLs, trending, a user's
// casts, popular casts, replies and recasts, and frames. Every list is a keyset page.
import type { V2Handlers, V2Params, V2Response } from '../../api/dispatch.js';
import { storedAssetUrl } from '../../ground/absolute-url.js';
import { ValidationError } from '../../ground/errors.js';
import { hydrateCastList } from '../../hydrate/cast.js';
import { requireChannel } from '../../hydrate/channel.js';
import { requireUser } from '../../hydrate/user.js';
import { castFilter, popularCastHashes, repliesAndRecastsOf } from '../../store/queries/casts.js';
import type { Store } from '../../store/store.js';
import { embedTypesFeed, followingFeed, forYouFeed, trendingFeed } from '../casts/feed-queries.js';
import { chronologicalPage, type FeedAnswer, keyedPage, type Viewer, viewerOf } from '../casts/page.js';

const MAX_CHANNELS = 10;
const MAX_PARENT_URLS = 10;
const MAX_FIDS = 250;
const POPULAR = 10;

export const feedHandlers: V2Handlers = {
  fetchFeed({ store, params, origin }): FeedAnswer {
    const viewer = viewerOf(params, origin);
    if (params.feed_type === 'following') {
      if (params.fid === undefined)
        throw new ValidationError('fid is required when feed_type is following', 'fid');
      requireUser(store, params.fid);
      return followingFeed(store, params, params.fid, params.with_recasts !== false, viewer);
    }
    return filterFeed(store, params, viewer);
  },

  fetchUserFollowingFeed({ store, params, origin }) {
    requireUser(store, params.fid);
    return followingFeed(store, params, params.fid, params.with_recasts !== false, viewerOf(params, origin));
  },

  fetchFeedForYou({ store, params, origin }) {
    requireUser(store, params.fid);
    return forYouFeed(store, params, params.fid, viewerOf(params, origin));
  },

  fetchFeedByChannelIds({ store, params, origin }) {
    const ids = params.channel_ids;
    if (ids.length > MAX_CHANNELS)
      throw new ValidationError(`channel_ids takes at most ${MAX_CHANNELS} ids`, 'channel_ids');
    for (const id of ids) requireChannel(store, id, 'channel_ids');
    const filter = castFilter({
      channelIds: ids,
      fids: params.fids,
      topLevel: !params.with_replies,
      membersOnly: params.members_only !== false,
    });
    return chronologicalPage(store, params, filter, viewerOf(params, origin));
  },

  fetchFeedByParentUrls({ store, params, origin }) {
    const urls = params.parent_urls;
    if (urls.length > MAX_PARENT_URLS) {
      throw new ValidationError(`parent_urls takes at most ${MAX_PARENT_URLS} URLs`, 'parent_urls');
    }
    // Without replies: casts posted under the URL; with replies: everything in those threads.
    const filter = castFilter(params.with_replies ? { rootParentUrls: urls } : { parentUrls: urls });
    return chronologicalPage(store, params, filter, viewerOf(params, origin));
  },

  fetchTrendingFeed({ store, params, origin }) {
    const channelId =
      params.channel_id === undefined ? undefined : requireChannel(store, params.channel_id).id;
    return trendingFeed(store, params, { channelId, parentUrl: params.parent_url }, viewerOf(params, origin));
  },

  fetchCastsForUser({ store, params, origin }) {
    requireUser(store, params.fid);
    const filter = castFilter({
      fid: params.fid,
      topLevel: params.include_replies === false,
      rootParentUrl: params.parent_url,
      channelId: params.channel_id === undefined ? undefined : requireChannel(store, params.channel_id).id,
    });
    return chronologicalPage(store, params, filter, viewerOf(params, origin));
  },

  fetchPopularCastsByUser({ store, params, origin }): V2Response<'fetchPopularCastsByUser'> {
    requireUser(store, params.fid);
    const hashes = popularCastHashes(store, params.fid, POPULAR);
    return { casts: hydrateCastList(store, hashes, viewerOf(params, origin)) };
  },

  fetchRepliesAndRecastsForUser({ store, params, origin }) {
    requireUser(store, params.fid);
    const inner = repliesAndRecastsOf(params.fid, params.filter);
    return keyedPage(store, params, inner, viewerOf(params, origin));
  },

  fetchFramesOnlyFeed({ store, params, origin }) {
    // Casts embedding a mini app of the catalogue (seeded ones included).
    return chronologicalPage(store, params, castFilter({ frames: true }), viewerOf(params, origin));
  },
};

type FeedParams = V2Params<'fetchFeed'>;

function filterFeed(store: Store, params: FeedParams, viewer: Viewer): FeedAnswer {
  const type = params.filter_type;
  const need = <K extends keyof FeedParams>(name: K): NonNullable<FeedParams[K]> => {
    const value = params[name];
    if (value === undefined || value === null)
      throw new ValidationError(`${name} is required when filter_type is ${type}`, name);
    return value;
  };
  switch (type) {
    case 'fids': {
      // 2.44 reads fids as a comma-separated string, 3.x as a list of integers.
      const given = need('fids');
      const fids = (typeof given === 'string' ? given.split(',') : given.map(String))
        .map((s) => s.trim())
        .filter(Boolean);
      if (!fids.length || fids.some((f) => !/^\d{1,10}$/.test(f))) {
        throw new ValidationError('fids must be a comma-separated list of fids', 'fids');
      }
      if (fids.length > MAX_FIDS) throw new ValidationError(`fids takes at most ${MAX_FIDS} fids`, 'fids');
      return chronologicalPage(store, params, castFilter({ fids: fids.map(Number) }), viewer);
    }
    case 'parent_url':
      return chronologicalPage(store, params, castFilter({ parentUrl: need('parent_url') }), viewer);
    case 'channel_id': {
      const channel = requireChannel(store, need('channel_id'));
      const filter = castFilter({
        channelId: channel.id,
        topLevel: true,
        membersOnly: params.members_only !== false,
      });
      return chronologicalPage(store, params, filter, viewer);
    }
    case 'embed_url': {
      // Seeded images are stored against the seeding origin; accept them by the URL clients see.
      const url = storedAssetUrl(need('embed_url'), viewer.origin, store.getMeta('asset_origin'));
      return chronologicalPage(store, params, castFilter({ embedUrlPrefix: url }), viewer);
    }
    case 'embed_types':
      return embedTypesFeed(store, params, need('embed_types'), viewer);
    case 'global_trending':
      return trendingFeed(store, params, {}, viewer);
    default:
      throw new ValidationError('filter_type is required when feed_type is filter', 'filter_type');
  }
}
