// The seam between the pipeline and the platform: one function from request to raw response.
import type { BinaryBody } from '../core/body.js';

export interface TransportRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | BinaryBody | FormData;
  /** Ends the attempt (timeout or the caller's abort); the transport rejects with `signal.reason`. */
  signal: AbortSignal;
  /** Largest body, counted after decompression, the transport may read before failing with RESPONSE_TOO_LARGE. */
  maxBytes?: number;
}

export interface TransportResponse {
  status: number;
  /** Lower-cased header names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Uint8Array;
}

export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/**
 * The two failures a transport names for the pipeline (any other rejection is a network error):
 * the body ended before the response said it would (or its compression is broken), or it outgrew
 * `maxBytes`.
 */
export const BODY_CUT_SHORT = 'CASTKIT_BODY_CUT_SHORT';
export const RESPONSE_TOO_LARGE = 'CASTKIT_RESPONSE_TOO_LARGE';

export interface TransportFailure extends Error {
  code: typeof BODY_CUT_SHORT | typeof RESPONSE_TOO_LARGE;
}

/** The body stopped before its end; a compressed body that fails to decode is named as corrupt instead. */
export function bodyCutShort(cause: unknown): TransportFailure {
  type Detail = { code?: string; message?: string; cause?: Detail } | undefined;
  const detail = cause as Detail;
  const why = detail?.code ?? detail?.cause?.code ?? detail?.message;
  const what = why === 'Z_DATA_ERROR' ? 'is corrupt' : 'was cut short';
  return Object.assign(new Error(`the response body ${what}${why ? ` (${why})` : ''}`, { cause }), {
    code: BODY_CUT_SHORT,
  } as const);
}

export function responseTooLarge(maxBytes: number): TransportFailure {
  return Object.assign(new Error(`the response body is larger than maxResponseBytes (${maxBytes} bytes)`), {
    code: RESPONSE_TOO_LARGE,
  } as const);
}
