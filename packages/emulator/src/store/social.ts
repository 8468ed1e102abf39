// Off-protocol social state the v2 API keeps: channel follows, memberships and invites, blocks,
// mutes and app bans. None of these are Farcaster messages, so they are plain rows written here,
// each change in one transaction.
import { ConflictError, NotFoundError, PermissionDeniedError, ValidationError } from '../protocol/errors.js';
import type { Store } from './store.js';

export type ChannelRole = 'member' | 'moderator';

/** true when the follow is new. */
export function followChannel(store: Store, fid: number, channelId: string): boolean {
  const r = store
    .stmt('INSERT OR IGNORE INTO channel_follows (channel_id, fid, created_at) VALUES (?, ?, ?)')
    .run(channelId, fid, store.now());
  return r.changes > 0;
}

export function unfollowChannel(store: Store, fid: number, channelId: string): boolean {
  return (
    store.stmt('DELETE FROM channel_follows WHERE channel_id = ? AND fid = ?').run(channelId, fid).changes > 0
  );
}

/** The member's stored role, or undefined when fid is not a member. */
export function memberRole(store: Store, channelId: string, fid: number): string | undefined {
  return store
    .stmt('SELECT role FROM channel_members WHERE channel_id = ? AND fid = ?')
    .pluck()
    .get(channelId, fid) as string | undefined;
}

/** Only the lead (owner) and moderators may invite or remove members. */
export function requireModerator(store: Store, channelId: string, fid: number): void {
  const role = memberRole(store, channelId, fid);
  // The lead moderates whatever their membership row says.
  const lead =
    store.stmt('SELECT 1 FROM channels WHERE id = ? AND lead_fid = ?').get(channelId, fid) !== undefined;
  if (!lead && role !== 'owner' && role !== 'moderator') {
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
    store
      .stmt(
        `INSERT INTO channel_invites (channel_id, invited_fid, inviter_fid, role, status, created_at)
         VALUES (?, ?, ?, ?, 'pending', ?)
         ON CONFLICT (channel_id, invited_fid, role)
         DO UPDATE SET inviter_fid = excluded.inviter_fid, status = 'pending', created_at = excluded.created_at`,
      )
      .run(channelId, invited, inviter, role, store.now());
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
    const updated = store
      .stmt(
        `UPDATE channel_invites SET status = ? WHERE channel_id = ? AND invited_fid = ? AND role = ? AND status = 'pending'`,
      )
      .run(accept ? 'accepted' : 'rejected', channelId, fid, role);
    if (updated.changes === 0) {
      throw new NotFoundError(
        `no pending ${role} invite for fid ${fid} in channel ${channelId}`,
        'channel_id',
      );
    }
    if (!accept) return;
    const now = store.now();
    store
      .stmt(
        `INSERT INTO channel_members (channel_id, fid, role, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (channel_id, fid) DO UPDATE SET role = CASE WHEN role = 'owner' THEN role ELSE excluded.role END`,
      )
      .run(channelId, fid, role, now);
    followChannel(store, fid, channelId);
  });
}

/** Removing a moderator demotes them to member; removing a member drops the membership. */
export function removeMember(store: Store, channelId: string, fid: number, role: ChannelRole): void {
  store.tx(() => {
    const current = memberRole(store, channelId, fid);
    if (!current) throw new NotFoundError(`fid ${fid} is not a member of channel ${channelId}`, 'fid');
    const lead =
      store.stmt('SELECT 1 FROM channels WHERE id = ? AND lead_fid = ?').get(channelId, fid) !== undefined;
    if (current === 'owner' || lead)
      throw new ValidationError(`fid ${fid} leads channel ${channelId}`, 'fid');
    if (role === 'moderator') {
      if (current !== 'moderator')
        throw new NotFoundError(`fid ${fid} is not a moderator of ${channelId}`, 'fid');
      store
        .stmt("UPDATE channel_members SET role = 'member' WHERE channel_id = ? AND fid = ?")
        .run(channelId, fid);
    } else {
      store.stmt('DELETE FROM channel_members WHERE channel_id = ? AND fid = ?').run(channelId, fid);
    }
  });
}

export function block(store: Store, blocker: number, blocked: number): boolean {
  if (blocker === blocked) throw new ValidationError('a user cannot block themselves', 'blocked_fid');
  return (
    store
      .stmt('INSERT OR IGNORE INTO blocks (blocker_fid, blocked_fid, created_at) VALUES (?, ?, ?)')
      .run(blocker, blocked, store.now()).changes > 0
  );
}

export function unblock(store: Store, blocker: number, blocked: number): boolean {
  return (
    store.stmt('DELETE FROM blocks WHERE blocker_fid = ? AND blocked_fid = ?').run(blocker, blocked).changes >
    0
  );
}

export function mute(store: Store, fid: number, muted: number): boolean {
  if (fid === muted) throw new ValidationError('a user cannot mute themselves', 'muted_fid');
  return (
    store
      .stmt('INSERT OR IGNORE INTO mutes (fid, muted_fid, created_at) VALUES (?, ?, ?)')
      .run(fid, muted, store.now()).changes > 0
  );
}

export function unmute(store: Store, fid: number, muted: number): boolean {
  return store.stmt('DELETE FROM mutes WHERE fid = ? AND muted_fid = ?').run(fid, muted).changes > 0;
}

export function ban(store: Store, fids: readonly number[]): number {
  return store.tx(() => {
    const now = store.now();
    let n = 0;
    for (const fid of fids)
      n += store.stmt('INSERT OR IGNORE INTO bans (fid, banned_at) VALUES (?, ?)').run(fid, now).changes;
    return n;
  });
}

export function unban(store: Store, fids: readonly number[]): number {
  return store.tx(() => {
    let n = 0;
    for (const fid of fids) n += store.stmt('DELETE FROM bans WHERE fid = ?').run(fid).changes;
    return n;
  });
}
