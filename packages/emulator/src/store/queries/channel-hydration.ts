// What v2/hydrate reads to build channels: channel rows by id or URL, and each channel's moderators.

import { IN_JSON, type Store } from '../store.js';

/** A `channels` row as stored. */
export interface ChannelRow {
  id: string;
  url: string;
  name: string;
  description: string;
  image_url: string | null;
  lead_fid: number | null;
  created_at: number;
  /** Kept by triggers (store/channel-counters.ts). */
  follower_count: number;
  member_count: number;
}

/**
 * The rows of the known channels among `ids`, and (channel, fid) for each of their members whose
 * role is above member (moderators and the lead), lowest fid first.
 */
export function channelRowsWithModerators(
  store: Store,
  ids: readonly string[],
): { channels: ChannelRow[]; moderators: { id: string; fid: number }[] } {
  const json = JSON.stringify(ids);
  const channels = store.stmt(`SELECT * FROM channels WHERE id IN (${IN_JSON})`).all(json) as ChannelRow[];
  const moderators = store
    .stmt(
      `SELECT channel_id AS id, fid FROM channel_members
       WHERE channel_id IN (${IN_JSON}) AND role != 'member' ORDER BY fid`,
    )
    .all(json) as { id: string; fid: number }[];
  return { channels, moderators };
}

export function channelRowById(store: Store, id: string): ChannelRow | undefined {
  return store.stmt('SELECT * FROM channels WHERE id = ?').get(id) as ChannelRow | undefined;
}

/** The channel whose parent_url (what its casts carry) is `url`. */
export function channelRowByUrl(store: Store, url: string): ChannelRow | undefined {
  return store.stmt('SELECT * FROM channels WHERE url = ?').get(url) as ChannelRow | undefined;
}
