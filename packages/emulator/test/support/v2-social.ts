// Shared by the casts / feeds / reactions / notifications tests: spec checks and error capture.
import { ApiError } from '@castkit/sdk/2.x';
import { expect } from 'vitest';
import { SpecValidator } from './spec-validator.js';

const spec = new SpecValidator('neynar-v2.yaml');

/** Asserts a body matches the operation's 200 schema in the official spec, and returns it. */
export function conforms<T>(operationId: string, body: T): T {
  expect(spec.errors(operationId, body)).toEqual([]);
  return body;
}

/** The API error a call fails with (fails the test if it succeeds or fails otherwise). */
export async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** Byte-offset slice, the unit mention ranges use. */
export const sliceBytes = (text: string, range: { start: number; end: number }) =>
  Buffer.from(text, 'utf8').subarray(range.start, range.end).toString('utf8');
