// What the trending topics are made of: casts per channel and the hashtagged casts in a window of
// time, a topic's most recent authors, and a topic's casts (its channel's, or those tagging it).
import { column, rows } from '../statements.js';
import type { Store } from '../store.js';
import { type KeysetPage, type PageWindow, pager } from './keyset.js';

export type ChannelCount = { channel_id: string; name: string; n: number };

const CHANNEL_COUNTS = rows<[from: number, to: number], ChannelCount>(
  `SELECT c.channel_id, COALESCE(ch.name, c.channel_id) AS name, COUNT(*) AS n FROM casts c
     LEFT JOIN channels ch ON ch.id = c.channel_id
     WHERE c.ts > ? AND c.ts <= ? AND c.deleted = 0 AND c.channel_id IS NOT NULL
     GROUP BY c.channel_id`,
);

/** Live casts per channel made in (from, to]. */
export function channelCounts(store: Store, from: number, to: number): ChannelCount[] {
  return CHANNEL_COUNTS.all(store, from, to);
}

export type TaggedCast = { fid: number; ts: number; text: string };

const TAGGED_CASTS = rows<[from: number, to: number], TaggedCast>(
  `SELECT fid, ts, text FROM casts WHERE ts > ? AND ts <= ? AND deleted = 0 AND instr(text, '#') > 0
     ORDER BY ts DESC, hash DESC`,
);

/** Live casts made in (from, to] whose text has a '#', newest first. */
export function taggedCasts(store: Store, from: number, to: number): TaggedCast[] {
  return TAGGED_CASTS.all(store, from, to);
}

const CHANNEL_RECENT_AUTHORS = column<[channelId: string, from: number, to: number, limit: number], number>(
  `SELECT fid FROM casts WHERE channel_id = ? AND ts > ? AND ts <= ? AND deleted = 0
     GROUP BY fid ORDER BY MAX(ts) DESC, fid LIMIT ?`,
);

/** The fids that cast in a channel in (from, to], most recent first, at most `limit`. */
export function channelRecentAuthors(
  store: Store,
  channelId: string,
  from: number,
  to: number,
  limit: number,
): number[] {
  return CHANNEL_RECENT_AUTHORS.all(store, channelId, from, to, limit);
}

const TOPIC_CASTS = pager<{ hash: string; ts: number }>();

/**
 * A topic's live casts, newest first: those in the channel `slug` and those whose text tags `#slug`
 * (any letter case, the tag ending at a character that cannot continue it).
 */
export function topicCastsPage(
  store: Store,
  slug: string,
  w: PageWindow,
): KeysetPage<{ hash: string; ts: number }> {
  return TOPIC_CASTS.page(
    store,
    {
      select: 'SELECT c.hash, c.ts FROM casts c',
      where: [
        'c.deleted = 0',
        "(c.channel_id = ? OR (instr(c.text, '#') > 0 AND (lower(c.text) || ' ') GLOB ?))",
      ],
      binds: [slug, `*#${slug}[^a-z0-9_]*`],
      order: [
        { sql: 'c.ts', as: 'ts', dir: 'desc' },
        { sql: 'c.hash', as: 'hash', dir: 'desc' },
      ],
    },
    w,
  );
}
