// Hub cast reads: one cast, a user's casts, casts mentioning a user, replies to a cast or URL.
import type { HubHandlers } from '../api/dispatch.js';
import { NotFoundError, ValidationError } from '../ground/errors.js';
import {
  castHashesByFidPage,
  castHashesByParentPage,
  castHashesMentioningPage,
  liveCastAuthor,
} from '../store/queries/casts.js';
import { localHashFor } from '../store/queries/imports.js';
import { pagedMessages } from './common.js';
import { pageRequest } from './paging.js';
import { renderStoredAs } from './render.js';

export const castHandlers: HubHandlers = {
  lookupCastByHashAndFid({ store, params }) {
    const { fid } = params;
    const hash = localHashFor(store, params.hash.toLowerCase());
    if (liveCastAuthor(store, hash) !== fid)
      throw new NotFoundError(`cast ${hash} by fid ${fid} not found`, 'hash');
    return renderStoredAs(store, hash, 'castAddBody');
  },

  fetchUsersCasts({ store, params }) {
    return pagedMessages(
      store,
      (w) => castHashesByFidPage(store, params.fid, w),
      pageRequest(params),
      'castAddBody',
    );
  },

  fetchCastsMentioningUser({ store, params }) {
    return pagedMessages(
      store,
      (w) => castHashesMentioningPage(store, params.fid, w),
      pageRequest(params),
      'castAddBody',
    );
  },

  fetchCastsByParent({ store, params }) {
    const { url } = params;
    const hash = params.hash === undefined ? undefined : localHashFor(store, params.hash.toLowerCase());
    // Paging parameters are checked before the parent is (a request bad in both names pageSize), so
    // they are read here and handed on.
    const page = pageRequest(params);
    if (!url && !hash) throw new ValidationError('give either fid and hash, or url', 'hash');
    if (hash && params.fid === undefined) throw new ValidationError('fid is required with hash', 'fid');
    return pagedMessages(
      store,
      (w) => castHashesByParentPage(store, hash ? { hash } : { url: url! }, w),
      page,
      'castAddBody',
    );
  },
};
