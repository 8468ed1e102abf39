// What the signer flows read from an answer, checked: a 2xx whose body lacks the user or key a flow
// goes on with is an UnexpectedResponseError naming the operation and what was missing, never a
// TypeError from deep inside the flow.
import type { RawResponse } from '../core/client.js';
import { UnexpectedResponseError } from '../core/errors.js';

/** `read(answer.data)`, or an UnexpectedResponseError saying the answer lacks `what`. */
// The operation is named, not looked up in a table: the flows serve both generations, and a table
// import would carry every operation into a browser bundle that uses one.
export function fromAnswer<T>(
  operation: string,
  method: string,
  answer: RawResponse<unknown>,
  what: string,
  read: (data: unknown) => T | undefined,
): T {
  const value = read(answer.data);
  if (value !== undefined) return value;
  throw new UnexpectedResponseError({
    operation,
    method,
    url: answer.url,
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
