// SDK clients bound to the serving origin: the browser only ever talks to the local server, which
// serves the emulator or proxies the upstream (adding the real key there).
import { type CastkitClient, createClient, createHubClient, type OperationSpec } from '@castkit/sdk/2.x';
import type { ConsoleEnv } from './env';

// Light clients: they hold no operation table, each call names the entry it sends
// (`v2.call(fetchFeed, params)`), so a screen's chunks carry only the operations it sends; the
// explorer sends any entry of the catalog through the same clients (`request(op, params)`).
export interface Clients {
  v2: CastkitClient<'v2'>;
  hub: CastkitClient<'hub'>;
  /** Base URL an operation's path is appended to, for previews built with `buildRequest`. */
  baseUrlOf(op: OperationSpec): string;
  apiKey: string;
}

export function createClients(env: ConsoleEnv, origin: string, fetchImpl?: typeof fetch): Clients {
  // No retries: the explorer shows exactly what one request got.
  const common = { apiKey: env.apiKey, retries: 0, timeout: 60_000, fetch: fetchImpl };
  const v2 = createClient({ ...common, baseUrl: `${origin}/v2` });
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
