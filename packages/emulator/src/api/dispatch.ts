// The operation routes of both APIs and both spec generations, from the one operation table
// (api/operations.ts, built from the SDK's tables). Handlers receive validated params keyed by spec
// names; the edge (edge/edge.ts) has already checked the key and decoded the body.
import type { OperationSpec } from '@castkit/sdk/2.x';
import type { Route } from '../edge/router.js';
import { NotImplementedError, ValidationError } from '../ground/errors.js';
import { PageKeyError } from '../store/queries/keyset.js';
import type { Store } from '../store/store.js';
import { answerFor } from './generation-shapes.js';
import { operationTable, type PathForm, pathForms, specFor, type TableOperation } from './operations.js';
import { type Params, readParams } from './params.js';
import type { HubAnswer, V2Answer } from './spec-differences.js';
import type { HubsWire, MainWire } from './wire.js';

export interface Call<P = Params> {
  store: Store;
  /** The operation's parameters keyed by their spec names, as readParams checked and coerced them. */
  params: P;
  /** The operation as the spec entry that judged the request declares it (api/operations.ts specFor). */
  op: OperationSpec;
  /**
   * How the caller reached it: the path form it sent and the spec generation that judged it, so a
   * handler can answer the shape that generation's callers expect where the two cannot agree.
   */
  via: PathForm;
  /** The emulator's own origin as the client reached it (`http://127.0.0.1:3000`), for absolute URLs. */
  origin: string;
}

/** One operation's parameters as its handler receives them, for helpers that take them whole. */
export type V2Params<K extends keyof MainWire> = MainWire[K]['params'];

/** A handler's answer: its operation's 200 body, now or later; failures are thrown EmulatorErrors. */
type Answer<R> = R | Promise<R>;

/**
 * Handlers typed from codegen (src/generated/*-wire.ts): each gets its operation's parameters and
 * must answer its operation's response type, so a misspelt parameter or a wrong shape fails to compile.
 * Answers may differ from the spec where spec-differences.ts says so, and only there.
 */
export type V2Handlers = {
  [K in keyof MainWire]?: (call: Call<MainWire[K]['params']>) => Answer<V2Answer<MainWire[K]['response']>>;
};
export type HubHandlers = {
  [K in keyof HubsWire]?: (call: Call<HubsWire[K]['params']>) => Answer<HubAnswer<HubsWire[K]['response']>>;
};

/** A handler as the router keeps it, its operation's types erased (any typed handler is one). */
export type Handler = (call: Call<never>) => unknown;

/** The handler of an operation, looked up by today's name in its API's handler map. */
const handlerOf = (handlers: Record<string, Handler | undefined>, op: TableOperation) => handlers[op.name];

/**
 * Routes for every operation of both APIs and both generations, behind the API key, answering with
 * its API's error body: each path as a generation declares it and with or without its trailing slash.
 */
export function operationRoutes(store: Store, v2: V2Handlers, hub: HubHandlers): Route[] {
  return pathForms().map(({ op, form }) =>
    operationRoute(store, op, form, handlerOf(op.api === 'v2' ? v2 : hub, op)),
  );
}

function operationRoute(
  store: Store,
  entry: TableOperation,
  via: PathForm,
  handler: Handler | undefined,
): Route {
  const op = specFor(entry, via.generation);
  return {
    method: op.method,
    path: via.path,
    api: op.api,
    operation: op.name,
    door: 'key',
    body: op.body?.kind ?? 'none',
    async handler({ req, url, body, params: path }) {
      // Input is checked first, so even an operation the emulator does not model rejects bad input.
      const params = readParams(op, { query: url.searchParams, headers: req.headers, body, path });
      if (!handler) throw notServed(entry);
      try {
        // readParams has checked the input against the same operation table the wire types come from.
        const answer = await handler({ store, params: params as never, op, via, origin: url.origin });
        return { status: op.status ?? 200, json: answerFor(via.generation, answer) };
      } catch (e) {
        if (e instanceof PageKeyError) throw foreignPageKey(op.api);
        throw e;
      }
    },
  };
}

/** Why an operation without a handler is not answered: a hosted product, or one not emulated yet. */
export const notServedReason = (op: TableOperation): string =>
  op.hosted
    ? `${op.name} is a Neynar hosted product (studio/portal), not emulated`
    : `${op.name} is not emulated yet`;

const notServed = (op: TableOperation) => new NotImplementedError(notServedReason(op));

/** A cursor (v2) or page token (hub) that another list issued: the store refused its key's length. */
const foreignPageKey = (api: 'v2' | 'hub') =>
  api === 'hub'
    ? new ValidationError('pageToken does not belong to this query', 'pageToken')
    : new ValidationError('the page cursor does not belong to this list', 'cursor');

/** The request headers the specs define (x-neynar-experimental, x-wallet-id, ...), for CORS. */
export function operationHeaders(): string[] {
  const names = new Set<string>();
  for (const entry of operationTable) {
    for (const op of Object.values(entry.specs)) {
      for (const p of op.params) if (p.in === 'header') names.add(p.name.toLowerCase());
    }
  }
  return [...names];
}
