// Node entry: clients default to node:http/https with keep-alive (fetch when one is injected).
import { NeynarAPIClient as FetchNeynarAPIClient } from './clients/api-client.js';
import { NeynarHubClient as FetchNeynarHubClient } from './clients/hub-client.js';
import { nodeTransport } from './transport/node.js';
import type { Transport } from './transport/types.js';

export * from './common.js';
export { type NodeTransportOptions, nodeTransport } from './transport/node.js';

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
