// Hub link reads: one follow, whom a user follows, who follows a user.
import type { HubHandlers } from '../api/dispatch.js';
import { NotFoundError } from '../ground/errors.js';
import { linkByKey, linkHashesByFidPage, linkHashesToFidPage } from '../store/queries/links.js';
import { LINK_TYPE, pagedMessages, requiredSpelling, spelling } from './common.js';
import { pageRequest } from './paging.js';
import { renderStoredAs } from './render.js';

export const linkHandlers: HubHandlers = {
  lookupUserRelation({ store, params }) {
    const { fid, target_fid: target } = params;
    const type = requiredSpelling(params.link_type, 'link_type', LINK_TYPE);
    const link = linkByKey(store, fid, type, target);
    if (!link) throw new NotFoundError(`fid ${fid} has no ${type} link to fid ${target}`);
    return renderStoredAs(store, link.hash, 'linkBody');
  },

  fetchUserFollowing({ store, params }) {
    const type = spelling(params.link_type, 'link_type', LINK_TYPE) ?? 'follow';
    return pagedMessages(
      store,
      (w) => linkHashesByFidPage(store, params.fid, type, w),
      pageRequest(params),
      'linkBody',
    );
  },

  fetchUserFollowers({ store, params }) {
    const type = spelling(params.link_type, 'link_type', LINK_TYPE) ?? 'follow';
    return pagedMessages(
      store,
      (w) => linkHashesToFidPage(store, params.target_fid, type, w),
      pageRequest(params),
      'linkBody',
    );
  },
};
