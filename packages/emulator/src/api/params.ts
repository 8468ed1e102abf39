// Reads a request's inputs against its operation's parameter table: coerces types, applies the
// spec's defaults and rejects bad input with a 400 that names the parameter. JSON bodies are checked
// whole against the spec's schema (body-schema.ts).
import type { OperationSpec, ParamSpec } from '@castkit/sdk/2.x';
import { type FormFile, isFormFile } from '../edge/multipart.js';
import { ValidationError } from '../ground/errors.js';
import { type Hex, isHex } from '../ground/hex.js';
import { isRecord } from '../ground/is-record.js';
import { checkBody } from './body-schema.js';
import { integerRange } from './integer-bounds.js';

/**
 * A request's inputs as the edge (edge/decode.ts) hands them over: the body already checked for
 * content type, size and nesting, and parsed — a JSON object for JSON operations (`{}` when empty),
 * the bytes for binary and multipart ones.
 */
export interface RawInput {
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  /** Path parameters the route matched (`:table_name`), decoded. */
  path?: Record<string, string>;
}

/**
 * Parsed parameters keyed by their spec names (`viewer_fid`, `signer_uuid`); handlers see them
 * typed per operation (src/generated/*-wire.ts).
 */
export type Params = Record<string, unknown>;

const invalid = (p: Pick<ParamSpec, 'name'>, why: string) =>
  new ValidationError(`${p.name} ${why}`, p.name, 'InvalidField');

export function readParams(op: OperationSpec, input: RawInput): Params {
  const out: Params = {};
  let json = op.body?.kind === 'json' && isRecord(input.body) ? input.body : undefined;

  // Query and header parameters first, then the body: a request wrong in both names the former.
  const params = [...op.params.filter((p) => p.in !== 'body'), ...op.params.filter((p) => p.in === 'body')];
  let bodyChecked = false;
  for (const p of params) {
    let value: unknown;
    if (p.type === 'multi' && p.in === 'query') value = repeated(input.query.getAll(p.name));
    else if (p.in === 'query') value = input.query.get(p.name) ?? undefined;
    else if (p.in === 'path') value = input.path?.[p.name];
    else if (p.in === 'header') value = firstHeader(input.headers[p.name.toLowerCase()]);
    else if (p.in === 'body') {
      if (json && !bodyChecked) {
        json = presentFields(json);
        checkBody(op, json);
        bodyChecked = true;
      }
      // A body the spec declares no fields for arrives whole, as `body`.
      if (op.body?.kind === 'multipart') value = formField(p, input.body);
      else value = op.body?.kind === 'binary' ? input.body : p.whole ? wholeBody(json) : json?.[p.name];
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
    // JSON body fields were checked against the body's schema above; form fields are text or files.
    const checked = p.in === 'body' && op.body?.kind !== 'multipart';
    out[p.name] = checked || typeof value !== 'string' ? value : coerce(op, spec, value);
  }
  return out;
}

/**
 * A 3.x array sent as its key repeated (`networks=base&networks=optimism`), read as the same
 * comma-joined text a csv parameter is, so one check reads both; commas within an item split it too,
 * as a caller sending 2.44's form (`networks=base,optimism`) means.
 */
const repeated = (values: string[]): string | undefined => (values.length ? values.join(',') : undefined);

/** A form field as its parameter expects it: a file part for binary fields, text for the rest. */
function formField(p: ParamSpec, form: unknown): string | FormFile | undefined {
  const value = isRecord(form) ? form[p.name] : undefined;
  if (typeof value !== 'string' && !isFormFile(value)) return undefined;
  // A form's empty file input arrives as a part with no filename and no bytes: nothing was chosen.
  if (typeof value !== 'string' && !value.filename && !value.bytes.length) return undefined;
  if (p.type === 'binary' && typeof value === 'string')
    throw invalid(p, 'must be a file part (with a filename)');
  if (p.type !== 'binary' && typeof value !== 'string') throw invalid(p, 'must be a text field, not a file');
  return value;
}

/** A JSON body without its null and empty-string fields, which count as absent as they do in queries. */
function presentFields(json: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(json).filter(([, v]) => v !== null && v !== ''));
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
      return integer(p, raw);
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
    case 'csv':
    case 'multi': {
      const items = raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (!items.length) throw invalid(p, 'must not be empty');
      return items.map((item) => {
        const v = p.items === 'integer' ? integer({ name: p.name }, item) : item;
        if (p.enum && !p.enum.some((e) => e === v))
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

/** An integer within what its parameter can hold (integer-bounds.ts), whatever the spec bounds. */
function integer(p: Pick<ParamSpec, 'name' | 'format' | 'minimum' | 'maximum'>, raw: string): number {
  if (!/^-?\d+$/.test(raw)) throw invalid(p, `must be an integer, got "${clip(raw)}"`);
  const { minimum, maximum } = integerRange(p.name, p);
  const n = Number(raw);
  if (n < minimum || n > maximum)
    throw invalid(p, `must be between ${minimum} and ${maximum}, got ${clip(raw)}`);
  return n;
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

/** A value echoed in an error, cut short: the request may have sent a megabyte of digits. */
const clip = (raw: string) => (raw.length > 40 ? `${raw.slice(0, 37)}...` : raw);

const list = (p: ParamSpec) => (p.enum ?? []).map((v) => String(v)).join(', ');

/** A 0x-prefixed hex value of exactly `bytes` bytes, lower-cased; a 400 naming the parameter otherwise. */
/** A cast hash from a request: 0x + 40 hex digits (400 otherwise), lower-cased as stored. */
export const castHashParam = (value: unknown, property: string): string => hexValue(value, property, 20);

export function hexValue(value: unknown, property: string, bytes: number): Hex {
  const lower = typeof value === 'string' ? value.toLowerCase() : '';
  if (!isHex(lower) || lower.length !== 2 + bytes * 2) {
    throw new ValidationError(
      `${property} must be 0x-prefixed hex of ${bytes} bytes`,
      property,
      'InvalidField',
    );
  }
  return lower;
}
