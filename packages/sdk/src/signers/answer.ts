// What the signer flows read from an answer, checked: a 2xx whose body lacks the user or key a flow
// goes on with is an UnexpectedResponseError naming the operation and what was missing, never a
// TypeError from deep inside the flow.
import type { RawResponse } from '../core/client.js';
import { UnexpectedResponseError } from '../core/errors.js';
import { v2Operations } from '../generated/v2/operations.js';

type OperationName = keyof typeof v2Operations;

/** `read(answer.data)`, or an UnexpectedResponseError saying the answer lacks `what`. */
export function fromAnswer<T>(
  operation: OperationName,
  answer: RawResponse<unknown>,
  what: string,
  read: (data: unknown) => T | undefined,
): T {
  const value = read(answer.data);
  if (value !== undefined) return value;
  const op = v2Operations[operation];
  throw new UnexpectedResponseError({
    operation: op.name,
    method: op.method,
    url: op.path,
    status: answer.status,
    headers: answer.headers,
    text: JSON.stringify(answer.data) ?? '',
    problem: `without ${what}`,
  });
}

/** `data[key]` when `data` is an object holding it, else undefined. */
export function field(data: unknown, key: string): unknown {
  return typeof data === 'object' && data !== null && key in data ? Reflect.get(data, key) : undefined;
}

export const isFid = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
export const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
