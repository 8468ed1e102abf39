// Channels: lookups, lists, search, trending, followers, members and invites, follow/unfollow.
// Channel state is off-protocol (no Farcaster messages), written through domain/social.ts.
import type { V2Handlers } from '../../api/dispatch.js';
import * as social from '../../domain/social.js';
import { NotFoundError, ValidationError } from '../../ground/errors.js';
import {
  channelDehydrated,
  findChannel,
  hydrateChannelList,
  hydrateChannels,
  requireChannel,
} from '../../hydrate/channel.js';
import { hydrateUserList, hydrateUsers, requireUser, userDehydrated } from '../../hydrate/user.js';
import { specRole } from '../../hydrate/viewer.js';
import { actAs } from '../../protocol/actions.js';
import {
  activeChannelsPage,
  channelFollowersFollowedBy,
  channelFollowersPage,
  channelIdsBy,
  channelMembersPage,
  channelSearchPage,
  channelsPage,
  followedChannelsPage,
  membershipsPage,
  pendingInvitesPage,
  trendingChannelsPage,
} from '../../store/queries/channels.js';
import { nextCursor, pageWindow } from '../cursor.js';
import { relevant } from './follows.js';
import { capped, likeEscape, ok, viewOf } from './social-common.js';

/** fetchRelevantFollowersForAChannel lists at most this many. */
const RELEVANT_FOLLOWERS = 100;
const WINDOW_DAYS = { '1d': 1, '7d': 7, '30d': 30 } as const;

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
    const idOf = channelIdsBy(call.store, call.params.type === 'parent_url' ? 'url' : 'id', keys);
    // Unknown ids are skipped, as in the other bulk reads; nothing at all found is a 404.
    const ids = keys.flatMap((k) => idOf.get(k) ?? []);
    if (!ids.length) throw new NotFoundError(`no channel found for ids ${keys.join(', ')}`, 'ids');
    return { channels: hydrateChannelList(call.store, ids, viewOf(call)) };
  },

  fetchAllChannels(call) {
    const { store, params } = call;
    const page = channelsPage(store, pageWindow(params, 1));
    return {
      channels: hydrateChannelList(
        store,
        page.rows.map((r) => r.id),
        { origin: call.origin },
      ),
      next: nextCursor(page.next),
    };
  },

  searchChannels(call) {
    const { store, params } = call;
    const q = params.q.trim().replace(/^\//, '');
    if (!q) throw new ValidationError('q must not be blank', 'q', 'InvalidField');
    const page = channelSearchPage(store, `${likeEscape(q)}%`, pageWindow(params, 1));
    // 3.x callers may name a viewer (2.44's spec has no viewer_fid here): their channels' viewer_context.
    const viewerFid = 'viewer_fid' in params ? params.viewer_fid : undefined;
    if (viewerFid !== undefined) requireUser(store, viewerFid, 'viewer_fid');
    return {
      channels: hydrateChannelList(
        store,
        page.rows.map((r) => r.id),
        { origin: call.origin, viewerFid },
      ),
      next: nextCursor(page.next),
    };
  },

  fetchTrendingChannels(call) {
    const { store, params } = call;
    const days = WINDOW_DAYS[params.time_window ?? '7d'];
    const page = trendingChannelsPage(store, store.now(), days, pageWindow(params, 2));
    const channels = hydrateChannels(
      store,
      page.rows.map((r) => r.id),
      { origin: call.origin },
    );
    return {
      channels: page.rows.map((r) => ({
        object: 'channel_activity' as const,
        cast_count_1d: String(r.d1),
        cast_count_7d: String(r.d7),
        cast_count_30d: String(r.d30),
        channel: channels.get(r.id)!,
      })),
      next: nextCursor(page.next),
    };
  },

  fetchFollowersForAChannel(call) {
    const { store, params } = call;
    const channel = requireChannel(store, params.id, 'id');
    const view = viewOf(call);
    const page = channelFollowersPage(store, channel.id, pageWindow(params, 2));
    return {
      users: hydrateUserList(
        store,
        page.rows.map((r) => r.fid),
        view,
      ),
      next: nextCursor(page.next),
    };
  },

  fetchRelevantFollowersForAChannel(call) {
    const { store, params } = call;
    const channel = requireChannel(store, params.id, 'id');
    const view = viewOf(call);
    const fids = channelFollowersFollowedBy(store, channel.id, params.viewer_fid, RELEVANT_FOLLOWERS);
    return relevant(store, fids, view);
  },

  fetchChannelMembers(call) {
    const { store, params } = call;
    const channel = requireChannel(store, params.channel_id, 'channel_id');
    if (params.fid !== undefined) requireUser(store, params.fid, 'fid');
    const page = channelMembersPage(store, channel.id, params.fid, pageWindow(params, 2));
    const users = hydrateUsers(
      store,
      page.rows.map((r) => r.fid),
      { origin: call.origin },
    );
    const dehydrated = channelDehydrated(store, channel, call.origin);
    return {
      members: page.rows
        .filter((r) => users.has(r.fid))
        .map((r) => ({
          object: 'member' as const,
          role: specRole(r.role),
          user: users.get(r.fid)!,
          channel: dehydrated,
        })),
      next: nextCursor(page.next),
    };
  },

  fetchUserChannelMemberships(call) {
    const { store, params } = call;
    requireUser(store, params.fid, 'fid');
    const page = membershipsPage(store, params.fid, pageWindow(params, 2));
    const channels = hydrateChannels(
      store,
      page.rows.map((r) => r.channel_id),
      { origin: call.origin },
    );
    const user = userDehydrated(store, [params.fid], call.origin).get(params.fid)!;
    return {
      members: page.rows
        .filter((r) => channels.has(r.channel_id))
        .map((r) => ({
          object: 'member' as const,
          role: specRole(r.role),
          user,
          channel: channels.get(r.channel_id)!,
        })),
      next: nextCursor(page.next),
    };
  },

  fetchUserChannels(call) {
    const { store, params } = call;
    requireUser(store, params.fid, 'fid');
    const page = followedChannelsPage(store, params.fid, pageWindow(params, 2));
    const channels = hydrateChannelList(
      store,
      page.rows.map((r) => r.channel_id),
      { origin: call.origin },
    );
    return { channels, next: nextCursor(page.next) };
  },

  fetchUsersActiveChannels(call) {
    const { store, params } = call;
    requireUser(store, params.fid, 'fid');
    // Channels the user cast in, most recent activity first.
    const page = activeChannelsPage(store, params.fid, pageWindow(params, 2));
    return {
      channels: hydrateChannelList(
        store,
        page.rows.map((r) => r.channel_id),
        { origin: call.origin },
      ),
      next: nextCursor(page.next),
    };
  },

  fetchChannelInvites(call) {
    const { store, params } = call;
    if (params.channel_id !== undefined) requireChannel(store, params.channel_id, 'channel_id');
    if (params.invited_fid !== undefined) requireUser(store, params.invited_fid, 'invited_fid');
    const page = pendingInvitesPage(
      store,
      { channelId: params.channel_id, invitedFid: params.invited_fid },
      pageWindow(params, 4),
    );
    const users = hydrateUsers(
      store,
      page.rows.flatMap((r) => [r.inviter_fid, r.invited_fid]),
      { origin: call.origin },
    );
    return {
      invites: page.rows
        .filter((r) => users.has(r.inviter_fid) && users.has(r.invited_fid))
        .map((r) => ({
          channel_id: r.channel_id,
          role: specRole(r.role),
          inviter: users.get(r.inviter_fid)!,
          invited: users.get(r.invited_fid)!,
        })),
      next: nextCursor(page.next),
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
