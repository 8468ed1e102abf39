// JSON-RPC 2.0 (https://www.jsonrpc.org/specification), the realtime stream's wire format: requests
// and batches with random UUID ids, notifications, responses matched to requests by id, error
// objects as typed errors. Pure: no socket here (client.ts sends what these build).
import { CastkitError } from '../core/errors.js';

/** The codes the specification reserves, by name. */
export const JSON_RPC_ERRORS = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

export type JsonRpcId = string | number | null;

export interface JsonRpcRequest<P = unknown> {
  jsonrpc: '2.0';
  id: string;
  method: string;
  params?: P;
}

/** A request without an id: nobody answers it. */
export interface JsonRpcNotification<P = unknown> {
  jsonrpc: '2.0';
  method: string;
  params?: P;
}

export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

export type JsonRpcResponse<R = unknown> =
  | { jsonrpc: '2.0'; id: JsonRpcId; result: R }
  | { jsonrpc: '2.0'; id: JsonRpcId; error: JsonRpcErrorObject };

/** The other side answered a request with an error object; `code` and `data` are kept. */
export class JsonRpcError extends CastkitError {
  override name = 'JsonRpcError';
  readonly code: number;
  readonly data: unknown;
  constructor(
    readonly method: string,
    error: JsonRpcErrorObject,
  ) {
    super(`${method}: ${error.message} (JSON-RPC error ${error.code})`);
    this.code = error.code;
    this.data = error.data;
  }
}

/** A request with a fresh random UUID id (ids never repeat, so a late answer cannot settle another call). */
export function jsonRpcRequest<P>(method: string, params?: P): JsonRpcRequest<P> {
  const request: JsonRpcRequest<P> = { jsonrpc: '2.0', id: globalThis.crypto.randomUUID(), method };
  if (params !== undefined) request.params = params;
  return request;
}

export function jsonRpcNotification<P>(method: string, params?: P): JsonRpcNotification<P> {
  return params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params };
}

/** Several requests sent as one array; the answers come back as one array, in any order. */
export function jsonRpcBatch(calls: readonly { method: string; params?: unknown }[]): JsonRpcRequest[] {
  return calls.map((call) => jsonRpcRequest(call.method, call.params));
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether `value` is a well-formed response (a result or an error object, never both). */
export function isJsonRpcResponse(value: unknown): value is JsonRpcResponse {
  if (!isObject(value) || value.jsonrpc !== '2.0' || !('id' in value)) return false;
  if ('result' in value) return !('error' in value);
  const error = value.error;
  return isObject(error) && typeof error.code === 'number' && typeof error.message === 'string';
}

/** The result of a response, or its error object as a `JsonRpcError` thrown. */
export function jsonRpcResult<R>(method: string, response: JsonRpcResponse<R>): R {
  if ('error' in response) throw new JsonRpcError(method, response.error);
  return response.result;
}

/**
 * The responses of a batch in the order of its requests, matched by id: each a result, or the
 * JsonRpcError its error object becomes; a request nobody answered is an error of its own.
 */
export function matchJsonRpcResponses(
  requests: readonly JsonRpcRequest[],
  responses: readonly unknown[],
): ({ ok: true; result: unknown } | { ok: false; error: JsonRpcError })[] {
  const byId = new Map<JsonRpcId, JsonRpcResponse>();
  for (const response of responses) if (isJsonRpcResponse(response)) byId.set(response.id, response);
  return requests.map((request) => {
    const response = byId.get(request.id);
    if (response === undefined) {
      return {
        ok: false,
        error: new JsonRpcError(request.method, {
          code: JSON_RPC_ERRORS.internalError,
          message: 'no response with this request id',
        }),
      };
    }
    return 'error' in response
      ? { ok: false, error: new JsonRpcError(request.method, response.error) }
      : { ok: true, result: response.result };
  });
}
