// Every preview is derived from one `buildRequest` output, so what is shown is what is sent: curl
// prints the request itself; the SDK snippets read their params object back out of it, in the form
// of the entry's generation (3.x: a Configuration, headers from `baseOptions`; 2.44: its options).
import type { OperationSpec, PreparedRequest } from '@castkit/sdk';

export type SnippetKind = 'curl' | 'castkit' | 'neynar';

export const SNIPPET_LABELS: Record<SnippetKind, string> = {
  curl: 'curl',
  castkit: 'castkit SDK',
  neynar: '@neynar/nodejs-sdk',
};

/** POSIX shell single-quoting: the only character needing care inside '…' is ' itself. */
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function curlSnippet(req: PreparedRequest): string {
  const lines = [`curl -X ${req.method} ${shellQuote(req.url)}`];
  for (const [name, value] of Object.entries(req.headers))
    lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (typeof req.body === 'string') lines.push(`--data-raw ${shellQuote(req.body)}`);
  else if (req.body instanceof FormData) {
    for (const [name, value] of req.body.entries()) {
      lines.push(
        typeof value === 'string'
          ? `-F ${shellQuote(`${name}=${value}`)}`
          : `-F ${shellQuote(`${name}=@file`)}`,
      );
    }
  } else if (req.body !== undefined) lines.push(`--data-binary @message.bin`);
  return lines.join(' \\\n  ');
}

/** The camelCase params object a call with these exact query, header and body values takes. */
export function paramsFromRequest(op: OperationSpec, req: PreparedRequest): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const url = new URL(req.url);
  Object.assign(out, pathParams(op, url.pathname));
  for (const p of op.params) {
    if (p.in === 'query' && p.type === 'multi') {
      // 3.x repeats the key for each item.
      const items = url.searchParams.getAll(p.name);
      if (items.length) out[p.key] = items.map((raw) => fromWire('item', p.items, raw));
    } else if (p.in === 'query') {
      const raw = url.searchParams.get(p.name);
      if (raw !== null) out[p.key] = fromWire(p.type, p.items, raw);
    } else if (p.in === 'header') {
      const raw = req.headers[p.name.toLowerCase()];
      if (raw !== undefined) out[p.key] = fromWire(p.type, p.items, raw);
    }
  }
  if (typeof req.body === 'string') {
    const body = JSON.parse(req.body) as Record<string, unknown>;
    const whole = op.params.find((p) => p.in === 'body' && p.whole);
    if (whole) out[whole.key] = body;
    else {
      for (const [name, value] of Object.entries(body)) {
        out[op.params.find((p) => p.in === 'body' && p.name === name)?.key ?? name] = value;
      }
    }
  } else if (req.body instanceof FormData) {
    for (const [name, value] of req.body.entries()) {
      out[op.params.find((p) => p.name === name)?.key ?? name] = typeof value === 'string' ? value : '<file>';
    }
  } else if (req.body !== undefined) {
    const p = op.params.find((q) => q.in === 'body');
    if (p) out[p.key] = BYTES;
  }
  return out;
}

const BYTES = Symbol('bytes');

/** Path parameters read back by matching the entry's path template against the end of the path sent. */
function pathParams(op: OperationSpec, pathname: string): Record<string, unknown> {
  const names: string[] = [];
  const pattern = op.path
    .split(/\{([^}]+)\}/)
    .map((part, i) => {
      if (i % 2) {
        names.push(part);
        return '([^/]+)';
      }
      return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    })
    .join('');
  const out: Record<string, unknown> = {};
  if (!names.length) return out;
  const m = new RegExp(`${pattern}$`).exec(pathname);
  names.forEach((name, i) => {
    const p = op.params.find((q) => q.in === 'path' && q.name === name);
    const raw = m?.[i + 1];
    if (p && raw !== undefined) out[p.key] = fromWire(p.type, p.items, decodeURIComponent(raw));
  });
  return out;
}

function fromWire(type: string, items: string | undefined, raw: string): unknown {
  const numeric = items === 'integer' || items === 'number';
  if (type === 'csv' || type === 'array') {
    const list = raw.split(',');
    return numeric ? list.map(Number) : list;
  }
  if (type === 'item') return numeric ? Number(raw) : raw;
  if (type === 'integer' || type === 'number') return Number(raw);
  if (type === 'boolean') return raw === 'true';
  return raw;
}

/** A JS literal (valid JSON where possible) for a params object, indented for a snippet. */
function literal(value: unknown, indent = ''): string {
  if (value === BYTES) return 'messageBytes';
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== 'object' || v === null))
      return `[${value.map((v) => literal(v)).join(', ')}]`;
    const next = `${indent}  `;
    return `[\n${value.map((v) => next + literal(v, next)).join(',\n')},\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return '{}';
    const next = `${indent}  `;
    const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));
    return `{\n${entries.map(([k, v]) => `${next}${key(k)}: ${literal(v, next)}`).join(',\n')},\n${indent}}`;
  }
  return typeof value === 'string' ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : String(value);
}

/** The base a client of the entry's generation takes: 3.x's is the API's root, 2.44's main API `/v2`. */
const origin = (req: PreparedRequest, op: OperationSpec) => {
  const url = new URL(req.url);
  return op.api === 'v2' && !op.generation ? `${url.origin}/v2` : url.origin;
};

/**
 * A call's two halves: the method's arguments, and the headers 3.x reads from the client's
 * configuration (`baseOptions.headers`) rather than from arguments (`x-wallet-id`, …).
 */
export function callParts(
  op: OperationSpec,
  req: PreparedRequest,
): { args: Record<string, unknown>; headers: Record<string, string> } {
  const args = paramsFromRequest(op, req);
  const headers: Record<string, string> = {};
  for (const p of op.params) {
    if (!p.client || !(p.key in args)) continue;
    headers[p.name] = String(args[p.key]);
    delete args[p.key];
  }
  return { args, headers };
}

/** `new X(new Configuration({ apiKey, basePath, baseOptions? }))`, 3.x's construction (and 2.x's of @neynar/nodejs-sdk). */
function configured(
  Client: string,
  op: OperationSpec,
  req: PreparedRequest,
  headers: Record<string, string>,
) {
  const lines = [
    `const client = new ${Client}(`,
    '  new Configuration({',
    `    apiKey: ${literal(req.headers['x-api-key'] ?? 'YOUR_API_KEY')},`,
    `    basePath: ${literal(origin(req, op))},`,
  ];
  if (Object.keys(headers).length) lines.push(`    baseOptions: { headers: ${literal(headers, '    ')} },`);
  lines.push('  }),', ');');
  return lines;
}

const callLine = (op: OperationSpec, args: Record<string, unknown>) =>
  `const result = await client.${op.name}(${Object.keys(args).length ? literal(args) : ''});`;

export function castkitSnippet(op: OperationSpec, req: PreparedRequest): string {
  const Client = op.api === 'v2' ? 'NeynarAPIClient' : 'NeynarHubClient';
  const { args, headers } = callParts(op, req);
  if (op.generation) {
    return [
      `import { Configuration, ${Client} } from '@castkit/sdk';`,
      '',
      ...configured(Client, op, req, headers),
      '',
      callLine(op, args),
    ].join('\n');
  }
  return [
    `import { ${Client} } from '@castkit/sdk/2.x';`,
    '',
    `const client = new ${Client}({`,
    `  apiKey: ${literal(req.headers['x-api-key'] ?? 'YOUR_API_KEY')},`,
    `  baseUrl: ${literal(origin(req, op))},`,
    '});',
    '',
    callLine(op, args),
  ].join('\n');
}

export function neynarSnippet(op: OperationSpec, req: PreparedRequest): string {
  if (op.api !== 'v2') {
    return [
      '// @neynar/nodejs-sdk has no hub (/v1) client; the castkit SDK covers the hub API:',
      castkitSnippet(op, req),
    ].join('\n');
  }
  const { args, headers } = callParts(op, req);
  return [
    `import { Configuration, NeynarAPIClient } from '@neynar/nodejs-sdk';`,
    '',
    ...configured('NeynarAPIClient', op, req, headers),
    '',
    callLine(op, args),
  ].join('\n');
}

export function snippet(kind: SnippetKind, op: OperationSpec, req: PreparedRequest): string {
  if (kind === 'curl') return curlSnippet(req);
  return kind === 'castkit' ? castkitSnippet(op, req) : neynarSnippet(op, req);
}
