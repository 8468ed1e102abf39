// The operation routes of both APIs, from the SDK's operation tables: one table for the SDK, the
// emulator and the console. Handlers receive validated params keyed by spec names; the edge
// (server/edge.ts) has already checked the key and decoded the body.
import { hubOperations, type OperationSpec, v2Operations } from '@castkit/sdk';
import { NotImplementedError } from '../protocol/errors.js';
import type { Route } from '../server/router.js';
import type { Store } from '../store/store.js';
import { type Params, readParams } from './params.js';

export interface Call {
  store: Store;
  params: Params;
  op: OperationSpec;
  /** The emulator's own origin as the client reached it (`http://127.0.0.1:3000`), for absolute URLs. */
  origin: string;
}

/** Returns the JSON body of a 200 answer; throws EmulatorError on failure. */
export type Handler = (call: Call) => unknown;

export type V2Handlers = Partial<Record<keyof typeof v2Operations, Handler>>;
export type HubHandlers = Partial<Record<keyof typeof hubOperations, Handler>>;

/** One route per operation of both APIs, behind the API key, answering with its API's error body. */
export function operationRoutes(store: Store, v2: V2Handlers, hub: HubHandlers): Route[] {
  return [
    ...Object.values(v2Operations).map((op) =>
      operationRoute(store, `/v2${op.path}`, op, v2[op.name as keyof V2Handlers]),
    ),
    ...Object.values(hubOperations).map((op) =>
      operationRoute(store, op.path, op, hub[op.name as keyof HubHandlers]),
    ),
  ];
}

function operationRoute(store: Store, path: string, op: OperationSpec, handler: Handler | undefined): Route {
  return {
    method: op.method,
    path,
    api: op.api,
    door: 'key',
    body: op.body?.kind ?? 'none',
    async handler({ req, url, body }) {
      // Input is checked first, so even an operation the emulator does not model rejects bad input.
      const params = readParams(op, { query: url.searchParams, headers: req.headers, body });
      if (!handler) throw new NotImplementedError(`${op.name} is not emulated yet`);
      return { json: await handler({ store, params, op, origin: url.origin }) };
    },
  };
}

/** The request headers the specs define (x-neynar-experimental, x-wallet-id, ...), for CORS. */
export function operationHeaders(): string[] {
  const names = new Set<string>();
  for (const op of [...Object.values(v2Operations), ...Object.values(hubOperations)]) {
    for (const p of op.params) if (p.in === 'header') names.add(p.name.toLowerCase());
  }
  return [...names];
}
