// The client's URL state, parsed leniently: anything unknown falls back to a default, so a hand-
// edited or stale link still opens a page.
import type { FeedKind, TimeWindow } from './feed/feed-source';

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);
const oneOf = <T extends string>(v: unknown, options: readonly T[]): T | undefined =>
  options.includes(v as T) ? (v as T) : undefined;

export const FEED_KINDS = ['following', 'for_you', 'trending', 'channel', 'parent_url'] as const;
export const TIME_WINDOWS = ['1h', '6h', '12h', '24h', '7d'] as const;
export interface FeedSearch {
  feed?: FeedKind;
  channel?: string;
  url?: string;
  window?: TimeWindow;
}
export const parseFeedSearch = (s: Record<string, unknown>): FeedSearch => ({
  feed: oneOf(s.feed, FEED_KINDS),
  channel: str(s.channel),
  url: str(s.url),
  window: oneOf(s.window, TIME_WINDOWS),
});

export interface CastSearch {
  depth?: number;
  fold?: 'above' | 'below';
}
export const parseCastSearch = (s: Record<string, unknown>): CastSearch => {
  const depth = Number(s.depth);
  return {
    depth: Number.isInteger(depth) && depth >= 1 && depth <= 5 ? depth : undefined,
    fold: oneOf(s.fold, ['above', 'below'] as const),
  };
};

export const PROFILE_TABS = ['casts', 'replies', 'likes', 'followers', 'following', 'relevant'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
export const parseProfileSearch = (s: Record<string, unknown>): { tab?: ProfileTab } => ({
  tab: oneOf(s.tab, PROFILE_TABS),
});

export const CHANNELS_TABS = ['all', 'trending', 'search', 'invites'] as const;
export const parseChannelsSearch = (
  s: Record<string, unknown>,
): { tab?: (typeof CHANNELS_TABS)[number]; q?: string } => ({
  tab: oneOf(s.tab, CHANNELS_TABS),
  q: str(s.q),
});

export const CHANNEL_TABS = ['feed', 'members', 'followers'] as const;
export const parseChannelSearch = (s: Record<string, unknown>): { tab?: (typeof CHANNEL_TABS)[number] } => ({
  tab: oneOf(s.tab, CHANNEL_TABS),
});

export const NOTIFICATION_TYPES = ['follows', 'recasts', 'likes', 'mentions', 'replies', 'quotes'] as const;
export const parseNotificationsSearch = (
  s: Record<string, unknown>,
): { type?: (typeof NOTIFICATION_TYPES)[number]; channel?: string; url?: string } => ({
  type: oneOf(s.type, NOTIFICATION_TYPES),
  channel: str(s.channel),
  url: str(s.url),
});

export const SEARCH_KINDS = ['users', 'casts', 'channels'] as const;
export const SEARCH_MODES = ['literal', 'semantic', 'hybrid'] as const;
export const parseSearchSearch = (
  s: Record<string, unknown>,
): { q?: string; kind?: (typeof SEARCH_KINDS)[number]; mode?: (typeof SEARCH_MODES)[number] } => ({
  q: str(s.q),
  kind: oneOf(s.kind, SEARCH_KINDS),
  mode: oneOf(s.mode, SEARCH_MODES),
});
