// Mutes (per user), blocks (per user, shown in viewer_context) and bans (per app). Off-protocol
// state written through domain/social.ts; lists walk (time, fid) newest first.
import type { V2Handlers } from '../../api/dispatch.js';
import * as social from '../../domain/social.js';
import { ValidationError } from '../../ground/errors.js';
import { hydrateUsers, requireUser } from '../../hydrate/user.js';
import { actAs } from '../../protocol/actions.js';
import { isoTime } from '../../store/clock.js';
import { bansPage, blocksPage, mutesPage } from '../../store/queries/moderation.js';
import { nextCursor, pageWindow } from '../cursor.js';
import { fidArray, ok } from './social-common.js';

export const moderationHandlers: V2Handlers = {
  fetchMuteList(call) {
    const { store, params } = call;
    requireUser(store, params.fid, 'fid');
    const page = mutesPage(store, params.fid, pageWindow(params, 2));
    const users = hydrateUsers(
      store,
      page.rows.map((r) => r.other),
      { origin: call.origin },
    );
    return {
      mutes: page.rows
        .filter((r) => users.has(r.other))
        .map((r) => ({
          object: 'mute',
          muted: users.get(r.other)!,
          muted_at: isoTime(r.at),
          timestamp: isoTime(r.at),
        })),
      next: nextCursor(page.next),
    };
  },

  publishMute(call) {
    const { store, params } = call;
    requireUser(store, params.fid, 'fid');
    requireUser(store, params.muted_fid, 'muted_fid');
    social.mute(store, params.fid, params.muted_fid);
    return ok(`fid ${params.fid} muted fid ${params.muted_fid}`);
  },

  deleteMute(call) {
    const { store, params } = call;
    requireUser(store, params.fid, 'fid');
    requireUser(store, params.muted_fid, 'muted_fid');
    social.unmute(store, params.fid, params.muted_fid);
    return ok(`fid ${params.fid} unmuted fid ${params.muted_fid}`);
  },

  fetchBlockList(call) {
    const { store, params } = call;
    const { blocker_fid: blocker, blocked_fid: blocked } = params;
    if (blocker === undefined && blocked === undefined) {
      throw new ValidationError('give blocker_fid or blocked_fid', 'blocker_fid', 'RequiredField');
    }
    if (blocker !== undefined) requireUser(store, blocker, 'blocker_fid');
    if (blocked !== undefined) requireUser(store, blocked, 'blocked_fid');
    const page = blocksPage(store, { blocker, blocked }, pageWindow(params, 2));
    const users = hydrateUsers(
      store,
      page.rows.flatMap((r) => [r.fid, r.blocked_fid]),
      { origin: call.origin },
    );
    return {
      blocks: page.rows.map((r) => ({
        object: 'block',
        blocker: users.get(r.fid),
        blocked: users.get(r.blocked_fid),
        blocked_at: isoTime(r.at),
        timestamp: isoTime(r.at),
      })),
      next: nextCursor(page.next),
    };
  },

  publishBlock(call) {
    const { store, params } = call;
    const me = actAs(store, params.signer_uuid);
    requireUser(store, params.blocked_fid, 'blocked_fid');
    social.block(store, me.fid, params.blocked_fid);
    return ok(`fid ${me.fid} blocked fid ${params.blocked_fid}`);
  },

  deleteBlock(call) {
    const { store, params } = call;
    const me = actAs(store, params.signer_uuid);
    requireUser(store, params.blocked_fid, 'blocked_fid');
    social.unblock(store, me.fid, params.blocked_fid);
    return ok(`fid ${me.fid} unblocked fid ${params.blocked_fid}`);
  },

  fetchBanList(call) {
    const { store, params } = call;
    const page = bansPage(store, pageWindow(params, 2));
    const users = hydrateUsers(
      store,
      page.rows.map((r) => r.fid),
      { origin: call.origin },
    );
    return {
      bans: page.rows
        .filter((r) => users.has(r.fid))
        .map((r) => ({
          object: 'ban',
          banned: users.get(r.fid)!,
          banned_at: isoTime(r.at),
          timestamp: isoTime(r.at),
        })),
      next: nextCursor(page.next),
    };
  },

  publishBans(call) {
    const fids = fidArray(call.params.fids, 'fids');
    for (const fid of fids) requireUser(call.store, fid, 'fids');
    const n = social.ban(call.store, fids);
    return { success: true, message: `banned ${n} new fid${n === 1 ? '' : 's'}` };
  },

  deleteBans(call) {
    const fids = fidArray(call.params.fids, 'fids');
    for (const fid of fids) requireUser(call.store, fid, 'fids');
    const n = social.unban(call.store, fids);
    return { success: true, message: `unbanned ${n} fid${n === 1 ? '' : 's'}` };
  },
};
