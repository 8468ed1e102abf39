// Channels: lookups, lists, search, trending, followers, members and invites, follow/unfollow.
// Channel state is off-protocol (no Farcaster messages), written through store/social.ts.
import type { V2Handlers } from '../../api/dispatch.js';
import { actAs } from '../../protocol/actions.js';
import { NotFoundError, ValidationError } from '../../protocol/errors.js';
import * as social from '../../store/social.js';
import { IN_JSON } from '../../store/store.js';
import { decodeCursor, pageOf } from '../cursor.js';
import {
  channelDehydrated,
  findChannel,
  hydrateChannelList,
  hydrateChannels,
  requireChannel,
} from '../hydrate/channel.js';
import { hydrateUserList, hydrateUsers, requireUser, userDehydrated } from '../hydrate/user.js';
import { specRole } from '../hydrate/viewer.js';
import { relevant } from './follows.js';
import { capped, likeEscape, ok, viewOf } from './social-common.js';

const DAY_MS = 24 * 3600 * 1000;
const WINDOWS = { '1d': DAY_MS, '7d': 7 * DAY_MS, '30d': 30 * DAY_MS } as const;
const MAX = Number.MAX_SAFE_INTEGER;

type Dated = { fid: number; created_at: number };

export const channelHandlers: V2Handlers = {
  lookupChannel(call) {
    const { id, type } = call.params;
    const row = findChannel(call.store, id, type ?? 'id');
    if (!row)
      throw new NotFoundError(
        `channel ${type === 'parent_url' ? 'with parent_url ' : ''}${id} not found`,
        'id',
      );
    return { channel: hydrateChannelList(call.store, [row.id], viewOf(call))[0]! };
  },

  fetchBulkChannels(call) {
    const keys = capped(call.params.ids, 'ids');
    // One query for every key; ids are resolved before the viewer is checked, so a request whose
    // ids all miss answers the channel 404 whatever its viewer_fid.
    const column = call.params.type === 'parent_url' ? 'url' : 'id';
    const found = call.store
      .stmt(`SELECT ${column} AS key, id FROM channels WHERE ${column} IN (${IN_JSON})`)
      .all(JSON.stringify(keys)) as { key: string; id: string }[];
    const idOf = new Map(found.map((r) => [r.key, r.id]));
    // Unknown ids are skipped, as in the other bulk reads; nothing at all found is a 404.
    const ids = keys.flatMap((k) => idOf.get(k) ?? []);
    if (!ids.length) throw new NotFoundError(`no channel found for ids ${keys.join(', ')}`, 'ids');
    return { channels: hydrateChannelList(call.store, ids, viewOf(call)) };
  },

  fetchAllChannels(call) {
    const { store, params } = call;
    const [after] = decodeCursor(params.cursor, 1) ?? [''];
    const ids = store
      .stmt('SELECT id FROM channels WHERE id > ? ORDER BY id LIMIT ?')
      .pluck()
      .all(after, params.limit + 1);
    const page = pageOf(ids as string[], params.limit, (id) => [id]);
    return { channels: hydrateChannelList(store, page.items, { origin: call.origin }), next: page.next };
  },

  searchChannels(call) {
    const { store, params } = call;
    const q = params.q.trim().replace(/^\//, '');
    if (!q) throw new ValidationError('q must not be blank', 'q', 'InvalidField');
    const [after] = decodeCursor(params.cursor, 1) ?? [''];
    const ids = store
      .stmt(
        `SELECT id FROM channels
         WHERE (id LIKE :p ESCAPE '\\' OR name LIKE :p ESCAPE '\\' OR name LIKE '% ' || :p ESCAPE '\\') AND id > :after
         ORDER BY id LIMIT :take`,
      )
      .pluck()
      .all({ p: `${likeEscape(q)}%`, after, take: params.limit + 1 }) as string[];
    const page = pageOf(ids, params.limit, (id) => [id]);
    return { channels: hydrateChannelList(store, page.items, { origin: call.origin }), next: page.next };
  },

  fetchTrendingChannels(call) {
    const { store, params } = call;
    const window = params.time_window ?? '7d';
    const now = store.now();
    // Channel counts are small (hundreds), so rank them all and cut the page in memory.
    const rows = store
      .stmt(
        `SELECT channel_id AS id, SUM(ts >= :d1) AS d1, SUM(ts >= :d7) AS d7, COUNT(*) AS d30
         FROM casts WHERE channel_id IS NOT NULL AND deleted = 0 AND ts >= :d30 AND ts <= :now
         GROUP BY channel_id`,
      )
      .all({ d1: now - WINDOWS['1d'], d7: now - WINDOWS['7d'], d30: now - WINDOWS['30d'], now }) as {
      id: string;
      d1: number;
      d7: number;
      d30: number;
    }[];
    const count = (r: (typeof rows)[number]) => (window === '1d' ? r.d1 : window === '7d' ? r.d7 : r.d30);
    const [c, after] = decodeCursor(params.cursor, 2) ?? [MAX, ''];
    const ranked = rows
      .filter((r) => count(r) > 0)
      .sort((a, b) => count(b) - count(a) || a.id.localeCompare(b.id))
      .filter((r) => count(r) < (c as number) || (count(r) === c && r.id > (after as string)));
    const page = pageOf(ranked.slice(0, params.limit + 1), params.limit, (r) => [count(r), r.id]);
    const channels = hydrateChannels(
      store,
      page.items.map((r) => r.id),
      { origin: call.origin },
    );
    return {
      channels: page.items.map((r) => ({
        object: 'channel_activity' as const,
        cast_count_1d: String(r.d1),
        cast_count_7d: String(r.d7),
        cast_count_30d: String(r.d30),
        channel: channels.get(r.id)!,
      })),
      next: page.next,
    };
  },

  fetchFollowersForAChannel(call) {
    const { store, params } = call;
    const channel = requireChannel(store, params.id, 'id');
    const view = viewOf(call);
    const [at, after] = decodeCursor(params.cursor, 2) ?? [MAX, MAX];
    const rows = store
      .stmt(
        `SELECT fid, created_at FROM channel_follows
         WHERE channel_id = ? AND (created_at < ? OR (created_at = ? AND fid < ?))
         ORDER BY created_at DESC, fid DESC LIMIT ?`,
      )
      .all(channel.id, at, at, after, params.limit + 1) as Dated[];
    const page = pageOf(rows, params.limit, (r) => [r.created_at, r.fid]);
    return {
      users: hydrateUserList(
        store,
        page.items.map((r) => r.fid),
        view,
      ),
      next: page.next,
    };
  },

  fetchRelevantFollowersForAChannel(call) {
    const { store, params } = call;
    const channel = requireChannel(store, params.id, 'id');
    const view = viewOf(call);
    const fids = store
      .stmt(
        `SELECT f.fid FROM channel_follows f
         JOIN links v ON v.fid = ? AND v.type = 'follow' AND v.target_fid = f.fid
         JOIN users u ON u.fid = f.fid
         WHERE f.channel_id = ? ORDER BY u.follower_count DESC, f.fid ASC LIMIT 100`,
      )
      .pluck()
      .all(params.viewer_fid, channel.id) as number[];
    return relevant(store, fids, view);
  },

  fetchChannelMembers(call) {
    const { store, params } = call;
    const channel = requireChannel(store, params.channel_id, 'channel_id');
    if (params.fid !== undefined) requireUser(store, params.fid, 'fid');
    const [at, after] = decodeCursor(params.cursor, 2) ?? [MAX, MAX];
    const rows = store
      .stmt(
        `SELECT fid, role, created_at FROM channel_members
         WHERE channel_id = :id AND (:fid IS NULL OR fid = :fid)
           AND (created_at < :at OR (created_at = :at AND fid < :after))
         ORDER BY created_at DESC, fid DESC LIMIT :take`,
      )
      .all({ id: channel.id, fid: params.fid ?? null, at, after, take: params.limit + 1 }) as (Dated & {
      role: string;
    })[];
    const page = pageOf(rows, params.limit, (r) => [r.created_at, r.fid]);
    const users = hydrateUsers(
      store,
      page.items.map((r) => r.fid),
      { origin: call.origin },
    );
    const dehydrated = channelDehydrated(store, channel, call.origin);
    return {
      members: page.items
        .filter((r) => users.has(r.fid))
        .map((r) => ({
          object: 'member' as const,
          role: specRole(r.role),
          user: users.get(r.fid)!,
          channel: dehydrated,
        })),
      next: page.next,
    };
  },

  fetchUserChannelMemberships(call) {
    const { store, params } = call;
    requireUser(store, params.fid, 'fid');
    const [at, after] = decodeCursor(params.cursor, 2) ?? [MAX, '\uffff'];
    const rows = store
      .stmt(
        `SELECT channel_id, role, created_at FROM channel_members
         WHERE fid = ? AND (created_at < ? OR (created_at = ? AND channel_id < ?))
         ORDER BY created_at DESC, channel_id DESC LIMIT ?`,
      )
      .all(params.fid, at, at, after, params.limit + 1) as {
      channel_id: string;
      role: string;
      created_at: number;
    }[];
    const page = pageOf(rows, params.limit, (r) => [r.created_at, r.channel_id]);
    const channels = hydrateChannels(
      store,
      page.items.map((r) => r.channel_id),
      { origin: call.origin },
    );
    const user = userDehydrated(store, [params.fid], call.origin).get(params.fid)!;
    return {
      members: page.items
        .filter((r) => channels.has(r.channel_id))
        .map((r) => ({
          object: 'member' as const,
          role: specRole(r.role),
          user,
          channel: channels.get(r.channel_id)!,
        })),
      next: page.next,
    };
  },

  fetchUserChannels(call) {
    const { store, params } = call;
    requireUser(store, params.fid, 'fid');
    const [at, after] = decodeCursor(params.cursor, 2) ?? [MAX, '\uffff'];
    const rows = store
      .stmt(
        `SELECT channel_id, created_at FROM channel_follows
         WHERE fid = ? AND (created_at < ? OR (created_at = ? AND channel_id < ?))
         ORDER BY created_at DESC, channel_id DESC LIMIT ?`,
      )
      .all(params.fid, at, at, after, params.limit + 1) as { channel_id: string; created_at: number }[];
    const page = pageOf(rows, params.limit, (r) => [r.created_at, r.channel_id]);
    const channels = hydrateChannelList(
      store,
      page.items.map((r) => r.channel_id),
      { origin: call.origin },
    );
    return { channels, next: page.next };
  },

  fetchUsersActiveChannels(call) {
    const { store, params } = call;
    requireUser(store, params.fid, 'fid');
    const [at, after] = decodeCursor(params.cursor, 2) ?? [MAX, '\uffff'];
    // Channels the user cast in, most recent activity first.
    const rows = store
      .stmt(
        `SELECT channel_id, MAX(ts) AS last FROM casts
         WHERE fid = ? AND channel_id IS NOT NULL AND deleted = 0
         GROUP BY channel_id HAVING last < ? OR (last = ? AND channel_id < ?)
         ORDER BY last DESC, channel_id DESC LIMIT ?`,
      )
      .all(params.fid, at, at, after, params.limit + 1) as { channel_id: string; last: number }[];
    const page = pageOf(rows, params.limit, (r) => [r.last, r.channel_id]);
    return {
      channels: hydrateChannelList(
        store,
        page.items.map((r) => r.channel_id),
        { origin: call.origin },
      ),
      next: page.next,
    };
  },

  fetchChannelInvites(call) {
    const { store, params } = call;
    if (params.channel_id !== undefined) requireChannel(store, params.channel_id, 'channel_id');
    if (params.invited_fid !== undefined) requireUser(store, params.invited_fid, 'invited_fid');
    const [at, channelAfter, fidAfter, roleAfter] = decodeCursor(params.cursor, 4) ?? [MAX, '', 0, ''];
    const rows = store
      .stmt(
        `SELECT channel_id, invited_fid, inviter_fid, role, created_at FROM channel_invites
         WHERE status = 'pending' AND (:channel IS NULL OR channel_id = :channel)
           AND (:invited IS NULL OR invited_fid = :invited)
           AND (created_at < :at OR (created_at = :at AND (channel_id, invited_fid, role) > (:c, :f, :r)))
         ORDER BY created_at DESC, channel_id, invited_fid, role LIMIT :take`,
      )
      .all({
        channel: params.channel_id ?? null,
        invited: params.invited_fid ?? null,
        at,
        c: channelAfter,
        f: fidAfter,
        r: roleAfter,
        take: params.limit + 1,
      }) as {
      channel_id: string;
      invited_fid: number;
      inviter_fid: number;
      role: string;
      created_at: number;
    }[];
    const page = pageOf(rows, params.limit, (r) => [r.created_at, r.channel_id, r.invited_fid, r.role]);
    const users = hydrateUsers(
      store,
      page.items.flatMap((r) => [r.inviter_fid, r.invited_fid]),
      { origin: call.origin },
    );
    return {
      invites: page.items
        .filter((r) => users.has(r.inviter_fid) && users.has(r.invited_fid))
        .map((r) => ({
          channel_id: r.channel_id,
          role: specRole(r.role),
          inviter: users.get(r.inviter_fid)!,
          invited: users.get(r.invited_fid)!,
        })),
      next: page.next,
    };
  },

  inviteChannelMember(call) {
    const { store, params } = call;
    const me = actAs(store, params.signer_uuid);
    const channel = requireChannel(store, params.channel_id, 'channel_id');
    requireUser(store, params.fid, 'fid');
    social.requireModerator(store, channel.id, me.fid);
    social.inviteMember(store, channel.id, me.fid, params.fid, params.role);
    return ok(`invited fid ${params.fid} to ${channel.id} as ${params.role}`);
  },

  respondChannelInvite(call) {
    const { store, params } = call;
    const me = actAs(store, params.signer_uuid);
    const channel = requireChannel(store, params.channel_id, 'channel_id');
    social.respondToInvite(store, channel.id, me.fid, params.role, params.accept === true);
    return ok(params.accept ? `joined ${channel.id}` : `declined the invite to ${channel.id}`);
  },

  removeChannelMember(call) {
    const { store, params } = call;
    const me = actAs(store, params.signer_uuid);
    const channel = requireChannel(store, params.channel_id, 'channel_id');
    requireUser(store, params.fid, 'fid');
    // Moderators remove anyone; a member may always remove themselves (leave).
    if (params.fid !== me.fid) social.requireModerator(store, channel.id, me.fid);
    social.removeMember(store, channel.id, params.fid, params.role);
    return ok(`removed fid ${params.fid} from ${channel.id}`);
  },

  followChannel(call) {
    const me = actAs(call.store, call.params.signer_uuid);
    const channel = requireChannel(call.store, call.params.channel_id, 'channel_id');
    social.followChannel(call.store, me.fid, channel.id);
    return ok(`following ${channel.id}`);
  },

  unfollowChannel(call) {
    const me = actAs(call.store, call.params.signer_uuid);
    const channel = requireChannel(call.store, call.params.channel_id, 'channel_id');
    social.unfollowChannel(call.store, me.fid, channel.id);
    return ok(`unfollowed ${channel.id}`);
  },
};
