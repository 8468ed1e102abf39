// The typed client of the developer controls, on fetch (browsers and Node alike): one generic
// `call(route, request)` whose request and answer types come from the declaration (routes.ts),
// and whose answers are checked against it before they are returned.
import {
  CONTROL_ANSWERS,
  type ControlAnswer,
  type ControlRequest,
  type ControlRoute,
  splitRoute,
} from './routes.js';
import { SchemaError } from './schema.js';

/**
 * A control that did not answer as declared. `reason` says how: `status`, an error status (its
 * body's `message` and `property`); `not-json`, no JSON at all (not a castkit emulator?); `shape`,
 * JSON its declaration does not take (an emulator of another version?).
 */
export class ControlError extends Error {
  constructor(
    readonly route: ControlRoute,
    readonly status: number,
    readonly reason: 'status' | 'not-json' | 'shape',
    message: string,
    /** The request field at fault, as the emulator named it; for `shape`, the answer's. */
    readonly property?: string,
  ) {
    super(message);
    this.name = 'ControlError';
  }
}

export interface ControlClientOptions {
  /** The emulator's origin, `http://127.0.0.1:3000` (not its /v2 base). */
  baseUrl: string;
  apiKey: string;
  /** Default: the global fetch. */
  fetch?: typeof fetch;
  /** Gives up on a call after this many ms (a call's own `signal` is used instead); default never. */
  timeoutMs?: number;
}

export interface ControlCallOptions {
  signal?: AbortSignal;
}

/** What `call` takes after the route: the request (optional when nothing in it is required), then options. */
export type ControlCallArgs<R extends ControlRoute> =
  {} extends ControlRequest<R>
    ? [request?: ControlRequest<R>, options?: ControlCallOptions]
    : [request: ControlRequest<R>, options?: ControlCallOptions];

export interface ControlClient {
  readonly baseUrl: string;
  /** Sends `route` (`'POST /_emulator/clock/advance'`) with its request; resolves to its answer. */
  call<R extends ControlRoute>(route: R, ...args: ControlCallArgs<R>): Promise<ControlAnswer<R>>;
  /** The URL `route` is sent to with `request`'s path parameters and query. */
  url<R extends ControlRoute>(route: R, ...args: ControlCallArgs<R>): URL;
}

/** A request as the wire sees it: each part's values before they are written into URL and body. */
interface Parts {
  readonly params?: unknown;
  readonly query?: unknown;
  readonly body?: unknown;
}

const entries = (part: unknown): [string, unknown][] =>
  part !== null && typeof part === 'object' ? Object.entries(part) : [];

export function createControlClient(options: ControlClientOptions): ControlClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const send = options.fetch ?? ((input, init) => fetch(input, init));
  const timeout = () =>
    options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs);

  function url<R extends ControlRoute>(route: R, ...[request]: ControlCallArgs<R>): URL {
    return urlOf(route, request ?? {});
  }

  function urlOf(route: ControlRoute, request: Parts): URL {
    const { path } = splitRoute(route);
    const params = new Map(entries(request.params));
    const filled = path.replace(/:(\w+)/g, (_, name: string) =>
      encodeURIComponent(String(params.get(name) ?? '')),
    );
    const url = new URL(`${baseUrl}${filled}`);
    for (const [key, value] of entries(request.query))
      if (value !== undefined) url.searchParams.set(key, String(value));
    return url;
  }

  async function call<R extends ControlRoute>(
    route: R,
    ...args: ControlCallArgs<R>
  ): Promise<ControlAnswer<R>> {
    const [sent, { signal = timeout() } = {}] = args;
    const request: Parts = sent ?? {};
    const { method } = splitRoute(route);
    const url = urlOf(route, request);
    const headers: Record<string, string> = { 'x-api-key': options.apiKey, accept: 'application/json' };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    const res = await send(url, {
      method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      // A redirect is for a browser (the signer approval page); the control answers JSON.
      redirect: 'manual',
      ...(signal ? { signal } : {}),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ControlError(
        route,
        res.status,
        'not-json',
        `${method} ${url.href} answered ${res.status} without JSON; is this a castkit emulator?`,
      );
    }
    if (!res.ok) {
      const { message, property } = errorBody(json);
      throw new ControlError(
        route,
        res.status,
        'status',
        message ?? `${route} answered ${res.status}`,
        property,
      );
    }
    try {
      return CONTROL_ANSWERS[route].answer.parse(json, '');
    } catch (e) {
      if (!(e instanceof SchemaError)) throw e;
      throw new ControlError(
        route,
        res.status,
        'shape',
        `${route} answered what its declaration does not take: ${e.message}`,
        e.field,
      );
    }
  }

  return { baseUrl, call, url };
}

/** The error body's `message` and `property`, where they are strings. */
function errorBody(json: unknown): { message?: string; property?: string } {
  if (json === null || typeof json !== 'object') return {};
  const text = (key: string) => {
    const value: unknown = Object.getOwnPropertyDescriptor(json, key)?.value;
    return typeof value === 'string' ? value : undefined;
  };
  const message = text('message');
  const property = text('property');
  return { ...(message ? { message } : {}), ...(property ? { property } : {}) };
}
