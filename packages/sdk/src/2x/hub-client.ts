// 2.44's client for the hub API (/v1): the same pipeline over the hub's operation table.
import { HUB_API_BASE_URL } from '../clients/base-urls.js';
import type { Configuration } from '../clients/configuration.js';
import { type LegacyClientOptions, resolveOptions } from '../clients/options.js';
import type { CallOptions, ClientOptions } from '../core/client.js';
import { isApiErrorResponse } from '../core/errors.js';
import { type ItemOf, type PaginateOptions, type Paginator, pagesOf } from '../core/paginate.js';
import { HubMethods } from '../generated/hub/methods.js';
import { hubOperations } from '../generated/hub/operations.js';
import type { HubOperationTypes } from '../generated/hub/types.js';
import { fetchTransport } from '../transport/fetch.js';
import type { Transport } from '../transport/types.js';

/** Where the 2.x hub client sends requests unless told otherwise. */
export const DEFAULT_HUB_BASE_URL = HUB_API_BASE_URL;

/** Hub operations that page with `pageToken` (or `from_event_id` for events). */
export type HubPagedOperation = {
  [K in keyof HubOperationTypes]: HubOperationTypes[K]['params'] extends
    | { pageToken?: unknown }
    | { fromEventId?: unknown }
    ? K
    : never;
}[keyof HubOperationTypes];

// Every operation is a generated method of HubMethods; this class adds construction and transports.
export class NeynarHubClient extends HubMethods {
  static isApiErrorResponse = isApiErrorResponse;
  static readonly operations = hubOperations;

  constructor(config: Configuration | ClientOptions, options?: LegacyClientOptions & ClientOptions) {
    super(resolveOptions(config, options), DEFAULT_HUB_BASE_URL);
  }

  /** Follows `nextPageToken` (or `nextPageEventId` for events) until the hub says there is no more. */
  paginate<K extends HubPagedOperation>(
    operation: K,
    params: HubOperationTypes[K]['params'],
    options?: CallOptions & PaginateOptions,
  ): Paginator<HubOperationTypes[K]['response'], ItemOf<HubOperationTypes[K]>> {
    return pagesOf(this, hubOperations[operation], params, options);
  }

  protected defaultTransport(): Transport {
    return fetchTransport();
  }

  protected fetchTransport(fetchImpl: typeof fetch): Transport {
    return fetchTransport(fetchImpl);
  }
}
