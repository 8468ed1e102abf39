// What an integer input may be, for query parameters and body fields alike: within what the
// protocol and a JavaScript number can hold, whether or not the spec gives a bound. Without this a
// fid of 1e308 or 2^60 would reach SQLite and the protocol code as a number they cannot represent.
import { isRecord } from '../ground/is-record.js';

const INT32: readonly [number, number] = [-(2 ** 31), 2 ** 31 - 1];
const UINT32: readonly [number, number] = [0, 2 ** 32 - 1];

/** Fids are positive (hubs refuse 0) and, as JavaScript numbers, safe integers. */
const isFidName = (name: string | undefined) => name !== undefined && /(^|_)fids?$/i.test(name);

export interface IntegerRange {
  minimum: number;
  maximum: number;
}

/**
 * The range of an integer named `name` with the spec's `format`, `minimum` and `maximum`: the
 * spec's bounds where tighter, else its format's (int32, uint32, uint64), else the safe-integer range.
 */
export function integerRange(
  name: string | undefined,
  spec: { format?: string; minimum?: number; maximum?: number },
): IntegerRange {
  let [min, max] = [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
  if (spec.format === 'int32') [min, max] = INT32;
  if (spec.format === 'uint32') [min, max] = UINT32;
  if (spec.format === 'uint64') min = 0;
  if (isFidName(name)) min = Math.max(min, 1);
  // A page of no items (or fewer) asks for nothing; every other list of the spec says minimum 1.
  if (name === 'limit') min = Math.max(min, 1);
  return {
    minimum: Math.max(min, spec.minimum ?? min),
    maximum: Math.min(max, spec.maximum ?? max),
  };
}

/** A JSON Schema object, read field by field. */
export type Schema = Record<string, unknown>;

/**
 * A JSON Schema with every integer bounded by integerRange (and numbers named as fids made
 * integers), named by the property or definition it sits under. Returns a copy.
 */
export function boundIntegers(schema: Schema, name?: string): Schema {
  const out: Schema = {};
  for (const [k, v] of Object.entries(schema)) {
    if ((k === 'properties' || k === 'definitions') && isRecord(v)) {
      out[k] = Object.fromEntries(Object.entries(v).map(([child, sub]) => [child, bound(sub, child)]));
    } else if (k === 'items' || k === 'allOf' || k === 'anyOf' || k === 'oneOf') {
      out[k] = bound(v, name);
    } else if (k === 'additionalProperties' && isRecord(v)) {
      out[k] = boundIntegers(v);
    } else {
      out[k] = v;
    }
  }
  if (schema.type === 'number' && isFidName(name)) out.type = 'integer';
  if (out.type === 'integer') {
    const range = integerRange(name, {
      format: typeof schema.format === 'string' ? schema.format : undefined,
      minimum: typeof schema.minimum === 'number' ? schema.minimum : undefined,
      maximum: typeof schema.maximum === 'number' ? schema.maximum : undefined,
    });
    // exclusive bounds, where the spec has them, still apply on top of these.
    out.minimum = range.minimum;
    out.maximum = range.maximum;
  }
  return out;
}

/** Any part of a schema: lists and schemas are bounded, other values kept. */
const bound = (value: unknown, name?: string): unknown =>
  Array.isArray(value)
    ? value.map((v) => bound(v, name))
    : isRecord(value)
      ? boundIntegers(value, name)
      : value;
