// 3.x's client for the hub API (/v1, Snapchain's by default): the same pipeline over the 3.174 hub table.
import { SNAPCHAIN_API_BASE_URL } from '../clients/base-urls.js';
import type { Configuration } from '../clients/configuration.js';
import { type LegacyClientOptions, resolveOptions } from '../clients/options.js';
import type { CallOptions, ClientOptions } from '../core/client.js';
import { isApiErrorResponse } from '../core/errors.js';
import { type ItemOf, type PaginateOptions, type Paginator, pagesOf } from '../core/paginate.js';
import { Hub3Methods } from '../generated/hub3/methods.js';
import { hub3Operations } from '../generated/hub3/operations.js';
import type { Hub3OperationTypes } from '../generated/hub3/types.js';
import { fetchTransport } from '../transport/fetch.js';
import type { Transport } from '../transport/types.js';

/** Where the 3.x hub client sends requests unless told otherwise: Snapchain's HTTP API. */
export const DEFAULT_HUB_BASE_URL = SNAPCHAIN_API_BASE_URL;

/** Hub operations that page with `pageToken` (or `from_event_id` for events). */
export type Hub3PagedOperation = {
  [K in keyof Hub3OperationTypes]: Hub3OperationTypes[K]['params'] extends
    | { pageToken?: unknown }
    | { fromEventId?: unknown }
    ? K
    : never;
}[keyof Hub3OperationTypes];

// Every operation is a generated method of Hub3Methods; this class adds construction and transports.
export class NeynarHubClient extends Hub3Methods {
  static isApiErrorResponse = isApiErrorResponse;
  static readonly operations = hub3Operations;

  constructor(config: Configuration | ClientOptions, options?: LegacyClientOptions & ClientOptions) {
    super(resolveOptions(config, options), DEFAULT_HUB_BASE_URL);
  }

  /** Follows `nextPageToken` (or `nextPageEventId` for events) until the hub says there is no more. */
  paginate<K extends Hub3PagedOperation>(
    operation: K,
    params: Hub3OperationTypes[K]['params'],
    options?: CallOptions & PaginateOptions,
  ): Paginator<Hub3OperationTypes[K]['response'], ItemOf<Hub3OperationTypes[K]>> {
    return pagesOf(this, hub3Operations[operation], params, options);
  }

  protected defaultTransport(): Transport {
    return fetchTransport();
  }

  protected fetchTransport(fetchImpl: typeof fetch): Transport {
    return fetchTransport(fetchImpl);
  }
}
