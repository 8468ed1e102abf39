// Routes requests to operation handlers by the SDK's operation tables: one table for the SDK, the
// emulator and the console. Handlers receive validated params keyed by spec names.
import { hubOperations, type OperationSpec, v2Operations } from '@castkit/sdk';
import { NotImplementedError } from '../protocol/errors.js';
import type { Store } from '../store/store.js';
import { asEmulatorError, type ErrorReply, errorReply } from './errors.js';
import { type Params, type RawInput, readParams } from './params.js';

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
      const result = await route.handler({ store: this.store, params, op: route.op, origin });
      return { status: 200, body: result };
    } catch (error) {
      return this.failure(route.api, error);
    }
  }

  failure(api: 'v2' | 'hub', error: unknown): ErrorReply {
    return errorReply(api, asEmulatorError(error));
  }
}
