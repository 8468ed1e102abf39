// Trending topics, derived from what was cast: every channel cast in and every hashtag used in the
// trending window (the 48 hours up to the emulator's clock) is a topic, ranked by how many live
// casts it has there, then by slug; the same data and clock give the same list. A topic's slug is
// its channel id or its tag, lower-cased with anything but letters, digits and _ made _.
import type { TopLevelTopic } from '@castkit/sdk';
import { userDehydrated } from '../../hydrate/user.js';
import { channelCounts, channelRecentAuthors, taggedCasts } from '../../store/queries/topics.js';
import type { Store } from '../../store/store.js';

export const TRENDING_WINDOW_MS = 48 * 3_600_000;
const AUTHORS = 5;
const TAG = /#([\p{L}\p{N}_]{2,64})/gu;

export const slugOf = (text: string): string =>
  text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');

/** The top-level topic a slug belongs to, from the words it is made of; other_hobbies otherwise. */
const TOP_LEVEL: readonly [TopLevelTopic, readonly string[]][] = [
  [
    'science_technology',
    [
      'dev',
      'science',
      'frames',
      'tech',
      'ai',
      'rust',
      'typescript',
      'sqlite',
      'zk',
      'protocol',
      'onchain',
      'crypto',
      'eth',
      'base',
      'code',
    ],
  ],
  ['arts_culture', ['art', 'design', 'photography', 'ceramics', 'poetry']],
  ['learning_educational', ['books', 'reading', 'paper', 'learn']],
  ['music', ['music', 'vinyl', 'playlist']],
  ['gaming', ['gaming', 'games', 'game']],
  ['food_dining', ['food', 'coffee', 'sourdough', 'cooking']],
  ['fitness_health', ['running', 'run', 'fitness', 'health']],
  ['celebrity_pop_culture', ['memes', 'meme']],
  ['film_tv_video', ['film', 'tv', 'movies', 'video']],
  ['sports', ['sports', 'football', 'soccer', 'nba']],
  ['travel_adventure', ['travel', 'hiking']],
];

export function topLevelTopic(slug: string): TopLevelTopic {
  const words = slug.split('_');
  return TOP_LEVEL.find(([, keys]) => keys.some((k) => words.includes(k)))?.[0] ?? 'other_hobbies';
}

export interface Topic {
  slug: string;
  name: string;
  /** Live casts in the window. */
  n: number;
  /** The most recent authors in the window, newest first. */
  authorFids: number[];
}

/** Every topic of the window ending at `anchor`, ranked: most casts first, then by slug. */
export function trendingTopics(store: Store, anchor: number): Topic[] {
  const from = anchor - TRENDING_WINDOW_MS;
  const topics = new Map<string, Topic>();
  for (const c of channelCounts(store, from, anchor)) {
    const slug = slugOf(c.channel_id);
    if (!slug) continue;
    const authorFids = channelRecentAuthors(store, c.channel_id, from, anchor, AUTHORS);
    topics.set(slug, { slug, name: c.name, n: c.n, authorFids });
  }
  for (const cast of taggedCasts(store, from, anchor)) {
    const seen = new Set<string>();
    for (const [, tag] of cast.text.matchAll(TAG)) {
      const slug = slugOf(tag ?? '');
      if (!slug || seen.has(slug)) continue;
      seen.add(slug);
      const t = topics.get(slug) ?? { slug, name: `#${tag}`, n: 0, authorFids: [] };
      t.n += 1;
      if (t.authorFids.length < AUTHORS && !t.authorFids.includes(cast.fid)) t.authorFids.push(cast.fid);
      topics.set(slug, t);
    }
  }
  return [...topics.values()].sort((a, b) => b.n - a.n || (a.slug < b.slug ? -1 : 1));
}

/** A topic as the API shows it. */
export function topicBody(store: Store, t: Topic, origin: string) {
  const authors = userDehydrated(store, t.authorFids, origin);
  return {
    name: t.name,
    slug: t.slug,
    top_level_topic: topLevelTopic(t.slug),
    summary: `${t.n} cast${t.n === 1 ? '' : 's'} in the last ${TRENDING_WINDOW_MS / 3_600_000} hours`,
    authors: t.authorFids.flatMap((fid) => {
      const u = authors.get(fid);
      return u ? [u] : [];
    }),
  };
}
