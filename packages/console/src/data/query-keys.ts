// The one query-key factory of the console. Every TanStack Query key is built here, hierarchical
// from broad to narrow, so a mutation invalidates exactly the branch it changed
// (`queryClient.invalidateQueries({ queryKey: queryKeys.feeds.all })`) and two views reading the
// same data share one cache entry. Keys name the viewer because v2 objects carry viewer context.

type Fid = number | undefined;

const root = ['castkit'] as const;

const feeds = {
  all: [...root, 'feeds'] as const,
  following: (fid: number) => [...feeds.all, 'following', fid] as const,
  forYou: (fid: number) => [...feeds.all, 'for-you', fid] as const,
  trending: (timeWindow: string, viewer: Fid) => [...feeds.all, 'trending', timeWindow, viewer] as const,
  channel: (channelId: string, viewer: Fid) => [...feeds.all, 'channel', channelId, viewer] as const,
  parentUrl: (url: string, viewer: Fid) => [...feeds.all, 'parent-url', url, viewer] as const,
};

const casts = {
  all: [...root, 'casts'] as const,
  detail: (hash: string, viewer: Fid) => [...casts.all, 'detail', hash, viewer] as const,
  conversation: (hash: string, depth: number, viewer: Fid) =>
    [...casts.all, 'conversation', hash, depth, viewer] as const,
  reactions: (hash: string, type: 'likes' | 'recasts') => [...casts.all, 'reactions', hash, type] as const,
  embedMetadata: (url: string) => [...casts.all, 'embed-metadata', url] as const,
};

const users = {
  all: [...root, 'users'] as const,
  profile: (fid: number, viewer: Fid) => [...users.all, 'profile', fid, viewer] as const,
  /** One of the profile's tabs of casts: `casts`, `replies` (replies and recasts) or `likes`. */
  casts: (fid: number, tab: string, viewer: Fid) => [...users.all, 'casts', fid, tab, viewer] as const,
  followers: (fid: number, viewer: Fid) => [...users.all, 'followers', fid, viewer] as const,
  following: (fid: number, viewer: Fid) => [...users.all, 'following', fid, viewer] as const,
  relevantFollowers: (fid: number, viewer: number) =>
    [...users.all, 'relevant-followers', fid, viewer] as const,
  mutes: (fid: number) => [...users.all, 'mutes', fid] as const,
  blocks: (fid: number) => [...users.all, 'blocks', fid] as const,
  byFids: (fids: readonly number[]) => [...users.all, 'by-fids', fids.join(',')] as const,
};

const channels = {
  all: [...root, 'channels'] as const,
  list: () => [...channels.all, 'list'] as const,
  trending: (timeWindow: string) => [...channels.all, 'trending', timeWindow] as const,
  detail: (id: string, viewer: Fid) => [...channels.all, 'detail', id, viewer] as const,
  members: (id: string) => [...channels.all, 'members', id] as const,
  followers: (id: string, viewer: Fid) => [...channels.all, 'followers', id, viewer] as const,
  invites: (fid: number) => [...channels.all, 'invites', fid] as const,
};

const notifications = {
  all: [...root, 'notifications'] as const,
  /** `scope` is `all`, a notification type, `channel:<id>` or `url:<parent url>`. */
  list: (fid: number, scope: string) => [...notifications.all, fid, scope] as const,
};

const search = {
  all: [...root, 'search'] as const,
  users: (q: string, viewer: Fid) => [...search.all, 'users', q, viewer] as const,
  casts: (q: string, mode: string, viewer: Fid) => [...search.all, 'casts', q, mode, viewer] as const,
  channels: (q: string) => [...search.all, 'channels', q] as const,
};

/** Managed signers: who the console acts as. */
const signers = {
  all: [...root, 'signers'] as const,
  detail: (uuid: string) => [...signers.all, 'detail', uuid] as const,
  /** A developer managed signer, known by its public key. */
  developer: (publicKey: string) => [...signers.all, 'developer', publicKey] as const,
  actingAs: (fid: number) => [...signers.all, 'acting-as', fid] as const,
};

/** The developer screens' data (webhooks, deliveries, metrics, mini apps, emulator controls). */
const dev = {
  all: [...root, 'dev'] as const,
  webhooks: () => [...dev.all, 'webhooks'] as const,
  webhook: (id: string) => [...dev.all, 'webhooks', id] as const,
  deliveries: (webhookId: string | undefined) => [...dev.all, 'deliveries', webhookId ?? 'all'] as const,
  castMetrics: (q: string, interval: string) => [...dev.all, 'cast-metrics', q, interval] as const,
  miniApps: (scope: string, ...args: readonly (string | number | undefined)[]) =>
    [...dev.all, 'mini-apps', scope, ...args] as const,
  storage: (fid: number) => [...dev.all, 'storage', fid] as const,
  wallets: () => [...dev.all, 'wallets'] as const,
  emulator: (what: string) => [...dev.all, 'emulator', what] as const,
};

export const queryKeys = { all: root, feeds, casts, users, channels, notifications, search, signers, dev };
