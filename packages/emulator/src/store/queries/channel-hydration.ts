// What the hydrators (hydrate/) read to build channels: channel rows by id or URL, and each channel's moderators.

import { IN_JSON, rows } from '../statements.js';
import type { Store } from '../store.js';

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

const CHANNEL_ROWS_WITH_MODERATORS = rows<[json: string], ChannelRow>(
  `SELECT * FROM channels WHERE id IN (${IN_JSON})`,
);
const CHANNEL_ROWS_WITH_MODERATORS_2 = rows<
  [json: string],
  { id: string; fid: number }
>(`SELECT channel_id AS id, fid FROM channel_members
       WHERE channel_id IN (${IN_JSON}) AND role != 'member' ORDER BY fid`);

/**
 * The rows of the known channels among `ids`, and (channel, fid) for each of their members whose
 * role is above member (moderators and the lead), lowest fid first.
 */
export function channelRowsWithModerators(
  store: Store,
  ids: readonly string[],
): { channels: ChannelRow[]; moderators: { id: string; fid: number }[] } {
  const json = JSON.stringify(ids);
  const channels = CHANNEL_ROWS_WITH_MODERATORS.all(store, json);
  const moderators = CHANNEL_ROWS_WITH_MODERATORS_2.all(store, json);
  return { channels, moderators };
}

const CHANNEL_ROW_BY_ID = rows<[id: string], ChannelRow>('SELECT * FROM channels WHERE id = ?');

export function channelRowById(store: Store, id: string): ChannelRow | undefined {
  return CHANNEL_ROW_BY_ID.get(store, id);
}

const CHANNEL_ROW_BY_URL = rows<[url: string], ChannelRow>('SELECT * FROM channels WHERE url = ?');

/** The channel whose parent_url (what its casts carry) is `url`. */
export function channelRowByUrl(store: Store, url: string): ChannelRow | undefined {
  return CHANNEL_ROW_BY_URL.get(store, url);
}
