// The light client: it holds no operation table; each call names the entry it sends, so a bundle
// carries only the operations a program imports (`createClient` + `lookupUserByUsername` ≈ 5 kB).
import { BaseClient, type CallOptions, type CallResult, type ClientOptions } from '../core/client.js';
import { CastkitError } from '../core/errors.js';
import type { Operation, OperationSpec, OperationTypes, Paged } from '../core/operation.js';
import { type ItemOf, type PaginateOptions, type Paginator, pagesOf } from '../core/paginate.js';
import { fetchTransport } from '../transport/fetch.js';
import type { Transport } from '../transport/types.js';
import { API_ROOT_URL, HUB_API_BASE_URL } from './base-urls.js';
import { checkOptions } from './options.js';

type Api = OperationSpec['api'];

export interface CastkitClientOptions<A extends Api = Api> extends ClientOptions {
  /** Which API the client calls: `v2` (the main API, the default) or `hub`. */
  api?: A;
}

/** Params are optional for operations whose parameters are all optional. */
type Args<P, O> = {} extends P ? [params?: P, options?: O] : [params: P, options?: O];

export class CastkitClient<A extends Api = 'v2'> extends BaseClient {
  readonly api: A;

  constructor(options: CastkitClientOptions<A> = {}) {
    const { api = 'v2', ...rest } = options;
    super(checkOptions(rest), api === 'hub' ? HUB_API_BASE_URL : API_ROOT_URL);
    this.api = api as A;
  }

  /** Sends one operation: `client.call(lookupUserByUsername, { username: 'dwr' })`. */
  call<T extends OperationTypes, O extends CallOptions = {}>(
    operation: Operation<A, T>,
    ...[params, options]: Args<T['params'], O>
  ): Promise<CallResult<T['response'], O>> {
    return this.request(this.own(operation), params as object | undefined, options) as Promise<
      CallResult<T['response'], O>
    >;
  }

  /** The entry, if it belongs to this client's API (a hub entry on a v2 client is a mistake). */
  own(operation: OperationSpec): OperationSpec {
    if (operation?.api !== this.api) {
      const what = operation?.name ? `${operation.name} is a ${operation.api} operation` : 'not an operation';
      throw new CastkitError(`${what}; this client calls the ${this.api} API.`);
    }
    return operation;
  }

  protected defaultTransport(): Transport {
    return fetchTransport();
  }

  protected fetchTransport(fetchImpl: typeof fetch): Transport {
    return fetchTransport(fetchImpl);
  }
}

/**
 * Pages of a paged entry through a light client: `for await (const page of paginate(client, fetchFeed,
 * {...}))`, or `.items()` for each item. A function, so a bundle that never pages leaves it out.
 */
export function paginate<A extends Api, T extends OperationTypes>(
  client: CastkitClient<A>,
  operation: Operation<A, T> & Paged,
  params: T['params'],
  options?: CallOptions & PaginateOptions,
): Paginator<T['response'], ItemOf<T>> {
  return pagesOf(client, client.own(operation), params as object, options);
}
