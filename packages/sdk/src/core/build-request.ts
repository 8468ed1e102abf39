// The pure half of the pipeline: operation + params → the exact HTTP request. No I/O, no clocks.
// The console's preview and snippets and the CLI use it too, so what is shown is what is sent.
import { type BinaryBody, isBinaryBody } from './body.js';
import { CastkitError, RequiredError } from './errors.js';
import type { KeyShape, OperationSpec, ParamSpec } from './operation.js';

export interface RequestContext {
  /** Base URL the operation's path is appended to (`https://api.neynar.com/v2`). */
  baseUrl: string;
  apiKey?: string;
  /** Headers sent with every request (client defaults merged with per-call ones). */
  headers?: Record<string, string>;
}

export interface PreparedRequest {
  operation: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | BinaryBody | FormData;
}

type Params = Record<string, unknown>;

/** Finds a parameter's value under its camelCase key or, as some callers write it, its spec name. */
function paramValue(params: Params, p: ParamSpec): unknown {
  const v = params[p.key];
  return v === undefined ? params[p.name] : v;
}

export function buildRequest(
  op: OperationSpec,
  params: Params | undefined,
  ctx: RequestContext,
): PreparedRequest {
  const given: Params = params ?? {};
  if (typeof given !== 'object' || Array.isArray(given)) {
    throw new CastkitError(
      `${op.name} takes one object of parameters, got ${Array.isArray(given) ? 'an array' : typeof given}.`,
    );
  }
  const input = unwrapBody(op, given);
  for (const p of op.params) {
    if (p.required && paramValue(input, p) == null) throw new RequiredError(p.key, op.name);
  }

  let path = op.path;
  const query: string[] = [];
  const headers: Record<string, string> = { accept: 'application/json' };
  const json: Params = {};
  let binary: BinaryBody | undefined;
  const form: [string, unknown][] = [];
  const known = new Set<string>();

  for (const p of op.params) {
    known.add(p.key).add(p.name);
    const value = paramValue(input, p);
    if (value === undefined || value === null) continue;
    switch (p.in) {
      case 'path':
        path = path.replace(`{${p.name}}`, encodeURIComponent(scalar(value)));
        break;
      case 'query':
        query.push(`${encodeURIComponent(p.name)}=${queryValue(p, value)}`);
        break;
      case 'header':
        headers[p.name.toLowerCase()] = scalar(value);
        break;
      case 'body':
        if (op.body?.kind === 'binary') binary = asBinary(op, p, value);
        else if (op.body?.kind === 'multipart') form.push([p.name, value]);
        else if (p.whole) {
          if (typeof value !== 'object' || Array.isArray(value)) {
            throw new CastkitError(`${p.key} of ${op.name} must be an object (the whole request body).`);
          }
          Object.assign(json, value);
        } else json[p.name] = toSpecKeys(value, p.shape);
    }
  }
  // Fields the table does not know yet (the API grew a field) still reach a JSON body, in spec casing.
  if (op.body?.kind === 'json') {
    for (const [k, v] of Object.entries(input)) {
      if (!known.has(k) && v !== undefined) json[snake(k)] = v;
    }
  }

  for (const [k, v] of Object.entries(ctx.headers ?? {})) {
    const lower = k.toLowerCase();
    if (v !== undefined && v !== null && !(lower in headers)) headers[lower] = String(v);
  }
  if (ctx.apiKey) headers['x-api-key'] = ctx.apiKey;

  const req: PreparedRequest = {
    operation: op.name,
    method: op.method,
    url: joinUrl(ctx.baseUrl, path) + (query.length ? `?${query.join('&')}` : ''),
    headers,
  };
  if (op.body?.kind === 'json') {
    req.body = JSON.stringify(json);
    headers['content-type'] = 'application/json';
  } else if (op.body?.kind === 'binary' && binary !== undefined) {
    req.body = binary;
    // Set explicitly so a Blob's own MIME type can never take its place.
    headers['content-type'] = 'application/octet-stream';
  } else if (op.body?.kind === 'multipart') {
    const fd = new FormData();
    for (const [name, value] of form) {
      if (isBinaryBody(value)) fd.append(name, value instanceof Blob ? value : new Blob([value as BlobPart]));
      else fd.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
    req.body = fd; // the transport sets the multipart boundary
  }
  return req;
}

/**
 * `{ postCastReqBody: {...} }` (the body under its wrapper key, as the established SDK passes some
 * bodies) becomes the flat form; the body's fields carry spec names, which parameters answer to.
 */
function unwrapBody(op: OperationSpec, params: Params): Params {
  const key = op.body?.wrapper;
  const wrapped = key === undefined ? undefined : params[key];
  if (key === undefined || wrapped === undefined) return params;
  if (wrapped === null || typeof wrapped !== 'object' || Array.isArray(wrapped)) {
    throw new CastkitError(`${key} of ${op.name} must be an object (the whole request body).`);
  }
  const { [key]: _, ...rest } = params;
  // A body the spec declares no fields for is one parameter; otherwise each field is its own, and
  // the body's own value wins over the same name beside it (a key the pipeline adds, like `idem`).
  const whole = op.params.find((p) => p.whole);
  return whole ? { ...rest, [whole.key]: wrapped } : { ...rest, ...(wrapped as Params) };
}

function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path;
}

function scalar(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** Arrays are comma-joined with literal commas (`fids=3,2`); each item is still percent-encoded. */
function queryValue(p: ParamSpec, value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => encodeURIComponent(scalar(v))).join(',');
  if (p.type === 'csv' && typeof value === 'string') {
    return value
      .split(',')
      .map((v) => encodeURIComponent(v))
      .join(',');
  }
  if (p.type === 'date' && !(value instanceof Date) && typeof value !== 'string') {
    throw new CastkitError(`${p.key} must be a Date or an ISO date string.`);
  }
  return encodeURIComponent(scalar(value));
}

function asBinary(op: OperationSpec, p: ParamSpec, value: unknown): BinaryBody {
  if (isBinaryBody(value)) return value;
  throw new CastkitError(
    `${p.key} of ${op.name} must be a Uint8Array, Buffer, ArrayBuffer or Blob, got ${typeof value}.`,
  );
}

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (name: string) =>
  name.replace(/[^A-Za-z0-9]+([A-Za-z0-9])/g, (_, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, '');

/** Renames nested camelCase keys to the names the spec declares; unknown keys pass through untouched. */
function toSpecKeys(value: unknown, shape: KeyShape | undefined): unknown {
  if (!shape || value === null || typeof value !== 'object' || value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((v) => toSpecKeys(v, shape));
  const out: Params = {};
  for (const [k, v] of Object.entries(value as Params)) {
    const specName = k in shape ? k : Object.keys(shape).find((s) => camel(s) === k);
    if (specName === undefined) out[k] = v;
    else {
      const child = shape[specName];
      out[specName] = child ? toSpecKeys(v, child) : v;
    }
  }
  return out;
}
