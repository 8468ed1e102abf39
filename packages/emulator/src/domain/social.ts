// Off-protocol social state the v2 API keeps: channel follows, memberships and invites, blocks,
// mutes and app bans. None of these are Farcaster messages, so they are plain rows written here,
// each change in one transaction.
import { ConflictError, NotFoundError, PermissionDeniedError, ValidationError } from '../ground/errors.js';
import {
  answerInvite,
  channelTiesOf,
  deleteChannelFollow,
  deleteInvite,
  deleteMember,
  demoteToMember,
  insertChannelFollow,
  isChannelLead,
  memberRole,
  setChannelLead,
  upsertInvite,
  upsertMember,
} from '../store/queries/channels.js';
import {
  deleteBan,
  deleteBlock,
  deleteMute,
  insertBan,
  insertBlock,
  insertMute,
  moderationTiesOf,
} from '../store/queries/moderation.js';
import type { Store } from '../store/store.js';

export type ChannelRole = 'member' | 'moderator';

/** true when the follow is new. */
export function followChannel(store: Store, fid: number, channelId: string): boolean {
  return insertChannelFollow(store, channelId, fid, store.now());
}

export function unfollowChannel(store: Store, fid: number, channelId: string): boolean {
  return deleteChannelFollow(store, channelId, fid);
}

/** Only the lead (owner) and moderators may invite or remove members. */
export function requireModerator(store: Store, channelId: string, fid: number): void {
  const role = memberRole(store, channelId, fid);
  // The lead moderates whatever their membership row says.
  if (!isChannelLead(store, channelId, fid) && role !== 'owner' && role !== 'moderator') {
    throw new PermissionDeniedError(`fid ${fid} does not moderate channel ${channelId}`, 'signer_uuid');
  }
}

export function inviteMember(
  store: Store,
  channelId: string,
  inviter: number,
  invited: number,
  role: ChannelRole,
): void {
  store.tx(() => {
    const current = memberRole(store, channelId, invited);
    if (current && (current !== 'member' || role === 'member')) {
      throw new ConflictError(`fid ${invited} is already a ${current} of channel ${channelId}`, 'fid');
    }
    upsertInvite(store, { channelId, invited, inviter, role, at: store.now() });
  });
}

/** Accepting makes the invited fid a member (or moderator) and a follower of the channel. */
export function respondToInvite(
  store: Store,
  channelId: string,
  fid: number,
  role: ChannelRole,
  accept: boolean,
): void {
  store.tx(() => {
    if (!answerInvite(store, channelId, fid, role, accept ? 'accepted' : 'rejected')) {
      throw new NotFoundError(
        `no pending ${role} invite for fid ${fid} in channel ${channelId}`,
        'channel_id',
      );
    }
    if (!accept) return;
    upsertMember(store, channelId, fid, role, store.now());
    followChannel(store, fid, channelId);
  });
}

/** Removing a moderator demotes them to member; removing a member drops the membership. */
export function removeMember(store: Store, channelId: string, fid: number, role: ChannelRole): void {
  store.tx(() => {
    const current = memberRole(store, channelId, fid);
    if (!current) throw new NotFoundError(`fid ${fid} is not a member of channel ${channelId}`, 'fid');
    if (current === 'owner' || isChannelLead(store, channelId, fid))
      throw new ValidationError(`fid ${fid} leads channel ${channelId}`, 'fid');
    if (role === 'moderator') {
      if (current !== 'moderator')
        throw new NotFoundError(`fid ${fid} is not a moderator of ${channelId}`, 'fid');
      demoteToMember(store, channelId, fid);
    } else {
      deleteMember(store, channelId, fid);
    }
  });
}

export function block(store: Store, blocker: number, blocked: number): boolean {
  if (blocker === blocked) throw new ValidationError('a user cannot block themselves', 'blocked_fid');
  return insertBlock(store, blocker, blocked, store.now());
}

export function unblock(store: Store, blocker: number, blocked: number): boolean {
  return deleteBlock(store, blocker, blocked);
}

export function mute(store: Store, fid: number, muted: number): boolean {
  if (fid === muted) throw new ValidationError('a user cannot mute themselves', 'muted_fid');
  return insertMute(store, fid, muted, store.now());
}

export function unmute(store: Store, fid: number, muted: number): boolean {
  return deleteMute(store, fid, muted);
}

export function ban(store: Store, fids: readonly number[]): number {
  return store.tx(() => {
    const now = store.now();
    let n = 0;
    for (const fid of fids) if (insertBan(store, fid, now)) n++;
    return n;
  });
}

export function unban(store: Store, fids: readonly number[]): number {
  return store.tx(() => {
    let n = 0;
    for (const fid of fids) if (deleteBan(store, fid)) n++;
    return n;
  });
}

/** What moveSocialTies moved: channel memberships (roles kept), channel follows, channels led, and mutes, blocks and a ban. */
export interface MovedTies {
  channels: number;
  channel_follows: number;
  moderation: number;
}

/**
 * A user moving to another fid (move-aside) takes its off-protocol state along, each row keeping
 * its time: memberships with their roles, channel follows, the channels it leads, pending
 * invites, its mutes and blocks and others' of it, an app ban. Nothing of it stays on `from`.
 */
export function moveSocialTies(store: Store, from: number, to: number): MovedTies {
  const ties = channelTiesOf(store, from);
  for (const m of ties.members) {
    deleteMember(store, m.channel_id, from);
    upsertMember(store, m.channel_id, to, m.role, m.created_at);
  }
  for (const f of ties.follows) {
    deleteChannelFollow(store, f.channel_id, from);
    insertChannelFollow(store, f.channel_id, to, f.created_at);
  }
  for (const id of ties.leads) setChannelLead(store, id, to);
  for (const i of ties.invites) {
    deleteInvite(store, i.channel_id, from, i.role);
    upsertInvite(store, {
      channelId: i.channel_id,
      invited: to,
      inviter: i.inviter_fid,
      role: i.role,
      at: i.created_at,
    });
  }
  const mod = moderationTiesOf(store, from);
  for (const m of mod.mutes) if (deleteMute(store, from, m.other)) insertMute(store, to, m.other, m.at);
  for (const m of mod.mutedBy) if (deleteMute(store, m.other, from)) insertMute(store, m.other, to, m.at);
  for (const b of mod.blocks) if (deleteBlock(store, from, b.other)) insertBlock(store, to, b.other, b.at);
  for (const b of mod.blockedBy) if (deleteBlock(store, b.other, from)) insertBlock(store, b.other, to, b.at);
  if (mod.bannedAt !== undefined && deleteBan(store, from)) insertBan(store, to, mod.bannedAt);
  return {
    channels: ties.members.length,
    channel_follows: ties.follows.length,
    moderation:
      mod.mutes.length +
      mod.mutedBy.length +
      mod.blocks.length +
      mod.blockedBy.length +
      (mod.bannedAt === undefined ? 0 : 1),
  };
}
