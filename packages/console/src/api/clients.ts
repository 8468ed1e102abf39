// SDK clients bound to the serving origin: the browser only ever talks to the local server, which
// serves the emulator or proxies the upstream (adding the real key there).
import { type CastkitClient, createHubClient, NeynarAPIClient, type OperationSpec } from '@castkit/sdk';
import type { ConsoleEnv } from './env';

export interface Clients {
  v2: NeynarAPIClient;
  /** The light client: every screen loads at first, and only the explorer (which carries the hub's
   * operation table itself) sends hub operations, so the first load holds no hub table. */
  hub: CastkitClient<'hub'>;
  /** Base URL an operation's path is appended to, for previews built with `buildRequest`. */
  baseUrlOf(op: OperationSpec): string;
  apiKey: string;
}

export function createClients(env: ConsoleEnv, origin: string, fetchImpl?: typeof fetch): Clients {
  // No retries: the explorer shows exactly what one request got.
  const common = { apiKey: env.apiKey, retries: 0, timeout: 60_000, fetch: fetchImpl };
  const v2 = new NeynarAPIClient({ ...common, baseUrl: `${origin}/v2` });
  const hub = createHubClient({ ...common, baseUrl: origin });
  return {
    v2,
    hub,
    apiKey: env.apiKey,
    baseUrlOf: (op) => (op.api === 'v2' ? v2.baseUrl : hub.baseUrl),
  };
}

export const clientFor = (clients: Clients, op: OperationSpec) =>
  op.api === 'v2' ? clients.v2 : clients.hub;
