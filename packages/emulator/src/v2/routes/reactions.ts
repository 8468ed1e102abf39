// Reaction operations: like / recast and their removal through the write path, and reaction lists
// by cast and by user (keyset pages, newest first).
import type { OperationResponse } from '@castkit/sdk/2.x';
import type { V2Handlers, V2Response } from '../../api/dispatch.js';
import { castHashParam } from '../../api/params.js';
import { hydrateCasts } from '../../hydrate/cast.js';
import { requireCast } from '../../hydrate/cast-rows.js';
import { hydrateUsers, requireUser, userDehydrated } from '../../hydrate/user.js';
import { actAs } from '../../protocol/actions.js';
import { isoTime } from '../../store/clock.js';
import { castReactionsPage, type ReactionType, userReactionsPage } from '../../store/queries/reactions.js';
import { viewerOf } from '../casts/page.js';
import { castOrUrl } from '../casts/publish.js';
import { nextCursor, pageWindow } from '../cursor.js';

type Kind = 'like' | 'recast';
const KIND_OF: Record<number, Kind> = { 1: 'like', 2: 'recast' };
const OBJECT_OF = { like: 'likes', recast: 'recasts' } as const;

/** reactions types (csv of all | likes | recasts) to protocol type codes. */
function typeCodes(types: string[]): ReactionType[] {
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

  fetchCastReactions({ store, params, origin }): V2Response<'fetchCastReactions'> {
    const cast = requireCast(store, castHashParam(params.hash, 'hash'));
    const page = castReactionsPage(store, cast.hash, typeCodes(params.types), pageWindow(params, 3));
    const items = page.rows;
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
      next: nextCursor(page.next),
    };
  },

  fetchUserReactions({ store, params, origin }): V2Response<'fetchUserReactions'> {
    requireUser(store, params.fid);
    // Only reactions to casts that still exist: the spec's item carries the whole cast.
    const page = userReactionsPage(store, params.fid, typeCodes([params.type]), pageWindow(params, 3));
    const items = page.rows;
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
      next: nextCursor(page.next),
    };
  },
};
