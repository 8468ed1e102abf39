// Routes requests to operation handlers by the SDK's operation tables: one table for the SDK, the
// emulator and the console. Handlers receive validated params keyed by spec names.
import { hubOperations, type OperationSpec, v2Operations } from '@castkit/sdk';
import type { HubWire } from '../generated/hub-wire.js';
import type { V2Wire } from '../generated/v2-wire.js';
import { NotImplementedError } from '../protocol/errors.js';
import type { Store } from '../store/store.js';
import { asEmulatorError, type ErrorReply, errorReply } from './errors.js';
import { type Params, type RawInput, readParams } from './params.js';
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

export interface Reply {
  status: number;
  body: unknown;
}

interface Route {
  api: 'v2' | 'hub';
  op: OperationSpec;
  handler: Handler | undefined;
}

export class OperationRouter {
  private readonly routes = new Map<string, Route>();

  constructor(
    private readonly store: Store,
    v2: V2Handlers,
    hub: HubHandlers,
  ) {
    for (const op of Object.values(v2Operations))
      this.add('v2', `/v2${op.path}`, op, v2[op.name as keyof V2Handlers]);
    for (const op of Object.values(hubOperations))
      this.add('hub', op.path, op, hub[op.name as keyof HubHandlers]);
  }

  private add(api: 'v2' | 'hub', path: string, op: OperationSpec, handler: Handler | undefined) {
    this.routes.set(`${op.method} ${path}`, { api, op, handler });
  }

  /** Which API a path belongs to, for error bodies of requests that match no operation. */
  apiOf(pathname: string): 'v2' | 'hub' | undefined {
    if (pathname.startsWith('/v2/')) return 'v2';
    if (pathname.startsWith('/v1/')) return 'hub';
    return undefined;
  }

  allowedMethods(pathname: string): string[] {
    return [...this.routes.keys()].filter((k) => k.endsWith(` ${pathname}`)).map((k) => k.split(' ')[0]!);
  }

  /** undefined when no operation has this method and path. */
  async handle(
    method: string,
    pathname: string,
    input: RawInput,
    origin: string,
  ): Promise<Reply | undefined> {
    const route = this.routes.get(`${method} ${pathname}`);
    if (!route) return undefined;
    try {
      // Input is checked first, so even an operation the emulator does not model rejects bad input.
      const params = readParams(route.op, input);
      if (!route.handler) {
        throw new NotImplementedError(`${route.op.name} is not emulated yet`);
      }
      // readParams has checked the input against the same operation table the wire types come from.
      const call = { store: this.store, params: params as never, op: route.op, origin };
      const result = await route.handler(call);
      return { status: 200, body: result };
    } catch (error) {
      return this.failure(route.api, error);
    }
  }

  failure(api: 'v2' | 'hub', error: unknown): ErrorReply {
    return errorReply(api, asEmulatorError(error));
  }
}
