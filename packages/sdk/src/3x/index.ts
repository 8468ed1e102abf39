// The 3.x surface on Node: clients default to node:http/https with keep-alive
// (fetch when one is injected).

import type { ClientOptions } from '../core/client.js';
import type { OperationSpec } from '../core/operation.js';
import { nodeTransport } from '../transport/node.js';
import type { Transport } from '../transport/types.js';
import { NeynarAPIClient as FetchNeynarAPIClient } from './api-client.js';
import { NeynarHubClient as FetchNeynarHubClient } from './hub-client.js';
import { CastkitClient as FetchCastkitClient } from './light-client.js';

export { type NodeTransportOptions, nodeTransport } from '../transport/node.js';
export * from './common.js';

export class NeynarAPIClient extends FetchNeynarAPIClient {
  protected override defaultTransport(): Transport {
    return nodeTransport();
  }
}

export class NeynarHubClient extends FetchNeynarHubClient {
  protected override defaultTransport(): Transport {
    return nodeTransport();
  }
}

export class CastkitClient<A extends OperationSpec['api'] = 'v2'> extends FetchCastkitClient<A> {
  protected override defaultTransport(): Transport {
    return nodeTransport();
  }
}

/** A light client for the main API: `createClient({ apiKey }).call(fetchFeed, params)`. */
export const createClient = (options?: ClientOptions): CastkitClient<'v2'> =>
  new CastkitClient({ ...options, api: 'v2' });

/** A light client for the hub API: `createHubClient({ apiKey }).call(hubFetchUsersCasts, { fid })`. */
export const createHubClient = (options?: ClientOptions): CastkitClient<'hub'> =>
  new CastkitClient({ ...options, api: 'hub' });
