// The pure half of the pipeline: operation + params → the exact HTTP request. No I/O, no clocks.
// The console's preview and snippets and the CLI use it too, so what is shown is what is sent.
import type { BinaryBody } from './body.js';
import { CastkitError, RequiredError } from './errors.js';
import type { OperationSpec, ParamSpec } from './operation.js';

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
  const encoder = op.body?.encoder;
  if (op.body && !encoder) {
    throw new CastkitError(`${op.name} sends a ${op.body.kind} body, but its table entry names no encoder.`);
  }
  const input = encoder?.unwrap ? encoder.unwrap(op, given) : given;
  for (const p of op.params) {
    if (p.required && paramValue(input, p) == null) throw new RequiredError(p.key, op.name);
  }

  let path = op.path;
  const query: string[] = [];
  const headers: Record<string, string> = { accept: 'application/json' };
  const fields: [ParamSpec, unknown][] = [];
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
        fields.push([p, value]);
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
  const body = encoder?.encode(op, fields, input, known);
  if (body) {
    req.body = body.body;
    if (body.type) headers['content-type'] = body.type;
  }
  return req;
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
