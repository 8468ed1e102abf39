// The one mapping from errors to response bodies: v2's ErrorRes and the hub's error object. Status
// and codes come from the error (ground/errors.ts), which takes them from the shared vocabulary.
import { EmulatorError, InternalServerError } from '../ground/errors.js';
import { codeOf } from '../ground/thrown.js';

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
  405: 3,
  409: 6,
  413: 3,
  415: 3,
  421: 7,
  429: 8,
  500: 13,
  501: 12,
  502: 14,
  503: 14,
  504: 4,
};

export function errorReply(api: 'v2' | 'hub', error: EmulatorError): ErrorReply {
  if (api === 'v2') {
    const body: Record<string, unknown> = { message: error.message, code: error.code };
    if (error.property) body.property = error.property;
    return { status: error.status, body };
  }
  return {
    status: error.status,
    body: {
      errCode: error.hubCode,
      presentable: false,
      name: 'HubError',
      code: HUB_NUMERIC[error.status] ?? 2,
      details: error.message,
      metadata: { errcode: [error.hubCode] },
    },
  };
}

/**
 * Any thrown value as an EmulatorError; unknown errors are bugs and become a 500 that says so. A
 * read that met damage in the database file is no bug of the emulator: a 503 that says what to do.
 */
export function asEmulatorError(error: unknown): EmulatorError {
  if (error instanceof EmulatorError) return error;
  const code = codeOf(error);
  if (code?.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') {
    const why = error instanceof Error ? error.message : code;
    // 503 Unavailable: the SDK's class for it is InternalServerError, a name the 500 class holds here.
    return new EmulatorError(
      503,
      `the emulator's database file is damaged (${why}); stop it, restore the file or start on another --db`,
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new InternalServerError(`internal emulator error: ${message}`);
}
