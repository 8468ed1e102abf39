// What one viewer sees on top of objects hydrated for nobody: their relationship to users
// (following, followed_by, blocking, blocked_by), to channels (following, role) and to casts
// (liked, recasted). Read in one batch per kind and applied as copies, so the shared, cached
// objects underneath are never changed.
import type {
  CastViewerContext,
  CastWithInteractions,
  Channel,
  ChannelDehydrated,
  ChannelUserContext,
  User,
  UserViewerContext,
} from '@castkit/sdk/2.x';
import {
  viewerCastReactions,
  viewerChannelRelations,
  viewerUserRelations,
} from '../store/queries/viewer-context.js';
import type { Store } from '../store/store.js';

/** The spec's roles are member and moderator; the store's `owner` (the lead) shows as a moderator. */
export const specRole = (role: string): 'member' | 'moderator' =>
  role === 'member' ? 'member' : 'moderator';

export function userContexts(store: Store, viewerFid: number, fids: Iterable<number>) {
  const relations = viewerUserRelations(store, viewerFid, [...new Set(fids)]);
  const following = new Set(relations.following);
  const followedBy = new Set(relations.followedBy);
  const blocking = new Set(relations.blocking);
  const blockedBy = new Set(relations.blockedBy);
  return (fid: number): UserViewerContext => ({
    following: following.has(fid),
    followed_by: followedBy.has(fid),
    blocking: blocking.has(fid),
    blocked_by: blockedBy.has(fid),
  });
}

export function channelContexts(store: Store, viewerFid: number, ids: Iterable<string>) {
  const out = new Map<string, ChannelUserContext>();
  const { follows, roles } = viewerChannelRelations(store, viewerFid, [...new Set(ids)]);
  for (const id of follows) out.set(id, { following: true });
  for (const { id, role } of roles)
    out.set(id, { following: out.get(id)?.following ?? false, role: specRole(role) });
  return (id: string): ChannelUserContext => out.get(id) ?? { following: false };
}

function castContexts(store: Store, viewerFid: number, hashes: Iterable<string>) {
  const rows = viewerCastReactions(store, viewerFid, [...new Set(hashes)]);
  const seen = new Set(rows.map((r) => `${r.type}:${r.target}`));
  return (hash: string): CastViewerContext => ({
    liked: seen.has(`1:${hash}`),
    recasted: seen.has(`2:${hash}`),
  });
}

type UserContext = (fid: number) => UserViewerContext;
type ChannelContext = (id: string) => ChannelUserContext;

const userFor = <U extends User>(user: U, ctx: UserContext): U => ({
  ...user,
  viewer_context: ctx(user.fid),
});

function channelFor<C extends Channel | ChannelDehydrated>(
  channel: C,
  ctx: ChannelContext,
  users: UserContext,
): C {
  const out: C = { ...channel, viewer_context: ctx(channel.id) };
  if ('lead' in out && out.lead) out.lead = userFor(out.lead, users);
  return out;
}

/** Each user as `viewerFid` sees them. */
export function usersForViewer<U extends User>(
  store: Store,
  viewerFid: number,
  users: Map<number, U>,
): Map<number, U> {
  const ctx = userContexts(store, viewerFid, users.keys());
  return mapValues(users, (u) => userFor(u, ctx));
}

/** Each channel (and its lead) as `viewerFid` sees them. */
export function channelsForViewer<C extends Channel>(
  store: Store,
  viewerFid: number,
  channels: Map<string, C>,
): Map<string, C> {
  const ctx = channelContexts(store, viewerFid, channels.keys());
  const users = userContexts(store, viewerFid, leadFids(channels.values()));
  return mapValues(channels, (c) => channelFor(c, ctx, users));
}

/** Each cast, its author, mentioned users and channel as `viewerFid` sees them. */
export function castsForViewer<C extends CastWithInteractions>(
  store: Store,
  viewerFid: number,
  casts: Map<string, C>,
): Map<string, C> {
  const fids: number[] = [];
  const channels: (Channel | ChannelDehydrated)[] = [];
  for (const cast of casts.values()) {
    fids.push(cast.author.fid, ...cast.mentioned_profiles.map((u) => u.fid));
    if (cast.channel) channels.push(cast.channel);
  }
  fids.push(...leadFids(channels));
  const users = userContexts(store, viewerFid, fids);
  const channelCtx = channelContexts(
    store,
    viewerFid,
    channels.map((c) => c.id),
  );
  const castCtx = castContexts(store, viewerFid, casts.keys());
  return mapValues(casts, (cast) => ({
    ...cast,
    author: userFor(cast.author, users),
    mentioned_profiles: cast.mentioned_profiles.map((u) => userFor(u, users)),
    channel: cast.channel && channelFor(cast.channel, channelCtx, users),
    viewer_context: castCtx(cast.hash),
  }));
}

function leadFids(channels: Iterable<Channel | ChannelDehydrated>): number[] {
  const out: number[] = [];
  for (const c of channels) if ('lead' in c && c.lead) out.push(c.lead.fid);
  return out;
}

function mapValues<K, V>(map: Map<K, V>, fn: (value: V) => V): Map<K, V> {
  const out = new Map<K, V>();
  for (const [k, v] of map) out.set(k, fn(v));
  return out;
}
