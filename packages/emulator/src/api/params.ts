// Reads a request's inputs against its operation's parameter table: coerces types, applies the
// spec's defaults and rejects bad input with a 400 that names the parameter.
import type { OperationSpec, ParamSpec } from '@castkit/sdk';
import { ValidationError } from '../protocol/errors.js';

/**
 * A request's inputs as the edge (server/decode.ts) hands them over: the body already checked for
 * content type, size and nesting, and parsed — a JSON object for JSON operations (`{}` when empty),
 * the bytes for binary and multipart ones.
 */
export interface RawInput {
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** Parsed parameters keyed by their spec names (`viewer_fid`, `signer_uuid`), as handlers read them. */
export type Params = Record<string, any>;

const invalid = (p: ParamSpec, why: string) =>
  new ValidationError(`${p.name} ${why}`, p.name, 'InvalidField');

export function readParams(op: OperationSpec, input: RawInput): Params {
  const out: Params = {};
  const json = op.body?.kind === 'json' ? (input.body as Record<string, unknown>) : undefined;

  for (const p of op.params) {
    let value: unknown;
    if (p.in === 'query') value = input.query.get(p.name) ?? undefined;
    else if (p.in === 'header') value = firstHeader(input.headers[p.name.toLowerCase()]);
    else if (p.in === 'body') {
      // A body the spec declares no fields for arrives whole, as `body`.
      value = op.body?.kind === 'binary' ? input.body : p.whole ? wholeBody(json) : json?.[p.name];
    }

    const empty =
      value === undefined || value === null || value === '' || (Buffer.isBuffer(value) && !value.length);
    // Hubs accept several spellings of an enum (`Like`, `REACTION_TYPE_LIKE`, `1`); hub handlers map
    // them to one value and reject the rest, so only v2 enums are checked against the table here.
    // Nor do hub enums take the spec's default: an absent `user_data_type` or `reaction_type` means
    // "every type" to a hub, not the first one.
    const hubEnum = op.api === 'hub' && p.enum !== undefined;
    if (empty) {
      if (p.required) {
        throw new ValidationError(`${p.name} is required`, p.name, 'RequiredField');
      }
      if (p.default !== undefined && p.in !== 'body' && !hubEnum) out[p.name] = p.default;
      continue;
    }
    const spec = hubEnum ? { ...p, enum: undefined } : p;
    out[p.name] = p.in === 'body' ? checkBodyValue(spec, value) : coerce(op, spec, String(value));
  }
  return out;
}

/** A body passed whole counts as missing when it has no fields at all. */
const wholeBody = (json: Record<string, unknown> | undefined) =>
  json && Object.keys(json).length ? json : undefined;

function firstHeader(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

function coerce(op: OperationSpec, p: ParamSpec, raw: string): unknown {
  switch (p.type) {
    case 'integer':
      return bounded(p, integer(p, raw));
    case 'number': {
      const n = Number(raw);
      if (!Number.isFinite(n)) throw invalid(p, `must be a number, got "${raw}"`);
      return bounded(p, n);
    }
    case 'boolean':
      if (raw === 'true') return true;
      if (raw === 'false') return false;
      // The hub API also takes 1 and 0 (`reverse=1`), as the emulator's hub routes always have;
      // v2 booleans are strictly true or false.
      if (op.api === 'hub' && (raw === '1' || raw === '0')) return raw === '1';
      throw invalid(p, `must be true or false, got "${raw}"`);
    case 'csv': {
      const items = raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (!items.length) throw invalid(p, 'must not be empty');
      return items.map((item) => {
        const v = p.items === 'integer' ? integer(p, item) : item;
        if (p.enum && !p.enum.includes(v as never))
          throw invalid(p, `has an unknown value "${item}"; expected ${list(p)}`);
        return v;
      });
    }
    case 'date': {
      if (Number.isNaN(Date.parse(raw))) throw invalid(p, `must be an ISO 8601 date-time, got "${raw}"`);
      return new Date(raw).toISOString();
    }
    default:
      if (p.enum && !p.enum.includes(raw)) throw invalid(p, `must be one of ${list(p)}, got "${raw}"`);
      if (p.pattern && !new RegExp(p.pattern).test(raw)) throw invalid(p, `is malformed: "${raw}"`);
      return raw;
  }
}

function integer(p: ParamSpec, raw: string): number {
  if (!/^-?\d{1,15}$/.test(raw)) throw invalid(p, `must be an integer, got "${raw}"`);
  return Number(raw);
}

function bounded(p: ParamSpec, n: number): number {
  if ((p.minimum !== undefined && n < p.minimum) || (p.maximum !== undefined && n > p.maximum)) {
    const range =
      p.minimum !== undefined && p.maximum !== undefined
        ? `between ${p.minimum} and ${p.maximum}`
        : p.minimum !== undefined
          ? `at least ${p.minimum}`
          : `at most ${p.maximum}`;
    throw invalid(p, `must be ${range}, got ${n}`);
  }
  return n;
}

const list = (p: ParamSpec) => (p.enum ?? []).map((v) => String(v)).join(', ');

/** Top-level JSON body fields: the right JSON type, enum membership and bounds; nested shapes are the handler's. */
function checkBodyValue(p: ParamSpec, value: unknown): unknown {
  const kind = Array.isArray(value) ? 'array' : typeof value;
  switch (p.type) {
    case 'integer':
      if (!Number.isInteger(value)) throw invalid(p, `must be an integer, got ${JSON.stringify(value)}`);
      return bounded(p, value as number);
    case 'number':
      if (typeof value !== 'number') throw invalid(p, `must be a number, got ${kind}`);
      return bounded(p, value);
    case 'boolean':
      if (typeof value !== 'boolean') throw invalid(p, `must be a boolean, got ${kind}`);
      return value;
    case 'string':
      if (typeof value !== 'string') throw invalid(p, `must be a string, got ${kind}`);
      if (p.enum && !p.enum.includes(value)) throw invalid(p, `must be one of ${list(p)}, got "${value}"`);
      if (p.pattern && !new RegExp(p.pattern).test(value)) throw invalid(p, `is malformed: "${value}"`);
      return value;
    case 'array':
      if (!Array.isArray(value)) throw invalid(p, `must be an array, got ${kind}`);
      return value;
    case 'object':
      if (kind !== 'object') throw invalid(p, `must be an object, got ${kind}`);
      return value;
    default:
      return value;
  }
}

/** A 0x-prefixed hex value of exactly `bytes` bytes, lower-cased; a 400 naming the parameter otherwise. */
export function hexValue(value: unknown, property: string, bytes: number): `0x${string}` {
  if (typeof value !== 'string' || !new RegExp(`^0x[0-9a-fA-F]{${bytes * 2}}$`).test(value)) {
    throw new ValidationError(
      `${property} must be 0x-prefixed hex of ${bytes} bytes`,
      property,
      'InvalidField',
    );
  }
  return value.toLowerCase() as `0x${string}`;
}
