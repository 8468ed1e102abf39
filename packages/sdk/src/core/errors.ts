// One error hierarchy: CastkitError at the root; required-parameter, API and transport failures below it.
import type { ApiErrorStatus } from './error-vocabulary.js';

export class CastkitError extends Error {
  override name = 'CastkitError';
}

/** A required parameter was missing; raised before any request is built or sent. */
export class RequiredError extends CastkitError {
  override name = 'RequiredError';
  constructor(
    readonly field: string,
    readonly operation: string,
  ) {
    super(`Required parameter ${field} was null or undefined when calling ${operation}.`);
  }
}

/** An optional helper needs a package the SDK does not depend on; raised before any request. */
export class MissingPeerDependencyError extends CastkitError {
  override name = 'MissingPeerDependencyError';
  constructor(
    readonly packageName: string,
    readonly operation: string,
    readonly alternative: string,
    options?: { cause?: unknown },
  ) {
    super(
      `${operation} needs the optional peer dependency ${packageName} (npm install ${packageName}), ${alternative}.`,
      options,
    );
  }
}

/** The body an API answers with on failure: v2's `ErrorRes` or the hub's error object. */
export interface ApiErrorBody {
  message?: string;
  code?: string;
  property?: string;
  status?: number;
  errCode?: string;
  presentable?: boolean;
  name?: string;
  details?: string;
  metadata?: unknown;
  [key: string]: unknown;
}

export interface ApiErrorInit {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  operation: string;
  method: string;
  url: string;
}

/** HTTP status codes in words, so a message reads "404 not found" rather than a bare number. */
const STATUS_WORDS: Record<number, string> = {
  400: 'bad request',
  401: 'unauthorized',
  402: 'payment required',
  403: 'forbidden',
  404: 'not found',
  405: 'method not allowed',
  406: 'not acceptable',
  408: 'request timeout',
  409: 'conflict',
  410: 'gone',
  413: 'payload too large',
  415: 'unsupported media type',
  421: 'misdirected request',
  422: 'unprocessable content',
  429: 'too many requests',
  500: 'internal server error',
  501: 'not implemented',
  502: 'bad gateway',
  503: 'service unavailable',
  504: 'gateway timeout',
};

/** `404 not found`; statuses without a common name fall back to their class. */
export function statusInWords(status: number): string {
  const words =
    STATUS_WORDS[status] ?? (status >= 500 ? 'server error' : status >= 400 ? 'client error' : '');
  return words ? `${status} ${words}` : String(status);
}

/** The server answered with a 4xx or 5xx; the message names the status in words. */
export class ApiError extends CastkitError {
  override name = 'ApiError';
  readonly status: number;
  readonly body: unknown;
  readonly headers: Record<string, string>;
  readonly operation: string;
  /** The request that failed: its method and full URL (the API key travels in a header, never here). */
  readonly method: string;
  readonly url: string;
  /** The body's `message` (v2) or `details` (hub), when there is one. */
  readonly apiMessage: string | undefined;
  readonly code: string | undefined;
  readonly property: string | undefined;

  constructor(init: ApiErrorInit) {
    const body = (typeof init.body === 'object' && init.body !== null ? init.body : {}) as ApiErrorBody;
    const apiMessage = str(body.message) ?? str(body.details);
    const code = str(body.code) ?? str(body.errCode);
    const detail = [apiMessage, code && `code ${code}`, str(body.property) && `property ${body.property}`]
      .filter(Boolean)
      .join('; ');
    super(`${init.operation}: ${statusInWords(init.status)}${detail ? ` — ${detail}` : ''}`);
    this.status = init.status;
    this.body = init.body;
    this.headers = init.headers;
    this.operation = init.operation;
    this.method = init.method;
    this.url = init.url;
    this.apiMessage = apiMessage;
    this.code = code;
    this.property = str(body.property);
  }

  /** `error.response.data` as axios-based SDKs expose it, so existing error handling keeps working. */
  get response(): { status: number; data: unknown; headers: Record<string, string> } {
    return { status: this.status, data: this.body, headers: this.headers };
  }
}

export class BadRequestError extends ApiError {
  override name = 'BadRequestError';
}
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
}
export class PermissionDeniedError extends ApiError {
  override name = 'PermissionDeniedError';
}
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}
export class MethodNotAllowedError extends ApiError {
  override name = 'MethodNotAllowedError';
}
export class ConflictError extends ApiError {
  override name = 'ConflictError';
}
export class PayloadTooLargeError extends ApiError {
  override name = 'PayloadTooLargeError';
}
export class UnsupportedMediaTypeError extends ApiError {
  override name = 'UnsupportedMediaTypeError';
}
/** The server refused the Host the request named (a DNS-rebinding guard). */
export class MisdirectedRequestError extends ApiError {
  override name = 'MisdirectedRequestError';
}
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
}
export class InternalServerError extends ApiError {
  override name = 'InternalServerError';
}
export class NotImplementedError extends ApiError {
  override name = 'NotImplementedError';
}

/**
 * Each status of the shared vocabulary (API_ERRORS) and the class it raises: every status must be
 * here, and test/errors.test.ts checks each class is the one the vocabulary names. The vocabulary
 * table itself stays out of browser bundles (the emulator and tests read it).
 */
const CLASS_BY_STATUS: Record<ApiErrorStatus, typeof ApiError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  405: MethodNotAllowedError,
  409: ConflictError,
  413: PayloadTooLargeError,
  415: UnsupportedMediaTypeError,
  421: MisdirectedRequestError,
  429: RateLimitError,
  500: InternalServerError,
  501: NotImplementedError,
  502: InternalServerError,
  503: InternalServerError,
  504: InternalServerError,
};

/** The one place a status becomes an error class, through the vocabulary the emulator answers with. */
export function apiErrorFor(init: ApiErrorInit): ApiError {
  const Ctor =
    CLASS_BY_STATUS[init.status as ApiErrorStatus] ?? (init.status >= 500 ? InternalServerError : ApiError);
  return new Ctor(init);
}

/** The request never produced a (whole) response. */
export class TransportError extends CastkitError {
  override name = 'TransportError';
  constructor(
    message: string,
    readonly operation: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
/** Connection refused, reset, DNS failure, a body cut short and the like. */
export class ConnectionError extends TransportError {
  override name = 'ConnectionError';
}
/** No whole response within the per-attempt timeout. */
export class TimeoutError extends TransportError {
  override name = 'TimeoutError';
}
/** The caller's `AbortSignal` fired. */
export class AbortError extends TransportError {
  override name = 'AbortError';
}
/** The response body (decoded) grew past the client's `maxResponseBytes`; reading stopped there. */
export class ResponseTooLargeError extends TransportError {
  override name = 'ResponseTooLargeError';
}

export interface UnexpectedResponseInit {
  operation: string;
  method: string;
  url: string;
  status: number;
  headers: Record<string, string>;
  /** The body as text, as far as it is worth showing. */
  text: string;
  /** Why the body could not be used: what was expected and what came instead. */
  problem: string;
  /** Advice for the caller, e.g. a base URL that looks wrong. */
  hint?: string;
}

/**
 * A success status whose body is not what the operation answers with (HTML, nothing, malformed
 * JSON): usually a base URL that points at something other than the API.
 */
export class UnexpectedResponseError extends CastkitError {
  override name = 'UnexpectedResponseError';
  readonly operation: string;
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly headers: Record<string, string>;
  /** The first characters of the body. */
  readonly bodyStart: string;

  constructor(init: UnexpectedResponseInit) {
    const type = init.headers['content-type'] || 'no content-type';
    const start = init.text.length > 120 ? `${init.text.slice(0, 120)}…` : init.text;
    const shown = start ? `: ${JSON.stringify(start)}` : '';
    super(
      `${init.operation}: ${init.method} ${init.url} answered ${init.status} with ${type} ${init.problem}${shown}.` +
        (init.hint ? ` ${init.hint}` : ''),
    );
    this.operation = init.operation;
    this.method = init.method;
    this.url = init.url;
    this.status = init.status;
    this.headers = init.headers;
    this.bodyStart = start;
  }
}

/** An API error body known to carry a `message` (v2's `ErrorRes` shape). */
export type ApiErrorResponseBody = ApiErrorBody & { message: string };

/**
 * True when `error` is an API error whose body carries a `message` (the established SDK's guard);
 * narrows `error.body` and `error.response.data` to that body.
 */
export function isApiErrorResponse(error: unknown): error is ApiError & {
  body: ApiErrorResponseBody;
  response: { status: number; data: ApiErrorResponseBody; headers: Record<string, string> };
} {
  return (
    error instanceof ApiError &&
    typeof error.body === 'object' &&
    error.body !== null &&
    typeof (error.body as ApiErrorBody).message === 'string'
  );
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
