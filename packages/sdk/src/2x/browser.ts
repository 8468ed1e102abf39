// The 2.x surface (`@castkit/sdk/2.x`) in browsers and other fetch-only runtimes: clients default to
// the global fetch.

import { CastkitClient } from '../clients/castkit-client.js';
import type { ClientOptions } from '../core/client.js';

export { NeynarAPIClient } from './api-client.js';
export * from './common.js';
export { NeynarHubClient } from './hub-client.js';
export { CastkitClient };

/** A light client for the main API: `createClient({ apiKey }).call(fetchFeed, params)`. */
export const createClient = (options?: ClientOptions): CastkitClient<'v2'> =>
  new CastkitClient({ ...options, api: 'v2' });

/** A light client for the hub API: `createHubClient({ apiKey }).call(hubFetchUsersCasts, { fid })`. */
export const createHubClient = (options?: ClientOptions): CastkitClient<'hub'> =>
  new CastkitClient({ ...options, api: 'hub' });
