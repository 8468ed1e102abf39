// Cast operations: lookup (hash or client URL), bulk, conversation and summary, search, metrics,
// publish and delete (through the write path), embed metadata and composer actions.
import type { OperationResponse } from '@castkit/sdk/2.x';
import type { V2Handlers, V2Params, V2Response } from '../../api/dispatch.js';
import { castHashParam } from '../../api/params.js';
import { ValidationError } from '../../ground/errors.js';
import { hydrateCastList } from '../../hydrate/cast.js';
import { castRows, requireCast } from '../../hydrate/cast-rows.js';
import { embedMetadata } from '../../hydrate/embed-metadata.js';
import { actAs } from '../../protocol/actions.js';
import { localHashFor } from '../../store/queries/imports.js';
import { composerActions } from '../casts/composer-actions.js';
import { lookupConversation, summarizeConversation } from '../casts/conversation.js';
import { viewerOf } from '../casts/page.js';
import { isHttpUrl, publishCast } from '../casts/publish.js';
import { resolveCast } from '../casts/resolve.js';
import { castMetrics, searchCasts } from '../casts/search.js';

/** fetchBulkCasts takes at most this many hashes, as the hosted API does. */
const MAX_BULK = 250;

const SORTS: Record<
  NonNullable<V2Params<'fetchBulkCasts'>['sort_type']>,
  (c: { likes_count: number; recasts_count: number; replies_count: number; ts: number }) => number
> = {
  likes: (c) => c.likes_count,
  recasts: (c) => c.recasts_count,
  replies: (c) => c.replies_count,
  recent: (c) => c.ts,
  trending: (c) => c.likes_count + 2 * c.recasts_count + 3 * c.replies_count,
};

export const castHandlers: V2Handlers = {
  lookupCastByHashOrUrl({ store, params, origin }) {
    const row = resolveCast(store, params.identifier, params.type);
    return { cast: hydrateCastList(store, [row.hash], viewerOf(params, origin))[0]! };
  },

  fetchBulkCasts({ store, params, origin }): V2Response<'fetchBulkCasts'> {
    // Imported casts answer to their live-network hashes too, as lookups do.
    const hashes = params.casts.map((h) => localHashFor(store, castHashParam(h, 'casts')));
    if (hashes.length > MAX_BULK)
      throw new ValidationError(`casts takes at most ${MAX_BULK} hashes`, 'casts');
    let order = [...new Set(hashes)];
    const sort = params.sort_type;
    if (sort) {
      const rows = castRows(store, order);
      const score = SORTS[sort];
      order = [...rows.values()]
        .sort((a, b) => score(b) - score(a) || (a.hash < b.hash ? 1 : -1))
        .map((r) => r.hash);
    }
    // Unknown or deleted hashes are left out, as the hosted API does for bulk lookups.
    return { result: { casts: hydrateCastList(store, order, viewerOf(params, origin)) } };
  },

  lookupCastConversation({ store, params, origin }) {
    return lookupConversation(store, params, viewerOf(params, origin));
  },

  lookupCastConversationSummary({ store, params, origin }) {
    return summarizeConversation(store, params, origin);
  },

  searchCasts({ store, params, origin }) {
    return searchCasts(store, params, viewerOf(params, origin));
  },

  fetchCastMetrics({ store, params }) {
    return castMetrics(store, params);
  },

  publishCast({ store, params, origin }) {
    return publishCast(store, params, origin);
  },

  async deleteCast({ store, params }): Promise<OperationResponse> {
    const me = actAs(store, params.signer_uuid);
    const row = requireCast(store, castHashParam(params.target_hash, 'target_hash'), 'target_hash');
    if (row.fid !== me.fid) {
      throw new ValidationError(
        `cast ${row.hash} was cast by fid ${row.fid}, not by this signer's fid ${me.fid}`,
        'target_hash',
      );
    }
    await me.castRemove(row.hash);
    return { success: true, message: `cast ${row.hash} deleted` };
  },

  fetchEmbeddedUrlMetadata({ params, origin }) {
    const { url } = params;
    if (!isHttpUrl(url)) throw new ValidationError(`url must be an http(s) URL, got "${url}"`, 'url');
    return { metadata: embedMetadata(url, origin) };
  },

  fetchComposerActions({ store, params, origin }) {
    return composerActions(store, params, origin);
  },
};
