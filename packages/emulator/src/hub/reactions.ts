// Hub reaction reads: one reaction, reactions to a cast, by a user, or to a URL.
import type { HubHandlers } from '../api/dispatch.js';
import { NotFoundError } from '../protocol/errors.js';
import { fidParam, hexParam, pagedMessages, REACTION_TYPE, requiredSpelling, spelling } from './common.js';
import { renderStored } from './render.js';

export const reactionHandlers: HubHandlers = {
  lookupReactionById({ store, params }) {
    const type = requiredSpelling(params, 'reaction_type', REACTION_TYPE);
    const fid = fidParam(params);
    // Reactions are keyed by their target hash; target_fid is checked but not needed to find one.
    fidParam(params, 'target_fid');
    const target = hexParam(params, 'target_hash', 20)!;
    const hash = store
      .stmt('SELECT hash FROM reactions WHERE fid = ? AND type = ? AND target = ?')
      .pluck()
      .get(fid, type, target) as string | undefined;
    if (!hash) throw new NotFoundError('reaction not found');
    return renderStored(store, hash);
  },

  fetchCastReactions({ store, params }) {
    const target = (params.target_hash as string).toLowerCase();
    const type = requiredSpelling(params, 'reaction_type', REACTION_TYPE);
    return pagedMessages(store, params, {
      sql: 'SELECT hash, ts, fid FROM reactions WHERE target = ? AND type = ?',
      params: [target, type],
      keys: ['ts', 'fid'],
    });
  },

  fetchUserReactions({ store, params }) {
    const type = requiredSpelling(params, 'reaction_type', REACTION_TYPE);
    return pagedMessages(store, params, {
      sql: 'SELECT hash, ts, target FROM reactions WHERE fid = ? AND type = ?',
      params: [params.fid, type],
      keys: ['ts', 'target'],
    });
  },

  fetchReactionsByTarget({ store, params }) {
    // Without reaction_type a hub lists reactions of every type.
    const type = spelling(params, 'reaction_type', REACTION_TYPE);
    return pagedMessages(store, params, {
      sql: `SELECT hash, ts, fid, type FROM reactions WHERE target = ?${type === undefined ? '' : ' AND type = ?'}`,
      params: type === undefined ? [params.url] : [params.url, type],
      keys: ['ts', 'fid', 'type'],
    });
  },
};
