// The operation routes of both APIs, from the SDK's operation tables: one table for the SDK, the
// emulator and the console. Handlers receive validated params keyed by spec names; the edge
// (edge/edge.ts) has already checked the key and decoded the body.
import { hubOperations, type OperationSpec, v2Operations } from '@castkit/sdk/2.x';
import type { Route } from '../edge/router.js';
import type { HubWire } from '../generated/hub-wire.js';
import type { V2Wire } from '../generated/v2-wire.js';
import { NotImplementedError, ValidationError } from '../ground/errors.js';
import { PageKeyError } from '../store/queries/keyset.js';
import type { Store } from '../store/store.js';
import { type Params, readParams } from './params.js';
import type { HubAnswer } from './spec-differences.js';

export interface Call<P = Params> {
  store: Store;
  /** The operation's parameters keyed by their spec names, as readParams checked and coerced them. */
  params: P;
  op: OperationSpec;
  /** The emulator's own origin as the client reached it (`http://127.0.0.1:3000`), for absolute URLs. */
  origin: string;
}

/** One operation's parameters as its handler receives them, for helpers that take them whole. */
export type V2Params<K extends keyof V2Wire> = V2Wire[K]['params'];

/** A handler's answer: its operation's 200 body, now or later; failures are thrown EmulatorErrors. */
type Answer<R> = R | Promise<R>;

/**
 * Handlers typed from codegen (src/generated/*-wire.ts): each gets its operation's parameters and
 * must answer its operation's response type, so a misspelt parameter or a wrong shape fails to compile.
 * Hub answers may differ from the spec where spec-differences.ts says so, and only there.
 */
export type V2Handlers = {
  [K in keyof V2Wire]?: (call: Call<V2Wire[K]['params']>) => Answer<V2Wire[K]['response']>;
};
export type HubHandlers = {
  [K in keyof HubWire]?: (call: Call<HubWire[K]['params']>) => Answer<HubAnswer<HubWire[K]['response']>>;
};

/** A handler as the router keeps it, its operation's types erased (any typed handler is one). */
export type Handler = (call: Call<never>) => unknown;

/** One route per operation of both APIs, behind the API key, answering with its API's error body. */
export function operationRoutes(store: Store, v2: V2Handlers, hub: HubHandlers): Route[] {
  const v2ByName = new Map<string, Handler | undefined>(Object.entries(v2));
  const hubByName = new Map<string, Handler | undefined>(Object.entries(hub));
  return [
    ...Object.values(v2Operations).map((op) =>
      operationRoute(store, `/v2${op.path}`, op, v2ByName.get(op.name)),
    ),
    ...Object.values(hubOperations).map((op) => operationRoute(store, op.path, op, hubByName.get(op.name))),
  ];
}

function operationRoute(store: Store, path: string, op: OperationSpec, handler: Handler | undefined): Route {
  return {
    method: op.method,
    path,
    api: op.api,
    operation: op.name,
    door: 'key',
    body: op.body?.kind ?? 'none',
    async handler({ req, url, body }) {
      // Input is checked first, so even an operation the emulator does not model rejects bad input.
      const params = readParams(op, { query: url.searchParams, headers: req.headers, body });
      if (!handler) throw new NotImplementedError(`${op.name} is not emulated yet`);
      try {
        // readParams has checked the input against the same operation table the wire types come from.
        return { json: await handler({ store, params: params as never, op, origin: url.origin }) };
      } catch (e) {
        if (e instanceof PageKeyError) throw foreignPageKey(op.api);
        throw e;
      }
    },
  };
}

/** A cursor (v2) or page token (hub) that another list issued: the store refused its key's length. */
const foreignPageKey = (api: 'v2' | 'hub') =>
  api === 'hub'
    ? new ValidationError('pageToken does not belong to this query', 'pageToken')
    : new ValidationError('the page cursor does not belong to this list', 'cursor');

/** The request headers the specs define (x-neynar-experimental, x-wallet-id, ...), for CORS. */
export function operationHeaders(): string[] {
  const names = new Set<string>();
  for (const op of [...Object.values(v2Operations), ...Object.values(hubOperations)]) {
    for (const p of op.params) if (p.in === 'header') names.add(p.name.toLowerCase());
  }
  return [...names];
}
