// The one request pipeline: buildRequest → transport → retry policy → decode → typed result or error.

import {
  BODY_CUT_SHORT,
  RESPONSE_TOO_LARGE,
  type Transport,
  type TransportResponse,
} from '../transport/types.js';
import { buildRequest, type PreparedRequest } from './build-request.js';
import { Deadlines } from './deadlines.js';
import {
  AbortError,
  apiErrorFor,
  CastkitError,
  ConnectionError,
  ResponseTooLargeError,
  TimeoutError,
  type TransportError,
  UnexpectedResponseError,
} from './errors.js';
import { type Logger, silentLogger } from './logger.js';
import type { OperationSpec } from './operation.js';
import { defaultRetryPolicy, isReplaySafe, type RetryPolicy, retryDelay, shouldRetry } from './retry.js';

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
  /** The URL the request was sent to. */
  url: string;
}

export type CallResult<T, O> = O extends { raw: true } ? RawResponse<T> : T;

/** Options of the castkit-native constructor. */
export interface ClientOptions {
  /** Sent as `x-api-key`; when left out, the `NEYNAR_API_KEY` environment variable (on Node). */
  apiKey?: string;
  baseUrl?: string;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** Milliseconds per attempt (default 30 000); attempts share timers, so one may end up to 1% later. */
  timeout?: number;
  /** Number of retries, or a retry policy (default: 2 retries, exponential backoff, Retry-After honoured). */
  retries?: number | Partial<RetryPolicy>;
  /** Largest response body accepted, counted after decompression (default 64 MiB). */
  maxResponseBytes?: number;
  /** Receives warnings about API errors, and with `debug` one line per attempt; silent by default. */
  logger?: Logger;
  /** Use this fetch instead of the platform transport. */
  fetch?: typeof fetch;
  /** Use this transport (lowest-level seam; tests and custom stacks). */
  transport?: Transport;
  /** Default for the `x-neynar-experimental` header on operations that declare it. */
  experimental?: boolean;
}

const EXPERIMENTAL = 'x-neynar-experimental';
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
/** Shared by calls without options, so the hot path allocates no empty object. */
const NO_OPTIONS: CallOptions = Object.freeze({});

export abstract class BaseClient {
  readonly baseUrl: string;
  readonly logger: Logger;
  readonly #apiKey: string | undefined;
  readonly #headers: Record<string, string>;
  readonly #timeout: number;
  readonly #maxBytes: number;
  readonly #retry: RetryPolicy;
  readonly #experimental: boolean | undefined;
  #transport: Transport | undefined;
  readonly #customTransport: Transport | undefined;
  #calls = 0;
  readonly #deadlines = new Deadlines();

  protected constructor(options: ClientOptions, defaultBaseUrl: string) {
    this.baseUrl = (options.baseUrl ?? defaultBaseUrl).replace(/\/+$/, '');
    this.logger = options.logger ?? silentLogger;
    this.#apiKey = options.apiKey;
    this.#headers = { ...options.headers };
    this.#timeout = options.timeout ?? 30_000;
    this.#maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
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
    let input = params as Record<string, unknown> | undefined;
    if (
      this.#experimental !== undefined &&
      input?.xNeynarExperimental === undefined &&
      // Only clients configured with the flag get here: a scan of a few params, no cache needed.
      op.params.some((p) => p.name === EXPERIMENTAL)
    ) {
      input = { ...input, xNeynarExperimental: this.#experimental };
    }
    return buildRequest(op, input, {
      baseUrl: this.baseUrl,
      apiKey: options.redactKey ? undefined : this.#apiKey,
      headers: options.headers ? { ...this.#headers, ...options.headers } : this.#headers,
    });
  }

  async request<T>(
    op: OperationSpec,
    params?: object,
    options: CallOptions = NO_OPTIONS,
  ): Promise<T | RawResponse<T>> {
    // A write whose body has `idem` gets one key for all its attempts, so a retry cannot act twice.
    const keyed = op.body?.encoder.withIdem?.(op, params as Record<string, unknown> | undefined);
    const req = this.prepare(op, keyed ?? params, options);
    const replaySafe = isReplaySafe(req.method, keyed !== undefined);
    const retries = options.retries ?? this.#retry.retries;
    const debug = this.logger.debug ? this.debugLine(req, retries) : undefined;
    const timeout = options.timeout ?? this.#timeout;
    const userSignal = options.signal;
    for (let attempt = 1; ; attempt++) {
      const started = debug && Date.now();
      let res: TransportResponse;
      // The attempt is inlined rather than a method of its own: one async frame less per request.
      const timer = this.#deadlines.signal(timeout);
      try {
        if (userSignal?.aborted) throw userSignal.reason;
        res = await this.transport({
          method: req.method,
          url: req.url,
          headers: req.headers,
          body: req.body,
          signal: userSignal ? AbortSignal.any([userSignal, timer]) : timer,
          maxBytes: this.#maxBytes,
        });
      } catch (cause) {
        const error = attemptFailure(req, cause, userSignal, timer, timeout);
        const again = attempt <= retries && retryableFailure(error, replaySafe);
        const delay = again ? retryDelay(this.#retry, attempt) : 0;
        debug?.(attempt, error.name, started as number, again && delay);
        if (!again) throw error;
        await this.wait(delay, userSignal, op.name);
        continue;
      }
      const again =
        res.status >= 400 && attempt <= retries && shouldRetry(replaySafe, { status: res.status });
      const delay = again ? retryDelay(this.#retry, attempt, res.headers['retry-after']) : 0;
      debug?.(attempt, String(res.status), started as number, again && delay);
      if (again) {
        await this.wait(delay, userSignal, op.name);
        continue;
      }
      const data = this.decode<T>(op, req, res);
      return options.raw ? { data, status: res.status, headers: res.headers, url: req.url } : data;
    }
  }

  private decode<T>(op: OperationSpec, req: PreparedRequest, res: TransportResponse): T {
    // A redirect is an answer, not a hop: hand back where it points and never follow it with our key.
    if (res.status === 302) return { location: res.headers.location } as T;
    const raw = res.body.byteLength === 0 ? '' : text(res.body);
    if (res.status >= 200 && res.status < 300) {
      if (op.json === false) return parseBody(res, raw) as T;
      return this.expectJson<T>(op, req, res, raw);
    }
    const body = parseBody(res, raw);
    const error = apiErrorFor({
      status: res.status,
      headers: res.headers,
      operation: op.name,
      method: req.method,
      url: req.url,
      body: body instanceof Error ? raw : body,
    });
    if (typeof body === 'object' && body !== null && 'message' in body) {
      this.logger.warn(this.redact(`${op.name} failed with ${res.status}: ${JSON.stringify(body)}`), body);
    }
    throw error;
  }

  /** The body of a success the spec declares as JSON; anything else is an error that says what came. */
  private expectJson<T>(op: OperationSpec, req: PreparedRequest, res: TransportResponse, raw: string): T {
    const unexpected = (problem: string, hint = baseUrlHint(op, this.baseUrl)) =>
      new UnexpectedResponseError({
        operation: op.name,
        method: req.method,
        url: req.url,
        status: res.status,
        headers: res.headers,
        text: raw,
        problem,
        hint,
      });
    if (!raw) throw unexpected('and an empty body where JSON was expected');
    if (!looksLikeJson(res, raw)) throw unexpected('where JSON was expected');
    try {
      return JSON.parse(raw) as T;
    } catch (error) {
      throw unexpected(`and malformed JSON (${(error as Error).message})`, undefined);
    }
  }

  /** One debug line per attempt: call id, method, path, status or error, time, and the retry count. */
  private debugLine(req: PreparedRequest, retries: number) {
    const id = `#${++this.#calls}`;
    const path = this.redact(req.url.slice(req.url.indexOf('/', req.url.indexOf('//') + 2)));
    return (attempt: number, outcome: string, started: number, retryIn: number | false) => {
      const ms = Date.now() - started;
      const tries = attempt > 1 ? `, retry ${attempt - 1} of ${retries}` : '';
      const next = retryIn === false ? '' : `; retrying in ${Math.round(retryIn)} ms`;
      this.logger.debug?.(`castkit ${id} ${req.method} ${path} → ${outcome} in ${ms} ms${tries}${next}`);
    };
  }

  /** Removes the API key from anything about to be logged. */
  private redact(line: string): string {
    const key = this.#apiKey;
    return key && line.includes(key) ? line.split(key).join('[redacted]') : line;
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

/** Why an attempt ended without a response, as a typed error: the caller's abort, the timeout, or the transport's failure. */
function attemptFailure(
  req: PreparedRequest,
  cause: unknown,
  userSignal: AbortSignal | undefined,
  timer: AbortSignal,
  timeout: number,
): CastkitError {
  if (userSignal?.aborted) return new AbortError(`${req.operation} was aborted`, req.operation, { cause });
  if (timer.aborted)
    return new TimeoutError(`${req.operation} timed out after ${timeout} ms`, req.operation, { cause });
  if (cause instanceof CastkitError) return cause;
  return transportFailure(req, cause);
}

/** Network errors, bodies cut short and per-attempt timeouts may be retried; aborts and oversized bodies not. */
function retryableFailure(error: unknown, replaySafe: boolean): boolean {
  if (error instanceof ConnectionError) {
    const refused = (error.cause as { code?: string } | undefined)?.code === 'ECONNREFUSED';
    return shouldRetry(replaySafe, { refused });
  }
  return error instanceof TimeoutError && shouldRetry(replaySafe, {});
}

/** A transport's rejection as the typed error it stands for. */
function transportFailure(req: PreparedRequest, error: unknown): TransportError {
  const code = (error as { code?: string }).code;
  // Only the host: never the credentials a URL may carry (URL.host leaves them out).
  const where = new URL(req.url).host;
  if (code === RESPONSE_TOO_LARGE)
    return new ResponseTooLargeError(`${req.operation}: ${(error as Error).message}`, req.operation, {
      cause: error,
    });
  if (code === BODY_CUT_SHORT)
    return new ConnectionError(`${req.operation}: ${(error as Error).message} by ${where}`, req.operation, {
      cause: error,
    });
  const cause = (error as { cause?: unknown }).cause ?? error;
  const causeCode = (cause as { code?: string }).code;
  return new ConnectionError(
    `${req.operation}: network error reaching ${where}${causeCode ? ` (${causeCode})` : ''}: ${(cause as Error).message ?? cause}`,
    req.operation,
    { cause },
  );
}

/** A hub base ending in `/v1` is the usual mistake (the paths carry it); otherwise the base is simply not the API. */
function baseUrlHint(op: OperationSpec, baseUrl: string): string {
  if (op.api === 'hub' && baseUrl.endsWith('/v1'))
    return `Hub paths start with /v1, so the baseUrl ${baseUrl} should not end in /v1.`;
  return `Is the baseUrl (${baseUrl}) the API's address?`;
}

const decoder = new TextDecoder();
const text = (bytes: Uint8Array) => decoder.decode(bytes);

/** A body that opens like a JSON object or array is parsed as one; else the content-type decides. */
function looksLikeJson(res: TransportResponse, raw: string): boolean {
  const first = raw.charCodeAt(0);
  if (first === 0x7b || first === 0x5b || /^\s*[[{]/.test(raw)) return true;
  return res.headers['content-type']?.includes('json') === true;
}

/** JSON when the server says so (or it looks like JSON), text otherwise; an Error when JSON is malformed. */
function parseBody(res: TransportResponse, raw: string): unknown {
  if (!raw) return undefined;
  if (looksLikeJson(res, raw)) {
    try {
      return JSON.parse(raw);
    } catch (error) {
      return error as Error;
    }
  }
  return raw;
}
