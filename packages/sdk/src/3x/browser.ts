// The 3.x surface in browsers and other fetch-only runtimes: clients default to the global fetch.
import { CastkitClient as LightClient } from '../clients/castkit-client.js';
import type { ClientOptions } from '../core/client.js';
import { CastkitClient, defaultsOf } from './light-client.js';

export { NeynarAPIClient } from './api-client.js';
export * from './common.js';
export { NeynarHubClient } from './hub-client.js';
export { CastkitClient };

// The light clients are made of the one class (its main-API default, the API's root, is 3.x's), so
// a bundle carries nothing of the subclass.

/** A light client for the main API: `createClient({ apiKey }).call(fetchFeed, params)`. */
export const createClient = (options?: ClientOptions): CastkitClient<'v2'> =>
  new LightClient({ ...options, api: 'v2' });

/** A light client for the hub API: `createHubClient({ apiKey }).call(hubFetchUsersCasts, { fid })`. */
export const createHubClient = (options?: ClientOptions): CastkitClient<'hub'> =>
  new LightClient(defaultsOf('hub', options));
