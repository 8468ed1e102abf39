// The server side of JSON-RPC 2.0 on the stream: frames in, responses out. Methods throw RpcFailure;
// anything else a method throws is a bug and answers -32603 without its details.
import { JSON_RPC_ERRORS, type JsonRpcErrorObject, type JsonRpcId } from '@castkit/sdk/2.x';
import { isRecord } from '../ground/is-record.js';
import { messageOf } from '../ground/thrown.js';

/** Codes of this server beside the reserved ones (JSON-RPC leaves -32000..-32099 to servers). */
export const REALTIME_ERRORS = {
  authenticationFailed: -32001,
  loginRequired: -32002,
} as const;

export class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const invalidParams = (message: string, property?: string) =>
  new RpcFailure(JSON_RPC_ERRORS.invalidParams, message, property ? { property } : undefined);

export type Method = (params: unknown) => unknown;

interface Response {
  jsonrpc: '2.0';
  id: JsonRpcId;
  result?: unknown;
  error?: JsonRpcErrorObject;
}

const failure = (id: JsonRpcId, code: number, message: string, data?: unknown): Response => ({
  jsonrpc: '2.0',
  id,
  error: data === undefined ? { code, message } : { code, message, data },
});

const isId = (v: unknown): v is JsonRpcId =>
  typeof v === 'string' || v === null || (typeof v === 'number' && Number.isFinite(v));

/**
 * Answers one text frame: a request, a notification or a batch. Returns the text to send back, or
 * undefined when nothing is owed (notifications only). `call` runs a method by name, or returns
 * undefined when there is none.
 */
export function answerFrame(
  text: string,
  call: (method: string, params: unknown) => { result: unknown } | undefined,
  maxBatch: number,
  onBug: (error: unknown) => void,
): string | undefined {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch (e) {
    return JSON.stringify(failure(null, JSON_RPC_ERRORS.parseError, `parse error: ${messageOf(e)}`));
  }
  if (!Array.isArray(message)) {
    const response = answerOne(message, call, onBug);
    return response && JSON.stringify(response);
  }
  if (message.length === 0)
    return JSON.stringify(failure(null, JSON_RPC_ERRORS.invalidRequest, 'empty batch'));
  if (message.length > maxBatch) {
    return JSON.stringify(
      failure(
        null,
        JSON_RPC_ERRORS.invalidRequest,
        `batch of ${message.length} requests is over the limit of ${maxBatch}`,
      ),
    );
  }
  const responses = message.map((m) => answerOne(m, call, onBug)).filter((r) => r !== undefined);
  return responses.length ? JSON.stringify(responses) : undefined;
}

function answerOne(
  message: unknown,
  call: (method: string, params: unknown) => { result: unknown } | undefined,
  onBug: (error: unknown) => void,
): Response | undefined {
  if (!isRecord(message)) return failure(null, JSON_RPC_ERRORS.invalidRequest, 'a request must be an object');
  const id = isId(message.id) ? message.id : null;
  const problem =
    message.jsonrpc !== '2.0'
      ? 'jsonrpc must be "2.0"'
      : typeof message.method !== 'string'
        ? 'method must be a string'
        : 'id' in message && !isId(message.id)
          ? 'id must be a string, a number or null'
          : 'params' in message && (typeof message.params !== 'object' || message.params === null)
            ? 'params must be an object or an array'
            : undefined;
  const { method } = message;
  if (problem || typeof method !== 'string')
    return failure(
      id,
      JSON_RPC_ERRORS.invalidRequest,
      `invalid request: ${problem ?? 'method must be a string'}`,
    );
  const notification = !('id' in message);
  try {
    const outcome = call(method, message.params);
    if (outcome === undefined) {
      return notification
        ? undefined
        : failure(id, JSON_RPC_ERRORS.methodNotFound, `unknown method ${method}`);
    }
    return notification ? undefined : { jsonrpc: '2.0', id, result: outcome.result };
  } catch (e) {
    if (notification) return undefined;
    if (e instanceof RpcFailure) return failure(id, e.code, e.message, e.data);
    onBug(e);
    return failure(id, JSON_RPC_ERRORS.internalError, `${method} failed inside the emulator`);
  }
}
