// Channels, their members, followers and invites, and channel activity (casts per channel).

import { column, IN_JSON, rows, write } from '../statements.js';
import type { Store } from '../store.js';
import { type KeysetPage, type PageWindow, pager } from './keyset.js';
import { shownTo } from './moderation.js';

/** The id of each channel found by id or by parent URL, keyed by what was asked for. */
const CHANNEL_IDS_BY = {
  id: rows<[keys: string], { key: string; id: string }>(
    `SELECT id AS key, id FROM channels WHERE id IN (${IN_JSON})`,
  ),
  url: rows<[keys: string], { key: string; id: string }>(
    `SELECT url AS key, id FROM channels WHERE url IN (${IN_JSON})`,
  ),
};

export function channelIdsBy(store: Store, by: 'id' | 'url', keys: readonly string[]): Map<string, string> {
  const found = CHANNEL_IDS_BY[by].all(store, JSON.stringify(keys));
  return new Map(found.map((r) => [r.key, r.id]));
}

const ID_PAGES = pager<{ id: string }>();
const CHANNEL_ACTIVITY_PAGES = pager<ChannelActivity & { n: number }>();
const FID_CREATED_AT_PAGES = pager<{ fid: number; created_at: number }>();
const FID_ROLE_CREATED_AT_PAGES = pager<{ fid: number; role: string; created_at: number }>();
const CHANNEL_ID_ROLE_CREATED_AT_PAGES = pager<{ channel_id: string; role: string; created_at: number }>();
const CHANNEL_ID_CREATED_AT_PAGES = pager<{ channel_id: string; created_at: number }>();
const CHANNEL_ID_LAST_PAGES = pager<{ channel_id: string; last: number }>();
const INVITE_ROW_PAGES = pager<InviteRow>();

/** Every channel, by id. */
export function channelsPage(store: Store, w: PageWindow): KeysetPage<{ id: string }> {
  return ID_PAGES.page(
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
  return ID_PAGES.page(
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
  return CHANNEL_ACTIVITY_PAGES.page(
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
  return FID_CREATED_AT_PAGES.page(
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

const CHANNEL_FOLLOWERS_FOLLOWED_BY = column<
  [viewerFid: number, channelId: string, limit: number],
  number
>(`SELECT f.fid FROM channel_follows f
       JOIN links v ON v.fid = ? AND v.type = 'follow' AND v.target_fid = f.fid
       JOIN users u ON u.fid = f.fid
       WHERE f.channel_id = ? AND ${shownTo('v.fid', 'f.fid')}
       ORDER BY u.follower_count DESC, f.fid ASC LIMIT ?`);

/** Up to `limit` of a channel's followers that `viewerFid` follows, most followed first. */
export function channelFollowersFollowedBy(
  store: Store,
  channelId: string,
  viewerFid: number,
  limit: number,
): number[] {
  return CHANNEL_FOLLOWERS_FOLLOWED_BY.all(store, viewerFid, channelId, limit);
}

/** A channel's members (only `fid`, when given), newest first. */
export function channelMembersPage(
  store: Store,
  channelId: string,
  fid: number | undefined,
  w: PageWindow,
): KeysetPage<{ fid: number; role: string; created_at: number }> {
  return FID_ROLE_CREATED_AT_PAGES.page(
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
  return CHANNEL_ID_ROLE_CREATED_AT_PAGES.page(
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
  return CHANNEL_ID_CREATED_AT_PAGES.page(
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
  return CHANNEL_ID_LAST_PAGES.page(
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
  return INVITE_ROW_PAGES.page(
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

const FOLLOW_CHANNEL = write<[channelId: string, fid: number, at: number]>(
  'INSERT OR IGNORE INTO channel_follows (channel_id, fid, created_at) VALUES (?, ?, ?)',
);

/** true when the follow is new. */
export function insertChannelFollow(store: Store, channelId: string, fid: number, at: number): boolean {
  return FOLLOW_CHANNEL.run(store, channelId, fid, at).changes > 0;
}

const UNFOLLOW_CHANNEL = write<[channelId: string, fid: number]>(
  'DELETE FROM channel_follows WHERE channel_id = ? AND fid = ?',
);

/** true when there was a follow to remove. */
export function deleteChannelFollow(store: Store, channelId: string, fid: number): boolean {
  return UNFOLLOW_CHANNEL.run(store, channelId, fid).changes > 0;
}

const MEMBER_ROLE = column<[channelId: string, fid: number], string>(
  'SELECT role FROM channel_members WHERE channel_id = ? AND fid = ?',
);

/** The member's stored role, or undefined when fid is not a member. */
export function memberRole(store: Store, channelId: string, fid: number): string | undefined {
  return MEMBER_ROLE.get(store, channelId, fid);
}

const IS_LEAD = column<[channelId: string, fid: number], 1>(
  'SELECT 1 FROM channels WHERE id = ? AND lead_fid = ?',
);

/** Whether `fid` leads (owns) the channel, whatever its membership row says. */
export function isChannelLead(store: Store, channelId: string, fid: number): boolean {
  return IS_LEAD.get(store, channelId, fid) !== undefined;
}

const UPSERT_INVITE = write<[channelId: string, invited: number, inviter: number, role: string, at: number]>(
  `INSERT INTO channel_invites (channel_id, invited_fid, inviter_fid, role, status, created_at)
   VALUES (?, ?, ?, ?, 'pending', ?)
   ON CONFLICT (channel_id, invited_fid, role)
   DO UPDATE SET inviter_fid = excluded.inviter_fid, status = 'pending', created_at = excluded.created_at`,
);

/** A pending invite (again, if one was answered before). */
export function upsertInvite(
  store: Store,
  invite: { channelId: string; invited: number; inviter: number; role: string; at: number },
): void {
  UPSERT_INVITE.run(store, invite.channelId, invite.invited, invite.inviter, invite.role, invite.at);
}

const ANSWER_INVITE = write<[status: 'accepted' | 'rejected', channelId: string, fid: number, role: string]>(
  `UPDATE channel_invites SET status = ? WHERE channel_id = ? AND invited_fid = ? AND role = ? AND status = 'pending'`,
);

/** false when there was no such pending invite. */
export function answerInvite(
  store: Store,
  channelId: string,
  fid: number,
  role: string,
  status: 'accepted' | 'rejected',
): boolean {
  return ANSWER_INVITE.run(store, status, channelId, fid, role).changes > 0;
}

const UPSERT_MEMBER = write<[channelId: string, fid: number, role: string, at: number]>(
  `INSERT INTO channel_members (channel_id, fid, role, created_at) VALUES (?, ?, ?, ?)
   ON CONFLICT (channel_id, fid) DO UPDATE SET role = CASE WHEN role = 'owner' THEN role ELSE excluded.role END`,
);

/** Makes `fid` a member with `role`; an owner stays owner. */
export function upsertMember(store: Store, channelId: string, fid: number, role: string, at: number): void {
  UPSERT_MEMBER.run(store, channelId, fid, role, at);
}

const DEMOTE_MEMBER = write<[channelId: string, fid: number]>(
  "UPDATE channel_members SET role = 'member' WHERE channel_id = ? AND fid = ?",
);

export function demoteToMember(store: Store, channelId: string, fid: number): void {
  DEMOTE_MEMBER.run(store, channelId, fid);
}

const DELETE_MEMBER = write<[channelId: string, fid: number]>(
  'DELETE FROM channel_members WHERE channel_id = ? AND fid = ?',
);

export function deleteMember(store: Store, channelId: string, fid: number): void {
  DELETE_MEMBER.run(store, channelId, fid);
}

/** A user's place in the channels: memberships (with role), channel follows and channels it leads. */
export interface ChannelTies {
  members: { channel_id: string; role: string; created_at: number }[];
  follows: { channel_id: string; created_at: number }[];
  leads: string[];
  invites: { channel_id: string; inviter_fid: number; role: string; created_at: number }[];
}

const MEMBERSHIPS_OF = rows<[fid: number], ChannelTies['members'][number]>(
  'SELECT channel_id, role, created_at FROM channel_members WHERE fid = ? ORDER BY created_at, channel_id',
);
const CHANNEL_FOLLOWS_OF = rows<[fid: number], ChannelTies['follows'][number]>(
  'SELECT channel_id, created_at FROM channel_follows WHERE fid = ? ORDER BY created_at, channel_id',
);
const LED_BY = column<[fid: number], string>('SELECT id FROM channels WHERE lead_fid = ? ORDER BY id');
const PENDING_INVITES_OF = rows<[fid: number], ChannelTies['invites'][number]>(
  `SELECT channel_id, inviter_fid, role, created_at FROM channel_invites
   WHERE invited_fid = ? AND status = 'pending' ORDER BY created_at, channel_id`,
);

export function channelTiesOf(store: Store, fid: number): ChannelTies {
  return {
    members: MEMBERSHIPS_OF.all(store, fid),
    follows: CHANNEL_FOLLOWS_OF.all(store, fid),
    leads: LED_BY.all(store, fid),
    invites: PENDING_INVITES_OF.all(store, fid),
  };
}

const SET_LEAD = write<[fid: number, channelId: string]>('UPDATE channels SET lead_fid = ? WHERE id = ?');

export function setChannelLead(store: Store, channelId: string, fid: number): void {
  SET_LEAD.run(store, fid, channelId);
}

const DELETE_INVITE = write<[channelId: string, fid: number, role: string]>(
  'DELETE FROM channel_invites WHERE channel_id = ? AND invited_fid = ? AND role = ?',
);

export function deleteInvite(store: Store, channelId: string, fid: number, role: string): void {
  DELETE_INVITE.run(store, channelId, fid, role);
}
