// Hub cast reads: one cast, a user's casts, casts mentioning a user, replies to a cast or URL.
import type { HubHandlers } from '../api/dispatch.js';
import { NotFoundError, ValidationError } from '../protocol/errors.js';
import { messagesPage, pagedMessages } from './common.js';
import { keysetPage, pageRequest } from './paging.js';
import { renderStoredAs } from './render.js';

export const castHandlers: HubHandlers = {
  lookupCastByHashAndFid({ store, params }) {
    const { fid } = params;
    const hash = params.hash.toLowerCase();
    const ok = store.stmt('SELECT 1 FROM casts WHERE hash = ? AND fid = ? AND deleted = 0').get(hash, fid);
    if (!ok) throw new NotFoundError(`cast ${hash} by fid ${fid} not found`, 'hash');
    return renderStoredAs(store, hash, 'castAddBody');
  },

  fetchUsersCasts({ store, params }) {
    return pagedMessages(
      store,
      params,
      {
        sql: 'SELECT hash, ts FROM casts WHERE fid = ? AND deleted = 0',
        params: [params.fid],
        keys: ['ts', 'hash'],
      },
      'castAddBody',
    );
  },

  fetchCastsMentioningUser({ store, params }) {
    const { rows, nextPageToken } = keysetPage<{ cast_hash: string }>(
      store,
      {
        sql: `SELECT m.cast_hash, m.ts FROM cast_mentions m JOIN casts c ON c.hash = m.cast_hash
              WHERE m.fid = ? AND c.deleted = 0`,
        params: [params.fid],
        keys: ['m.ts', 'm.cast_hash'],
      },
      pageRequest(params),
    );
    return messagesPage(
      store,
      rows.map((r) => r.cast_hash),
      nextPageToken,
      'castAddBody',
    );
  },

  fetchCastsByParent({ store, params }) {
    const { url } = params;
    const hash = params.hash?.toLowerCase();
    // Paging parameters are checked before the parent is (a request bad in both names pageSize), so
    // they are read here and handed on.
    const page = pageRequest(params);
    if (!url && !hash) throw new ValidationError('give either fid and hash, or url', 'hash');
    if (hash && params.fid === undefined) throw new ValidationError('fid is required with hash', 'fid');
    return pagedMessages(
      store,
      params,
      {
        sql: `SELECT hash, ts FROM casts WHERE ${hash ? 'parent_hash' : 'parent_url'} = ? AND deleted = 0`,
        params: [hash ?? url],
        keys: ['ts', 'hash'],
      },
      'castAddBody',
      page,
    );
  },
};
