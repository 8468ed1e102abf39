// The one mapping from errors to response bodies: v2's ErrorRes and the hub's error object.
import { EmulatorError } from '../protocol/errors.js';

export interface ErrorReply {
  status: number;
  body: Record<string, unknown>;
}

/** Numeric codes the hub pairs with its string error codes (gRPC status numbers). */
const HUB_NUMERIC: Record<number, number> = {
  400: 3,
  401: 16,
  403: 7,
  404: 5,
  409: 6,
  429: 8,
  500: 13,
  501: 12,
};

export function errorReply(api: 'v2' | 'hub', error: EmulatorError): ErrorReply {
  if (api === 'v2') {
    const body: Record<string, unknown> = { message: error.message, code: error.code };
    if (error.property) body.property = error.property;
    return { status: error.status, body };
  }
  const errCode = error.code.includes('.') || error.code === 'not_found' ? error.code : hubCode(error.status);
  return {
    status: error.status,
    body: {
      errCode,
      presentable: false,
      name: 'HubError',
      code: HUB_NUMERIC[error.status] ?? 2,
      details: error.message,
      metadata: { errcode: [errCode] },
    },
  };
}

function hubCode(status: number): string {
  if (status === 404) return 'not_found';
  if (status === 401) return 'unauthenticated';
  if (status === 501) return 'unavailable';
  return 'bad_request.validation_failure';
}

/** Any thrown value as an EmulatorError; unknown errors are bugs and become a 500 that says so. */
export function asEmulatorError(error: unknown): EmulatorError {
  if (error instanceof EmulatorError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new EmulatorError(`internal emulator error: ${message}`, 'InternalError', 500);
}
