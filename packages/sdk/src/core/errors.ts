// One error hierarchy: CastkitError at the root; required-parameter, API and transport failures below it.
import { API_ERRORS, type ApiErrorClassName, type ApiErrorStatus } from './error-vocabulary.js';

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

/** The server answered with a 4xx ("bad request") or a 5xx ("bad response"). */
export class ApiError extends CastkitError {
  override name = 'ApiError';
  readonly status: number;
  readonly body: unknown;
  readonly headers: Record<string, string>;
  readonly operation: string;
  /** The body's `message` (v2) or `details` (hub), when there is one. */
  readonly apiMessage: string | undefined;
  readonly code: string | undefined;
  readonly property: string | undefined;

  constructor(init: ApiErrorInit) {
    const body = (typeof init.body === 'object' && init.body !== null ? init.body : {}) as ApiErrorBody;
    const apiMessage = str(body.message) ?? str(body.details);
    const kind = init.status >= 500 ? 'bad response' : 'bad request';
    const code = str(body.code) ?? str(body.errCode);
    const detail = [apiMessage, code && `code ${code}`, str(body.property) && `property ${body.property}`]
      .filter(Boolean)
      .join('; ');
    super(`${init.operation}: ${init.status} ${kind}${detail ? ` — ${detail}` : ''}`);
    this.status = init.status;
    this.body = init.body;
    this.headers = init.headers;
    this.operation = init.operation;
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

const CLASSES: Record<ApiErrorClassName, typeof ApiError> = {
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  MethodNotAllowedError,
  ConflictError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  MisdirectedRequestError,
  RateLimitError,
  InternalServerError,
  NotImplementedError,
};

/** The one place a status becomes an error class, through the vocabulary the emulator answers with. */
export function apiErrorFor(init: ApiErrorInit): ApiError {
  const kind = API_ERRORS[init.status as ApiErrorStatus];
  const Ctor = kind ? CLASSES[kind.className] : init.status >= 500 ? InternalServerError : ApiError;
  return new Ctor(init);
}

/** The request never produced a response. */
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
/** Connection refused, reset, DNS failure and the like. */
export class ConnectionError extends TransportError {
  override name = 'ConnectionError';
}
/** No response within the timeout. */
export class TimeoutError extends TransportError {
  override name = 'TimeoutError';
}
/** The caller's `AbortSignal` fired. */
export class AbortError extends TransportError {
  override name = 'AbortError';
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
