// Topics: the trending ones (v2/topics/trending.ts derives them from the casts of a window on the
// emulator's clock), and a topic's feed: its channel's casts and those tagging it, newest first.
import type { V2Handlers } from '../../api/dispatch.js';
import { ValidationError } from '../../ground/errors.js';
import { listPage } from '../../store/queries/keyset.js';
import { topicCastsPage } from '../../store/queries/topics.js';
import { feedOf, viewerOf } from '../casts/page.js';
import { decodeCursor, nextCursor, pageWindow } from '../cursor.js';
import { topicBody, trendingTopics } from '../topics/trending.js';
import { viewOf } from './social-common.js';

export const topicHandlers: V2Handlers = {
  listTrendingTopics({ store, params, origin }) {
    // The first page's clock reading travels in the cursor, so later pages rank the same window.
    const key = decodeCursor(params.cursor, 3);
    const anchor = key ? Number(key[0]) : store.now();
    const topics = trendingTopics(store, anchor);
    const page = listPage(
      store,
      topics.map((t) => ({ slug: t.slug, n: t.n })),
      [
        { field: 'n', dir: 'desc' },
        { field: 'slug', dir: 'asc' },
      ],
      { after: key?.slice(1), limit: params.limit },
    );
    const bySlug = new Map(topics.map((t) => [t.slug, t]));
    return {
      topics: page.rows.flatMap((r) => {
        const t = bySlug.get(r.slug);
        return t ? [topicBody(store, t, origin)] : [];
      }),
      next: nextCursor(page.next && [anchor, ...page.next]),
    };
  },

  fetchFeedByTopic(call) {
    const { store, params, origin } = call;
    viewOf(call);
    if (!/^[a-z0-9_]{1,64}$/.test(params.slug)) {
      throw new ValidationError(
        `slug must be 1 to 64 lowercase letters, digits or underscores, got "${params.slug}"`,
        'slug',
      );
    }
    return feedOf(store, topicCastsPage(store, params.slug, pageWindow(params, 2)), viewerOf(params, origin));
  },
};
