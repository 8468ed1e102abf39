// Quotes of a cast: the live casts that embed its cast id, newest first.
import type { V2Handlers } from '../../api/dispatch.js';
import { quotesPage } from '../../store/queries/quotes.js';
import { feedOf, viewerOf } from '../casts/page.js';
import { resolveCast } from '../casts/resolve.js';
import { pageWindow } from '../cursor.js';
import { viewOf } from './social-common.js';

export const quoteHandlers: V2Handlers = {
  fetchCastQuotes(call) {
    const { store, params, origin } = call;
    viewOf(call);
    const quoted = resolveCast(store, params.identifier, params.type);
    return feedOf(store, quotesPage(store, quoted.hash, pageWindow(params, 2)), viewerOf(params, origin));
  },
};
