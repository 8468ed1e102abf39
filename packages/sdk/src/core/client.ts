// The one request pipeline: buildRequest → transport → retry policy → decode → typed result or error.

import type { Transport, TransportResponse } from '../transport/types.js';
import { buildRequest, type PreparedRequest } from './build-request.js';
import { AbortError, apiErrorFor, CastkitError, ConnectionError, TimeoutError } from './errors.js';
import { type Logger, silentLogger } from './logger.js';
import type { OperationSpec } from './operation.js';
import { type PaginateOptions, Paginator } from './paginate.js';
import { defaultRetryPolicy, type RetryPolicy, retryDelay, shouldRetry } from './retry.js';

/** Per-call options, accepted as the second argument of every method. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Milliseconds per attempt before a TimeoutError (client default: 30 000). */
  timeout?: number;
  headers?: Record<string, string>;
  /** Further attempts after the first on retryable failures. */
  retries?: number;
  /** Resolve with `{ data, status, headers }` instead of the body alone. */
  raw?: boolean;
}

export interface RawResponse<T> {
  data: T;
  status: number;
  headers: Record<string, string>;
}

export type CallResult<T, O> = O extends { raw: true } ? RawResponse<T> : T;

/** Options of the castkit-native constructor. */
export interface ClientOptions {
  apiKey?: string;
  baseUrl?: string;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** Milliseconds per attempt (default 30 000). */
  timeout?: number;
  /** Number of retries, or a retry policy (default: 2 retries, exponential backoff, Retry-After honoured). */
  retries?: number | Partial<RetryPolicy>;
  /** Receives warnings about API errors; silent by default. */
  logger?: Logger;
  /** Use this fetch instead of the platform transport. */
  fetch?: typeof fetch;
  /** Use this transport (lowest-level seam; tests and custom stacks). */
  transport?: Transport;
  /** Default for the `x-neynar-experimental` header on operations that declare it. */
  experimental?: boolean;
}

const EXPERIMENTAL = 'x-neynar-experimental';

export abstract class BaseClient {
  readonly baseUrl: string;
  readonly logger: Logger;
  readonly #apiKey: string | undefined;
  readonly #headers: Record<string, string>;
  readonly #timeout: number;
  readonly #retry: RetryPolicy;
  readonly #experimental: boolean | undefined;
  #transport: Transport | undefined;
  readonly #customTransport: Transport | undefined;

  protected constructor(options: ClientOptions, defaultBaseUrl: string) {
    this.baseUrl = (options.baseUrl ?? defaultBaseUrl).replace(/\/+$/, '');
    this.logger = options.logger ?? silentLogger;
    this.#apiKey = options.apiKey;
    this.#headers = { ...options.headers };
    this.#timeout = options.timeout ?? 30_000;
    const retries = options.retries;
    this.#retry = { ...defaultRetryPolicy, ...(typeof retries === 'number' ? { retries } : retries) };
    this.#experimental = options.experimental;
    this.#customTransport =
      options.transport ?? (options.fetch ? this.fetchTransport(options.fetch) : undefined);
  }

  /** The platform's transport; entry files pick it (node:http on Node, fetch elsewhere). */
  protected abstract defaultTransport(): Transport;
  protected abstract fetchTransport(fetchImpl: typeof fetch): Transport;

  private get transport(): Transport {
    this.#transport ??= this.#customTransport ?? this.defaultTransport();
    return this.#transport;
  }

  /** The exact request a call would send, without sending it (the API key included only if asked). */
  prepare(
    op: OperationSpec,
    params?: object,
    options: { headers?: Record<string, string>; redactKey?: boolean } = {},
  ) {
    const input = { ...(params as Record<string, unknown>) };
    const declaresExperimental = op.params.some((p) => p.name === EXPERIMENTAL);
    if (declaresExperimental && this.#experimental !== undefined && input.xNeynarExperimental === undefined) {
      input.xNeynarExperimental = this.#experimental;
    }
    return buildRequest(op, input, {
      baseUrl: this.baseUrl,
      apiKey: options.redactKey ? undefined : this.#apiKey,
      headers: { ...this.#headers, ...options.headers },
    });
  }

  async request<T>(
    op: OperationSpec,
    params?: object,
    options: CallOptions = {},
  ): Promise<T | RawResponse<T>> {
    const req = this.prepare(op, params, options);
    const retries = options.retries ?? this.#retry.retries;
    for (let attempt = 1; ; attempt++) {
      let res: TransportResponse;
      try {
        res = await this.send(req, options);
      } catch (error) {
        const refused =
          error instanceof ConnectionError && (error.cause as { code?: string })?.code === 'ECONNREFUSED';
        if (error instanceof ConnectionError && attempt <= retries && shouldRetry(req.method, { refused })) {
          await this.wait(retryDelay(this.#retry, attempt), options.signal, op.name);
          continue;
        }
        throw error;
      }
      if (res.status >= 400 && attempt <= retries && shouldRetry(req.method, { status: res.status })) {
        await this.wait(
          retryDelay(this.#retry, attempt, res.headers['retry-after']),
          options.signal,
          op.name,
        );
        continue;
      }
      const data = this.decode<T>(op, req, res);
      return options.raw ? { data, status: res.status, headers: res.headers } : data;
    }
  }

  /** Pages of a list operation, followed by cursor until the API says there are no more. */
  protected paginator<Page, Item>(
    op: OperationSpec,
    params: object | undefined,
    options: CallOptions & PaginateOptions = {},
  ): Paginator<Page, Item> {
    const { maxPages, raw: _raw, ...call } = options;
    return new Paginator<Page, Item>(
      op,
      (p) => this.request<Page>(op, p, call) as Promise<Page>,
      { ...(params as Record<string, unknown>) },
      { maxPages },
    );
  }

  private async send(req: PreparedRequest, options: CallOptions): Promise<TransportResponse> {
    const userSignal = options.signal;
    if (userSignal?.aborted)
      throw new AbortError(`${req.operation} was aborted`, req.operation, { cause: userSignal.reason });
    const controller = new AbortController();
    let timedOut = false;
    const timeout = options.timeout ?? this.#timeout;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeout);
    const onAbort = () => controller.abort(userSignal?.reason);
    userSignal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await this.transport({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: req.body,
        signal: controller.signal,
      });
    } catch (error) {
      if (userSignal?.aborted)
        throw new AbortError(`${req.operation} was aborted`, req.operation, { cause: error });
      if (timedOut)
        throw new TimeoutError(`${req.operation} timed out after ${timeout} ms`, req.operation, {
          cause: error,
        });
      if (error instanceof CastkitError) throw error;
      const cause = (error as { cause?: unknown }).cause ?? error;
      const code = (cause as { code?: string }).code;
      const where = new URL(req.url).host;
      throw new ConnectionError(
        `${req.operation}: network error reaching ${where}${code ? ` (${code})` : ''}: ${(cause as Error).message ?? cause}`,
        req.operation,
        { cause },
      );
    } finally {
      clearTimeout(timer);
      userSignal?.removeEventListener('abort', onAbort);
    }
  }

  private decode<T>(op: OperationSpec, req: PreparedRequest, res: TransportResponse): T {
    // A redirect is an answer, not a hop: hand back where it points and never follow it with our key.
    if (res.status === 302) return { location: res.headers.location } as T;
    const body = parseBody(res);
    if (res.status >= 200 && res.status < 300) {
      if (body instanceof Error) {
        throw new CastkitError(
          `${op.name}: the server answered ${res.status} with malformed JSON (${body.message})`,
        );
      }
      return body as T;
    }
    const error = apiErrorFor({
      ...this.errorInit(op, req, res),
      body: body instanceof Error ? text(res.body) : body,
    });
    if (typeof body === 'object' && body !== null && 'message' in body) {
      this.logger.warn(`${op.name} failed with ${res.status}: ${JSON.stringify(body)}`, body);
    }
    throw error;
  }

  private errorInit(op: OperationSpec, req: PreparedRequest, res: TransportResponse) {
    return { status: res.status, headers: res.headers, operation: op.name, method: req.method, url: req.url };
  }

  private wait(ms: number, signal: AbortSignal | undefined, operation: string): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new AbortError(`${operation} was aborted`, operation));
      const timer = setTimeout(done, ms);
      function done() {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }
      function onAbort() {
        clearTimeout(timer);
        reject(new AbortError(`${operation} was aborted`, operation));
      }
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}

const decoder = new TextDecoder();
const text = (bytes: Uint8Array) => decoder.decode(bytes);

/** JSON when the server says so (or it looks like JSON), text otherwise; an Error when JSON is malformed. */
function parseBody(res: TransportResponse): unknown {
  if (res.body.byteLength === 0) return undefined;
  const type = res.headers['content-type'] ?? '';
  const raw = text(res.body);
  if (type.includes('json') || /^\s*[[{]/.test(raw)) {
    try {
      return JSON.parse(raw);
    } catch (error) {
      return error as Error;
    }
  }
  return raw;
}
