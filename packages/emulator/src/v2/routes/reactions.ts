// Reaction operations: like / recast and their removal through the write path, and reaction lists
// by cast and by user (keyset pages, newest first).
import type { OperationResponse, ReactionsCastResponse, ReactionsResponse } from '@castkit/sdk';
import type { V2Handlers } from '../../api/dispatch.js';
import { actAs } from '../../protocol/actions.js';
import { IN_JSON } from '../../store/store.js';
import { viewerOf } from '../casts/page.js';
import { castOrUrl } from '../casts/publish.js';
import { decodeCursor, pageOf } from '../cursor.js';
import { hydrateCasts } from '../hydrate/cast.js';
import { castHashParam, isoTime, requireCast } from '../hydrate/cast-rows.js';
import { hydrateUsers, requireUser, userDehydrated } from '../hydrate/user.js';

type Kind = 'like' | 'recast';
const KIND_OF: Record<number, Kind> = { 1: 'like', 2: 'recast' };
const OBJECT_OF = { like: 'likes', recast: 'recasts' } as const;

/** reactions types (csv of all | likes | recasts) to protocol type codes. */
function typeCodes(types: string[]): number[] {
  if (types.includes('all')) return [1, 2];
  return [...new Set(types.map((t) => (t === 'likes' ? 1 : 2)))];
}

export const reactionHandlers: V2Handlers = {
  async publishReaction({ store, params }): Promise<OperationResponse> {
    const me = actAs(store, params.signer_uuid);
    await me.reactionAdd(params.reaction_type, castOrUrl(store, params.target, 'target'));
    return { success: true, message: `${params.reaction_type} added` };
  },

  async deleteReaction({ store, params }): Promise<OperationResponse> {
    const me = actAs(store, params.signer_uuid);
    await me.reactionRemove(params.reaction_type, castOrUrl(store, params.target, 'target'));
    return { success: true, message: `${params.reaction_type} removed` };
  },

  fetchCastReactions({ store, params, origin }): ReactionsCastResponse {
    const cast = requireCast(store, castHashParam(params.hash, 'hash'));
    const after = decodeCursor(params.cursor, 3);
    const rows = store
      .stmt(
        `SELECT fid, type, ts FROM reactions WHERE target = ? AND type IN (${IN_JSON})
           AND (? IS NULL OR ts < ? OR (ts = ? AND (type < ? OR (type = ? AND fid < ?))))
         ORDER BY ts DESC, type DESC, fid DESC LIMIT ?`,
      )
      .all(cast.hash, JSON.stringify(typeCodes(params.types)), ...keyBinds(after), params.limit + 1) as {
      fid: number;
      type: number;
      ts: number;
    }[];
    const { items, next } = pageOf(rows, params.limit, (r) => [r.ts, r.type, r.fid]);
    const users = hydrateUsers(
      store,
      items.map((r) => r.fid),
      viewerOf(params, origin),
    );
    return {
      reactions: items.flatMap((r) => {
        const user = users.get(r.fid);
        const kind = KIND_OF[r.type]!;
        return user
          ? [{ reaction_type: kind, reaction_timestamp: isoTime(r.ts), object: OBJECT_OF[kind], user }]
          : [];
      }),
      next,
    };
  },

  fetchUserReactions({ store, params, origin }): ReactionsResponse {
    requireUser(store, params.fid);
    const after = decodeCursor(params.cursor, 3);
    // Only reactions to casts that still exist: the spec's item carries the whole cast.
    const rows = store
      .stmt(
        `SELECT r.target, r.type, r.ts FROM reactions r JOIN casts c ON c.hash = r.target AND c.deleted = 0
         WHERE r.fid = ? AND r.type IN (${IN_JSON})
           AND (? IS NULL OR r.ts < ? OR (r.ts = ? AND (r.type < ? OR (r.type = ? AND r.target < ?))))
         ORDER BY r.ts DESC, r.type DESC, r.target DESC LIMIT ?`,
      )
      .all(params.fid, JSON.stringify(typeCodes([params.type])), ...keyBinds(after), params.limit + 1) as {
      target: string;
      type: number;
      ts: number;
    }[];
    const { items, next } = pageOf(rows, params.limit, (r) => [r.ts, r.type, r.target]);
    const casts = hydrateCasts(
      store,
      items.map((r) => r.target),
      viewerOf(params, origin),
    );
    const user = userDehydrated(store, [params.fid], origin).get(params.fid)!;
    return {
      reactions: items.flatMap((r) => {
        const cast = casts.get(r.target);
        const kind = KIND_OF[r.type]!;
        return cast
          ? [{ reaction_type: kind, cast, reaction_timestamp: isoTime(r.ts), object: OBJECT_OF[kind], user }]
          : [];
      }),
      next,
    };
  },
};

/** Binds for "after (ts, type, x)" in the reaction list queries; all null-safe when there is no cursor. */
function keyBinds(after: readonly (string | number)[] | undefined): unknown[] {
  if (!after) return [null, 0, 0, 0, 0, ''];
  const [ts, type, x] = after;
  return [1, ts, ts, type, type, x];
}
