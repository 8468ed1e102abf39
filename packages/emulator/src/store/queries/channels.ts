// Channels, their members, followers and invites, and channel activity (casts per channel).
import { IN_JSON, type Store } from '../store.js';
import { type KeysetPage, keysetPage, type PageWindow } from './keyset.js';

/** The id of each channel found by id or by parent URL, keyed by what was asked for. */
export function channelIdsBy(store: Store, by: 'id' | 'url', keys: readonly string[]): Map<string, string> {
  const column = by === 'url' ? 'url' : 'id';
  const rows = store
    .stmt(`SELECT ${column} AS key, id FROM channels WHERE ${column} IN (${IN_JSON})`)
    .all(JSON.stringify(keys)) as { key: string; id: string }[];
  return new Map(rows.map((r) => [r.key, r.id]));
}

/** Every channel, by id. */
export function channelsPage(store: Store, w: PageWindow): KeysetPage<{ id: string }> {
  return keysetPage(
    store,
    { select: 'SELECT id FROM channels', order: [{ sql: 'id', as: 'id', dir: 'asc' }] },
    w,
  );
}

/**
 * Channels whose id or name starts with `pattern` (a LIKE pattern escaped with `\`), or with a word
 * of the name that does; by id.
 */
export function channelSearchPage(store: Store, pattern: string, w: PageWindow): KeysetPage<{ id: string }> {
  return keysetPage(
    store,
    {
      select: 'SELECT id FROM channels',
      where: [`(id LIKE ? ESCAPE '\\' OR name LIKE ? ESCAPE '\\' OR name LIKE '% ' || ? ESCAPE '\\')`],
      binds: [pattern, pattern, pattern],
      order: [{ sql: 'id', as: 'id', dir: 'asc' }],
    },
    w,
  );
}

export type ChannelActivity = {
  id: string;
  /** Live casts in the channel over the last day, week and 30 days. */
  d1: number;
  d7: number;
  d30: number;
};

const DAY_MS = 24 * 3600 * 1000;

/** Channels with casts in the last `days` (1, 7 or 30) before `now`, most casts in that window first. */
export function trendingChannelsPage(
  store: Store,
  now: number,
  days: 1 | 7 | 30,
  w: PageWindow,
): KeysetPage<ChannelActivity> {
  const count = `d${days}`;
  return keysetPage(
    store,
    {
      with: `WITH a AS (
        SELECT channel_id AS id, SUM(ts >= ?) AS d1, SUM(ts >= ?) AS d7, COUNT(*) AS d30
        FROM casts WHERE channel_id IS NOT NULL AND deleted = 0 AND ts >= ? AND ts <= ?
        GROUP BY channel_id)`,
      select: `SELECT id, d1, d7, d30, ${count} AS n FROM a`,
      where: [`${count} > 0`],
      binds: [now - DAY_MS, now - 7 * DAY_MS, now - 30 * DAY_MS, now],
      order: [
        { sql: count, as: 'n', dir: 'desc' },
        { sql: 'id', as: 'id', dir: 'asc' },
      ],
    },
    w,
  );
}

/** Who follows a channel, newest first. */
export function channelFollowersPage(
  store: Store,
  channelId: string,
  w: PageWindow,
): KeysetPage<{ fid: number; created_at: number }> {
  return keysetPage(
    store,
    {
      select: 'SELECT fid, created_at FROM channel_follows',
      where: ['channel_id = ?'],
      binds: [channelId],
      order: [
        { sql: 'created_at', as: 'created_at', dir: 'desc' },
        { sql: 'fid', as: 'fid', dir: 'desc' },
      ],
    },
    w,
  );
}

/** Up to `limit` of a channel's followers that `viewerFid` follows, most followed first. */
export function channelFollowersFollowedBy(
  store: Store,
  channelId: string,
  viewerFid: number,
  limit: number,
): number[] {
  return store
    .stmt(
      `SELECT f.fid FROM channel_follows f
       JOIN links v ON v.fid = ? AND v.type = 'follow' AND v.target_fid = f.fid
       JOIN users u ON u.fid = f.fid
       WHERE f.channel_id = ? ORDER BY u.follower_count DESC, f.fid ASC LIMIT ?`,
    )
    .pluck()
    .all(viewerFid, channelId, limit) as number[];
}

/** A channel's members (only `fid`, when given), newest first. */
export function channelMembersPage(
  store: Store,
  channelId: string,
  fid: number | undefined,
  w: PageWindow,
): KeysetPage<{ fid: number; role: string; created_at: number }> {
  return keysetPage(
    store,
    {
      select: 'SELECT fid, role, created_at FROM channel_members',
      where: fid === undefined ? ['channel_id = ?'] : ['channel_id = ?', 'fid = ?'],
      binds: fid === undefined ? [channelId] : [channelId, fid],
      order: [
        { sql: 'created_at', as: 'created_at', dir: 'desc' },
        { sql: 'fid', as: 'fid', dir: 'desc' },
      ],
    },
    w,
  );
}

/** The channels a user is a member of, newest membership first. */
export function membershipsPage(
  store: Store,
  fid: number,
  w: PageWindow,
): KeysetPage<{ channel_id: string; role: string; created_at: number }> {
  return keysetPage(
    store,
    {
      select: 'SELECT channel_id, role, created_at FROM channel_members',
      where: ['fid = ?'],
      binds: [fid],
      order: [
        { sql: 'created_at', as: 'created_at', dir: 'desc' },
        { sql: 'channel_id', as: 'channel_id', dir: 'desc' },
      ],
    },
    w,
  );
}

/** The channels a user follows, newest first. */
export function followedChannelsPage(
  store: Store,
  fid: number,
  w: PageWindow,
): KeysetPage<{ channel_id: string; created_at: number }> {
  return keysetPage(
    store,
    {
      select: 'SELECT channel_id, created_at FROM channel_follows',
      where: ['fid = ?'],
      binds: [fid],
      order: [
        { sql: 'created_at', as: 'created_at', dir: 'desc' },
        { sql: 'channel_id', as: 'channel_id', dir: 'desc' },
      ],
    },
    w,
  );
}

/** The channels a user has live casts in, most recent cast first. */
export function activeChannelsPage(
  store: Store,
  fid: number,
  w: PageWindow,
): KeysetPage<{ channel_id: string; last: number }> {
  return keysetPage(
    store,
    {
      select: 'SELECT channel_id, MAX(ts) AS last FROM casts',
      where: ['fid = ?', 'channel_id IS NOT NULL', 'deleted = 0'],
      groupBy: 'channel_id',
      binds: [fid],
      order: [
        { sql: 'MAX(ts)', as: 'last', dir: 'desc' },
        { sql: 'channel_id', as: 'channel_id', dir: 'desc' },
      ],
    },
    w,
  );
}

export type InviteRow = {
  channel_id: string;
  invited_fid: number;
  inviter_fid: number;
  role: string;
  created_at: number;
};

/** Pending invites (to one channel, for one user, when given), newest first. */
export function pendingInvitesPage(
  store: Store,
  o: { channelId?: string; invitedFid?: number },
  w: PageWindow,
): KeysetPage<InviteRow> {
  const where = [`status = 'pending'`];
  const binds: unknown[] = [];
  if (o.channelId !== undefined) {
    where.push('channel_id = ?');
    binds.push(o.channelId);
  }
  if (o.invitedFid !== undefined) {
    where.push('invited_fid = ?');
    binds.push(o.invitedFid);
  }
  return keysetPage(
    store,
    {
      select: 'SELECT channel_id, invited_fid, inviter_fid, role, created_at FROM channel_invites',
      where,
      binds,
      order: [
        { sql: 'created_at', as: 'created_at', dir: 'desc' },
        { sql: 'channel_id', as: 'channel_id', dir: 'asc' },
        { sql: 'invited_fid', as: 'invited_fid', dir: 'asc' },
        { sql: 'role', as: 'role', dir: 'asc' },
      ],
    },
    w,
  );
}
