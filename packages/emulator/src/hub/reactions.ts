// Hub reaction reads: one reaction, reactions to a cast, by a user, or to a URL.
import type { HubHandlers } from '../api/dispatch.js';
import { NotFoundError } from '../ground/errors.js';
import { localHashFor } from '../store/queries/imports.js';
import {
  reactionByKey,
  reactionHashesByFidPage,
  reactionHashesToAnyTypePage,
  reactionHashesToPage,
} from '../store/queries/reactions.js';
import { hexParam, pagedMessages, REACTION_TYPE, requiredSpelling, spelling } from './common.js';
import { pageRequest } from './paging.js';
import { renderStoredAs } from './render.js';

export const reactionHandlers: HubHandlers = {
  lookupReactionById({ store, params }) {
    const type = requiredSpelling(params.reaction_type, 'reaction_type', REACTION_TYPE);
    const { fid } = params;
    // Reactions are keyed by their target hash; target_fid is checked (at the edge) but not needed.
    const target = localHashFor(store, hexParam(params.target_hash, 'target_hash', 20)!);
    const reaction = reactionByKey(store, fid, type, target);
    if (!reaction) throw new NotFoundError('reaction not found');
    return renderStoredAs(store, reaction.hash, 'reactionBody');
  },

  fetchCastReactions({ store, params }) {
    const target = localHashFor(store, params.target_hash.toLowerCase());
    const type = requiredSpelling(params.reaction_type, 'reaction_type', REACTION_TYPE);
    return pagedMessages(
      store,
      (w) => reactionHashesToPage(store, target, type, w),
      pageRequest(params),
      'reactionBody',
    );
  },

  fetchUserReactions({ store, params }) {
    const type = requiredSpelling(params.reaction_type, 'reaction_type', REACTION_TYPE);
    return pagedMessages(
      store,
      (w) => reactionHashesByFidPage(store, params.fid, type, w),
      pageRequest(params),
      'reactionBody',
    );
  },

  fetchReactionsByTarget({ store, params }) {
    // Without reaction_type a hub lists reactions of every type.
    const type = spelling(params.reaction_type, 'reaction_type', REACTION_TYPE);
    return pagedMessages(
      store,
      (w) => reactionHashesToAnyTypePage(store, params.url, type, w),
      pageRequest(params),
      'reactionBody',
    );
  },
};
