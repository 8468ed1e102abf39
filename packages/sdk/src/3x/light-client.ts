// The light client of the 3.x surface: the one light client, with 3.x's default base URLs (the
// API's root, Snapchain's hub).
import { API_ROOT_URL, SNAPCHAIN_API_BASE_URL } from '../clients/base-urls.js';
import { CastkitClient as LightClient } from '../clients/castkit-client.js';
import type { ClientOptions } from '../core/client.js';
import type { OperationSpec } from '../core/operation.js';

type Api = OperationSpec['api'];

/** 3.x's default base URL for `api` unless the options give one. */
export const defaultsOf = <A extends Api>(api: A, options?: ClientOptions) => ({
  baseUrl: api === 'hub' ? SNAPCHAIN_API_BASE_URL : API_ROOT_URL,
  ...options,
  api,
});

export class CastkitClient<A extends Api = 'v2'> extends LightClient<A> {
  constructor(options: ClientOptions & { api?: A } = {}) {
    super(defaultsOf((options.api ?? 'v2') as A, options));
  }
}
