// Hub reaction reads: one reaction, reactions to a cast, by a user, or to a URL.
import type { HubHandlers } from '../api/dispatch.js';
import { NotFoundError } from '../protocol/errors.js';
import { hexParam, pagedMessages, REACTION_TYPE, requiredSpelling, spelling } from './common.js';
import { renderStoredAs } from './render.js';

export const reactionHandlers: HubHandlers = {
  lookupReactionById({ store, params }) {
    const type = requiredSpelling(params.reaction_type, 'reaction_type', REACTION_TYPE);
    const { fid } = params;
    // Reactions are keyed by their target hash; target_fid is checked (at the edge) but not needed.
    const target = hexParam(params.target_hash, 'target_hash', 20)!;
    const hash = store
      .stmt('SELECT hash FROM reactions WHERE fid = ? AND type = ? AND target = ?')
      .pluck()
      .get(fid, type, target) as string | undefined;
    if (!hash) throw new NotFoundError('reaction not found');
    return renderStoredAs(store, hash, 'reactionBody');
  },

  fetchCastReactions({ store, params }) {
    const target = params.target_hash.toLowerCase();
    const type = requiredSpelling(params.reaction_type, 'reaction_type', REACTION_TYPE);
    return pagedMessages(
      store,
      params,
      {
        sql: 'SELECT hash, ts, fid FROM reactions WHERE target = ? AND type = ?',
        params: [target, type],
        keys: ['ts', 'fid'],
      },
      'reactionBody',
    );
  },

  fetchUserReactions({ store, params }) {
    const type = requiredSpelling(params.reaction_type, 'reaction_type', REACTION_TYPE);
    return pagedMessages(
      store,
      params,
      {
        sql: 'SELECT hash, ts, target FROM reactions WHERE fid = ? AND type = ?',
        params: [params.fid, type],
        keys: ['ts', 'target'],
      },
      'reactionBody',
    );
  },

  fetchReactionsByTarget({ store, params }) {
    // Without reaction_type a hub lists reactions of every type.
    const type = spelling(params.reaction_type, 'reaction_type', REACTION_TYPE);
    return pagedMessages(
      store,
      params,
      {
        sql: `SELECT hash, ts, fid, type FROM reactions WHERE target = ?${type === undefined ? '' : ' AND type = ?'}`,
        params: type === undefined ? [params.url] : [params.url, type],
        keys: ['ts', 'fid', 'type'],
      },
      'reactionBody',
    );
  },
};
