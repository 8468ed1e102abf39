// The errors the emulator answers with, one class per status of the vocabulary it shares with the SDK
// (`API_ERRORS` in @castkit/sdk): a 409 here is a ConflictError there, with a code from the same list.
// Routes throw them; the edge shapes them per API. Anything else thrown is a bug (500).
import { API_ERRORS, type ApiErrorCode, type ApiErrorStatus, type HubErrorCode } from '@castkit/sdk/2.x';

export interface ErrorDetail<S extends ApiErrorStatus> {
  /** The request field at fault (`viewer_fid`, `embeds[0].url`). */
  property?: string;
  /** The v2 body's `code`; the status's first code when absent. */
  code?: ApiErrorCode<S>;
  /** The hub body's `errCode`; the status's first hub code when absent. */
  hubCode?: HubErrorCode<S>;
}

export class EmulatorError<S extends ApiErrorStatus = ApiErrorStatus> extends Error {
  readonly property: string | undefined;
  readonly code: ApiErrorCode<S>;
  readonly hubCode: HubErrorCode<S>;

  constructor(
    readonly status: S,
    message: string,
    detail: ErrorDetail<S> = {},
  ) {
    super(message);
    this.name = new.target.name;
    this.property = detail.property;
    this.code = detail.code ?? (API_ERRORS[status].codes[0] as ApiErrorCode<S>);
    this.hubCode = detail.hubCode ?? (API_ERRORS[status].hub[0] as HubErrorCode<S>);
  }
}

export class BadRequestError extends EmulatorError<400> {
  constructor(message: string, detail: ErrorDetail<400> = {}) {
    super(400, message, { code: 'BadRequest', ...detail });
  }
}

/** A 400 that names the parameter or field at fault. */
export class ValidationError extends BadRequestError {
  constructor(
    message: string,
    property?: string,
    code: ApiErrorCode<400> = 'InvalidField',
    hubCode?: HubErrorCode<400>,
  ) {
    super(message, { property, code, ...(hubCode ? { hubCode } : {}) });
  }
}

export class AuthenticationError extends EmulatorError<401> {
  constructor(message: string, property?: string) {
    super(401, message, { property });
  }
}

export class PermissionDeniedError extends EmulatorError<403> {
  constructor(message: string, property?: string) {
    super(403, message, { property });
  }
}

export class NotFoundError extends EmulatorError<404> {
  constructor(message: string, property?: string) {
    super(404, message, { property });
  }
}

export class MethodNotAllowedError extends EmulatorError<405> {
  constructor(
    message: string,
    readonly allowed: readonly string[],
  ) {
    super(405, message);
  }
}

/** The request contradicts state: a newer message for the same key, a name or key already taken. */
export class ConflictError extends EmulatorError<409> {
  constructor(message: string, property?: string, hubCode?: HubErrorCode<409>) {
    super(409, message, { property, ...(hubCode ? { hubCode } : {}) });
  }
}

export class PayloadTooLargeError extends EmulatorError<413> {
  constructor(message: string) {
    super(413, message);
  }
}

export class UnsupportedMediaTypeError extends EmulatorError<415> {
  constructor(message: string) {
    super(415, message, { property: 'content-type' });
  }
}

export class MisdirectedRequestError extends EmulatorError<421> {
  constructor(message: string) {
    super(421, message, { property: 'host' });
  }
}

export class RateLimitError extends EmulatorError<429> {
  constructor(message: string) {
    super(429, message);
  }
}

export class InternalServerError extends EmulatorError<500> {
  constructor(message: string) {
    super(500, message);
  }
}

export class NotImplementedError extends EmulatorError<501> {
  constructor(message: string) {
    super(501, message);
  }
}
