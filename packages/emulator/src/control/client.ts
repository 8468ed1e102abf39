// The typed client of the developer controls, on fetch (browsers and Node alike): one generic
// `call(route, request)` whose request and answer types come from the declaration (routes.ts),
// and whose answers are checked against it before they are returned.
import type { SnapshotImportReport } from './answers.js';
import {
  CONTROL_ANSWERS,
  CONTROL_ROUTES,
  type ControlAnswer,
  type ControlRequest,
  type ControlRoute,
  type JsonRoute,
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
  call<R extends JsonRoute>(route: R, ...args: ControlCallArgs<R>): Promise<ControlAnswer<R>>;
  /** The URL `route` is sent to with `request`'s path parameters and query. */
  url<R extends ControlRoute>(route: R, ...args: ControlCallArgs<R>): URL;
  /** A snapshot (without a name: the current state) as a portable file. */
  exportSnapshot(name?: string, options?: ControlCallOptions): Promise<SnapshotDownload>;
  /**
   * Loads a portable snapshot file: it replaces the data, `reset` returns to it and every snapshot
   * is dropped; with `name` it is also saved as that snapshot.
   */
  importSnapshot(
    file: SnapshotUpload,
    options?: ControlCallOptions & { name?: string },
  ): Promise<SnapshotImportReport>;
}

/** An exported snapshot file: read its bytes as they arrive, or whole, once. */
export interface SnapshotDownload {
  readonly stream: ReadableStream<Uint8Array>;
  bytes(): Promise<Uint8Array<ArrayBuffer>>;
}

/** A snapshot file to import: its bytes, a Blob (a browser's File, Node's openAsBlob) or a stream. */
export type SnapshotUpload = Uint8Array<ArrayBuffer> | Blob | ReadableStream<Uint8Array>;

/** A request as the wire sees it: each part's values before they are written into URL and body. */
interface Parts {
  readonly params?: unknown;
  readonly query?: unknown;
  readonly body?: unknown;
}

/** A request body that is a file's bytes (a route declared `upload`). */
interface FilePart {
  readonly bytes: SnapshotUpload;
  readonly type: string;
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

  /** Sends `route`; resolves to its answer once its status is a success, else throws ControlError. */
  async function exchange(
    route: ControlRoute,
    request: Parts,
    signal: AbortSignal | undefined,
    file?: FilePart,
  ): Promise<Response> {
    const { method } = splitRoute(route);
    const url = urlOf(route, request);
    const headers: Record<string, string> = { 'x-api-key': options.apiKey, accept: 'application/json' };
    if (file) headers['content-type'] = file.type;
    else if (request.body !== undefined) headers['content-type'] = 'application/json';
    const init: RequestInit & { duplex?: 'half' } = {
      method,
      headers,
      body: file ? file.bytes : request.body === undefined ? undefined : JSON.stringify(request.body),
      // A redirect is for a browser (the signer approval page); the control answers JSON.
      redirect: 'manual',
      // A stream is sent as it is read (fetch asks to be told so).
      ...(file?.bytes instanceof ReadableStream ? { duplex: 'half' } : {}),
      ...(signal ? { signal } : {}),
    };
    const res = await send(url, init);
    if (res.ok) return res;
    const { message, property } = errorBody(jsonOf(route, res, url, await res.text()));
    throw new ControlError(
      route,
      res.status,
      'status',
      message ?? `${route} answered ${res.status}`,
      property,
    );
  }

  function jsonOf(route: ControlRoute, res: Response, url: URL, text: string): unknown {
    try {
      return JSON.parse(text);
    } catch {
      throw new ControlError(
        route,
        res.status,
        'not-json',
        `${splitRoute(route).method} ${url.href} answered ${res.status} without JSON; is this a castkit emulator?`,
      );
    }
  }

  /** `value` as `route` declares its answer, or a ControlError saying what does not fit. */
  function checked<R extends ControlRoute>(route: R, res: Response, value: unknown): ControlAnswer<R> {
    try {
      return CONTROL_ANSWERS[route].answer.parse(value, '');
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

  async function call<R extends JsonRoute>(route: R, ...args: ControlCallArgs<R>): Promise<ControlAnswer<R>> {
    const [sent, { signal = timeout() } = {}] = args;
    const request: Parts = sent ?? {};
    const res = await exchange(route, request, signal);
    return checked(route, res, jsonOf(route, res, urlOf(route, request), await res.text()));
  }

  async function exportSnapshot(name?: string, { signal = timeout() }: ControlCallOptions = {}) {
    const route = name === undefined ? 'GET /_emulator/export' : 'GET /_emulator/snapshots/:name/export';
    const res = await exchange(route, { params: { name } }, signal);
    const type = res.headers.get('content-type') ?? '';
    const declared = CONTROL_ROUTES[route].download;
    if (!type.startsWith(declared)) {
      await res.body?.cancel();
      throw new ControlError(
        route,
        res.status,
        'shape',
        `${route} answered ${type || 'no content type'}, not ${declared}`,
      );
    }
    const stream = checked(route, res, res.body);
    const download: SnapshotDownload = {
      stream,
      bytes: async () => new Uint8Array(await new Response(stream).arrayBuffer()),
    };
    return download;
  }

  async function importSnapshot(
    file: SnapshotUpload,
    { name, signal = timeout() }: ControlCallOptions & { name?: string } = {},
  ): Promise<SnapshotImportReport> {
    const route = 'POST /_emulator/import';
    const request: Parts = { query: { name } };
    const res = await exchange(route, request, signal, { bytes: file, type: CONTROL_ROUTES[route].upload });
    return checked(route, res, jsonOf(route, res, urlOf(route, request), await res.text()));
  }

  return { baseUrl, call, url, exportSnapshot, importSnapshot };
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
