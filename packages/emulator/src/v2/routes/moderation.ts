// Mutes (per user), blocks (per user, shown in viewer_context) and bans (per app). Off-protocol
// state written through store/social.ts; lists walk (time, fid) newest first.
import type { V2Handlers } from '../../api/dispatch.js';
import { actAs } from '../../protocol/actions.js';
import { ValidationError } from '../../protocol/errors.js';
import * as social from '../../store/social.js';
import { decodeCursor, pageOf } from '../cursor.js';
import { isoTime } from '../hydrate/cast-rows.js';
import { hydrateUsers, requireUser } from '../hydrate/user.js';
import { fidArray, ok } from './social-common.js';

const MAX = Number.MAX_SAFE_INTEGER;
type Row = { fid: number; other: number; at: number };

export const moderationHandlers: V2Handlers = {
  fetchMuteList(call) {
    const { store, params } = call;
    requireUser(store, params.fid, 'fid');
    const [at, after] = decodeCursor(params.cursor, 2) ?? [MAX, MAX];
    const rows = store
      .stmt(
        `SELECT fid, muted_fid AS other, created_at AS at FROM mutes
         WHERE fid = ? AND (created_at < ? OR (created_at = ? AND muted_fid < ?))
         ORDER BY created_at DESC, muted_fid DESC LIMIT ?`,
      )
      .all(params.fid, at, at, after, params.limit + 1) as Row[];
    const page = pageOf(rows, params.limit, (r) => [r.at, r.other]);
    const users = hydrateUsers(
      store,
      page.items.map((r) => r.other),
      { origin: call.origin },
    );
    return {
      mutes: page.items
        .filter((r) => users.has(r.other))
        .map((r) => ({
          object: 'mute',
          muted: users.get(r.other)!,
          muted_at: isoTime(r.at),
          timestamp: isoTime(r.at),
        })),
      next: page.next,
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
    // Walk by the side that is fixed; the other fid breaks ties in the cursor.
    const bySide = blocker !== undefined;
    const [at, after] = decodeCursor(params.cursor, 2) ?? [MAX, MAX];
    const other = bySide ? 'blocked_fid' : 'blocker_fid';
    const rows = store
      .stmt(
        `SELECT blocker_fid AS fid, blocked_fid, ${other} AS other, created_at AS at FROM blocks
         WHERE (:blocker IS NULL OR blocker_fid = :blocker) AND (:blocked IS NULL OR blocked_fid = :blocked)
           AND (created_at < :at OR (created_at = :at AND ${other} < :after))
         ORDER BY created_at DESC, ${other} DESC LIMIT :take`,
      )
      .all({
        blocker: blocker ?? null,
        blocked: blocked ?? null,
        at,
        after,
        take: params.limit + 1,
      }) as (Row & {
      blocked_fid: number;
    })[];
    const page = pageOf(rows, params.limit, (r) => [r.at, r.other]);
    const users = hydrateUsers(
      store,
      page.items.flatMap((r) => [r.fid, r.blocked_fid]),
      { origin: call.origin },
    );
    return {
      blocks: page.items.map((r) => ({
        object: 'block',
        blocker: users.get(r.fid),
        blocked: users.get(r.blocked_fid),
        blocked_at: isoTime(r.at),
        timestamp: isoTime(r.at),
      })),
      next: page.next,
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
    const [at, after] = decodeCursor(params.cursor, 2) ?? [MAX, MAX];
    const rows = store
      .stmt(
        `SELECT fid, fid AS other, banned_at AS at FROM bans
         WHERE banned_at < ? OR (banned_at = ? AND fid < ?) ORDER BY banned_at DESC, fid DESC LIMIT ?`,
      )
      .all(at, at, after, params.limit + 1) as Row[];
    const page = pageOf(rows, params.limit, (r) => [r.at, r.fid]);
    const users = hydrateUsers(
      store,
      page.items.map((r) => r.fid),
      { origin: call.origin },
    );
    return {
      bans: page.items
        .filter((r) => users.has(r.fid))
        .map((r) => ({
          object: 'ban',
          banned: users.get(r.fid)!,
          banned_at: isoTime(r.at),
          timestamp: isoTime(r.at),
        })),
      next: page.next,
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
