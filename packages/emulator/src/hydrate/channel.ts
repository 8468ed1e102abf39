// Builds v2 `Channel` objects for many channel ids at once (one query per table for the batch).
import type { Channel as Channel3 } from '@castkit/sdk';
import type { Channel, ChannelDehydrated } from '@castkit/sdk/2.x';
import { NotFoundError } from '../ground/errors.js';
import {
  type ChannelRow,
  channelRowById,
  channelRowByUrl,
  channelRowsWithModerators,
} from '../store/queries/channel-hydration.js';
import { cacheKind } from '../store/read-cache.js';
import type { Store } from '../store/store.js';
import type { OfBoth } from './both.js';
import { assetUrl, assetUrlFrom, type HydrateOptions, hydrateUsers } from './user.js';
import { channelsForViewer } from './viewer.js';

/** Hydrated channels kept per origin. */
const CACHED_CHANNELS = 2_000;
/** A channel both generations accept, created_at as 2.44's (hydrate/both.ts). */
export type ChannelOfBoth = OfBoth<Channel, Channel3>;

const CHANNELS = cacheKind<string, ChannelOfBoth>('channels', CACHED_CHANNELS);

/** Channels hydrated for nobody, then (with `viewerFid`) as that viewer sees them. */
export function hydrateChannels(
  store: Store,
  ids: readonly string[],
  options: HydrateOptions,
): Map<string, ChannelOfBoth> {
  if (!ids.length) return new Map();
  const channels = CHANNELS.of(store, options.origin).getMany(ids, (missing, dependOn) => {
    const built = buildChannels(store, missing, options.origin);
    for (const [id, channel] of built) dependOn(id, channelTags(id, channel));
    return built;
  });
  return options.viewerFid === undefined ? channels : channelsForViewer(store, options.viewerFid, channels);
}

/** The change tags channel `id` as hydrated rests on (change-tags.ts): its rows and its lead's profile. */
export function channelTags(id: string, channel: ChannelOfBoth | undefined): string[] {
  return [`channel:${id}`, ...(channel?.lead ? [`user:${channel.lead.fid}`] : [])];
}

function buildChannels(store: Store, ids: string[], origin: string): Map<string, ChannelOfBoth> {
  const out = new Map<string, ChannelOfBoth>();
  const { channels: rows, moderators: modRows } = channelRowsWithModerators(store, ids);
  const moderators = new Map<string, number[]>();
  for (const { id, fid } of modRows) moderators.set(id, [...(moderators.get(id) ?? []), fid]);
  const leads = hydrateUsers(
    store,
    rows.map((r) => r.lead_fid).filter((f): f is number => f !== null),
    { origin },
  );

  const seeded = store.getMeta('asset_origin');
  for (const row of rows) {
    const channel: ChannelOfBoth = {
      id: row.id,
      url: row.url,
      object: 'channel',
      name: row.name,
      description: row.description,
      description_mentioned_profiles: [],
      description_mentioned_profiles_ranges: [],
      created_at: Math.floor(row.created_at / 1000),
      follower_count: row.follower_count,
      member_count: row.member_count,
      image_url: assetUrlFrom(seeded, row.image_url, origin) ?? '',
      parent_url: row.url,
      moderator_fids: moderators.get(row.id) ?? [],
    };
    const lead = row.lead_fid === null ? undefined : leads.get(row.lead_fid);
    if (lead) channel.lead = lead;
    out.set(row.id, channel);
  }
  return out;
}

/** Channels in the order of `ids`, skipping unknown ones. */
export function hydrateChannelList(
  store: Store,
  ids: readonly string[],
  options: HydrateOptions,
): ChannelOfBoth[] {
  const map = hydrateChannels(store, ids, options);
  return ids.map((id) => map.get(id)).filter((c): c is ChannelOfBoth => c !== undefined);
}

export function channelDehydrated(store: Store, row: ChannelRow, origin: string): ChannelDehydrated {
  return {
    id: row.id,
    name: row.name,
    object: 'channel_dehydrated',
    image_url: assetUrl(store, row.image_url, origin) ?? '',
  };
}

/** The stored row for a channel id, or the 404 a route answers, naming the parameter. */
export function requireChannel(store: Store, id: string, property = 'channel_id'): ChannelRow {
  const row = channelRowById(store, id);
  if (!row) throw new NotFoundError(`channel ${id} not found`, property);
  return row;
}

/** Looks a channel up by id or by its parent_url (what casts carry), as lookupChannel's `type` says. */
export function findChannel(
  store: Store,
  key: string,
  type: 'id' | 'parent_url' = 'id',
): ChannelRow | undefined {
  return type === 'id' ? channelRowById(store, key) : channelRowByUrl(store, key);
}
