// Hub link reads: one follow, whom a user follows, who follows a user.
import type { HubHandlers } from '../api/dispatch.js';
import { NotFoundError } from '../protocol/errors.js';
import { LINK_TYPE, pagedMessages, requiredSpelling, spelling } from './common.js';
import { renderStoredAs } from './render.js';

export const linkHandlers: HubHandlers = {
  lookupUserRelation({ store, params }) {
    const { fid, target_fid: target } = params;
    const type = requiredSpelling(params.link_type, 'link_type', LINK_TYPE);
    const hash = store
      .stmt('SELECT hash FROM links WHERE fid = ? AND type = ? AND target_fid = ?')
      .pluck()
      .get(fid, type, target) as string | undefined;
    if (!hash) throw new NotFoundError(`fid ${fid} has no ${type} link to fid ${target}`);
    return renderStoredAs(store, hash, 'linkBody');
  },

  fetchUserFollowing({ store, params }) {
    const type = spelling(params.link_type, 'link_type', LINK_TYPE) ?? 'follow';
    return pagedMessages(
      store,
      params,
      {
        sql: 'SELECT hash, ts, target_fid FROM links WHERE fid = ? AND type = ?',
        params: [params.fid, type],
        keys: ['ts', 'target_fid'],
      },
      'linkBody',
    );
  },

  fetchUserFollowers({ store, params }) {
    const type = spelling(params.link_type, 'link_type', LINK_TYPE) ?? 'follow';
    return pagedMessages(
      store,
      params,
      {
        sql: 'SELECT hash, ts, fid FROM links WHERE target_fid = ? AND type = ?',
        params: [params.target_fid, type],
        keys: ['ts', 'fid'],
      },
      'linkBody',
    );
  },
};
