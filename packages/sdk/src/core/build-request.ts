// The pure half of the pipeline: operation + params → the exact HTTP request. No I/O, no clocks.
// The console's preview and snippets and the CLI use it too, so what is shown is what is sent.
import type { BinaryBody } from './body.js';
import { CastkitError, RequiredError } from './errors.js';
import type { OperationSpec, ParamSpec } from './operation.js';

export interface RequestContext {
  /**
   * Where the API is: for the main API its root (`https://api.neynar.com`) or the root plus `/v2`
   * (`https://api.neynar.com/v2`), either for operations of both generations (see `urlOf`).
   */
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
  // The client's headers (by lower-case name), then the key, then the operation's header parameters,
  // which win (3.x's createX402Signature takes `x-api-key` as one); `accept` is always JSON.
  const headers: Record<string, string> = {};
  for (const k in ctx.headers) {
    const v = ctx.headers[k];
    if (v != null) headers[k.toLowerCase()] = String(v);
  }
  headers.accept = 'application/json';
  if (ctx.apiKey) headers['x-api-key'] = ctx.apiKey;
  // A parameter's value is under its camelCase key or, as some callers write it, its spec name; a
  // header 3.x reads from the client's configuration (a `client` parameter) is among the client's.
  const valueIn = (p: ParamSpec) =>
    input[p.key] ?? input[p.name] ?? (p.client ? headers[p.name.toLowerCase()] : undefined);
  for (const p of op.params) {
    if (p.required && valueIn(p) == null) throw new RequiredError(p.key, op.name);
  }

  let path = op.path;
  const query: string[] = [];
  const fields: [ParamSpec, unknown][] = [];
  const known = new Set<string>();

  for (const p of op.params) {
    known.add(p.key).add(p.name);
    const value = valueIn(p);
    if (value === undefined || value === null) continue;
    switch (p.in) {
      case 'path':
        path = path.replace(`{${p.name}}`, encodeURIComponent(scalar(value)));
        break;
      case 'query':
        // 3.x repeats the key for each item (none for an empty array) unless the spec says comma-separated.
        for (const v of p.type === 'multi' && Array.isArray(value) ? value : [value])
          query.push(`${encodeURIComponent(p.name)}=${queryValue(p, v)}`);
        break;
      case 'header':
        headers[p.name.toLowerCase()] = scalar(value);
        break;
      case 'body':
        fields.push([p, value]);
    }
  }

  const req: PreparedRequest = {
    operation: op.name,
    method: op.method,
    url: urlOf(ctx.baseUrl, op, path) + (query.length ? `?${query.join('&')}` : ''),
    headers,
  };
  const body = encoder?.encode(op, fields, input, known);
  if (body) {
    req.body = body.body;
    if (body.type) headers['content-type'] = body.type;
  }
  return req;
}

/**
 * The base rule: a main-API base is the API's root, or the root plus `/v2`. 2.44's paths are
 * relative to `/v2` (`/farcaster/cast`), 3.x's to the root (`/v2/farcaster/cast/`, `/portal/...`),
 * so each table's entries work with either base. Hub paths carry `/v1` and join the base as they are.
 */
function urlOf(base: string, op: OperationSpec, path: string): string {
  let end = base.length;
  while (base.charCodeAt(end - 1) === 47) end--; // trailing slashes
  if (op.api !== 'v2') return base.slice(0, end) + path;
  if (base.startsWith('/v2', end - 3)) end -= 3;
  return base.slice(0, end) + (op.generation ? '' : '/v2') + path;
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
