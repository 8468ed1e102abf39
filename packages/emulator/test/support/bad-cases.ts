// Bad input for an operation, generated from its parameter table: each required parameter missing,
// values of the wrong type or outside their enum or maximum, malformed bodies. Every other parameter
// holds a value of the right type, so only the one under test is wrong.
import type { OperationSpec, ParamSpec } from '@castkit/sdk/2.x';

const CANDIDATES = [
  'x',
  `0x${'1'.repeat(40)}`,
  `0x${'1'.repeat(64)}`,
  `0x${'1'.repeat(130)}`,
  '00000000-0000-4000-8000-000000000001',
];

function validValue(p: ParamSpec): unknown {
  if (p.enum?.length) return p.type === 'csv' ? String(p.enum[0]) : p.enum[0];
  switch (p.type) {
    case 'integer':
      return Math.max(1, p.minimum ?? 1);
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'csv':
      return p.items === 'integer' ? '1' : 'a';
    case 'date':
      return '2026-01-01T00:00:00.000Z';
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return p.pattern ? CANDIDATES.find((c) => new RegExp(p.pattern!).test(c)) : 'x';
  }
}

export interface BadCase {
  why: string;
  property?: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: string;
  contentType?: string;
}

export const BOUNDARY = 'castkit-bad-case';

/** A multipart form of text fields, as a browser or the SDKs would send it. */
export function form(fields: Record<string, unknown>): string {
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`,
  );
  return `${parts.join('')}--${BOUNDARY}--\r\n`;
}

/** The operation's required parameters, each with a value of the right type. */
export function baseInput(op: OperationSpec) {
  const query: Record<string, string> = {};
  const headers: Record<string, string> = {};
  const body: Record<string, unknown> = {};
  for (const p of op.params.filter((x) => x.required)) {
    const v = validValue(p);
    if (p.in === 'query') query[p.name] = String(v);
    else if (p.in === 'header') headers[p.name] = String(v);
    else if (p.in === 'body') body[p.name] = v;
  }
  return { query, headers, body };
}

/**
 * `given`: body fields every case carries beside the required ones, where the table cannot say a
 * body needs them (one member of an anyOf body, say).
 */
export function badCases(op: OperationSpec, given: Record<string, unknown> = {}): BadCase[] {
  const cases: BadCase[] = [];
  const base = baseInput(op);
  Object.assign(base.body, given);
  const multipart = op.body?.kind === 'multipart';
  const encode = (b: Record<string, unknown>) =>
    op.body?.kind === 'json' ? JSON.stringify(b) : multipart ? form(b) : undefined;
  const contentType = multipart ? `multipart/form-data; boundary=${BOUNDARY}` : undefined;
  for (const p of op.params) {
    if (op.body?.kind === 'binary') break;
    const without = structuredClone(base);
    if (p.required) {
      if (p.in === 'query') delete without.query[p.name];
      if (p.in === 'header') delete without.headers[p.name];
      if (p.in === 'body') delete without.body[p.name];
      cases.push({
        why: `missing required ${p.name}`,
        property: p.name,
        ...without,
        body: encode(without.body),
        contentType,
      });
    }
    const wrong = structuredClone(base);
    const bad =
      p.type === 'integer' || p.type === 'number'
        ? 'not-a-number'
        : p.type === 'boolean'
          ? 'maybe'
          : p.enum && p.type !== 'csv'
            ? 'no-such-value'
            : undefined;
    if (bad !== undefined && (p.in === 'query' || (multipart && p.enum))) {
      if (p.in === 'query') wrong.query[p.name] = bad;
      else wrong.body[p.name] = bad;
      cases.push({
        why: `${p.name}=${bad}`,
        property: p.name,
        ...wrong,
        body: encode(wrong.body),
        contentType,
      });
    }
    if (p.in === 'query' && p.type === 'integer' && p.maximum !== undefined) {
      const over = structuredClone(base);
      over.query[p.name] = String(p.maximum + 1);
      cases.push({ why: `${p.name} above its maximum`, property: p.name, ...over, body: encode(over.body) });
    }
    if (
      !multipart &&
      p.in === 'body' &&
      (p.type === 'integer' || p.type === 'string' || p.type === 'boolean')
    ) {
      const typed = structuredClone(base);
      typed.body[p.name] = p.type === 'string' ? 12345 : 'wrong-type';
      cases.push({
        why: `body ${p.name} of the wrong type`,
        property: p.name,
        ...typed,
        body: encode(typed.body),
      });
    }
  }
  if (op.body?.kind === 'json') {
    cases.push({ why: 'a malformed JSON body', ...base, body: '{"signer_uuid": ' });
    cases.push({ why: 'a JSON body that is not an object', ...base, body: '[1,2,3]' });
  }
  if (multipart) {
    cases.push({
      why: 'a form without its boundary parameter',
      ...base,
      body: form(base.body),
      contentType: 'multipart/form-data',
    });
  }
  return cases;
}

/**
 * Sends a bad case to a running emulator, at `path` (from the server's root; the operation's own
 * path unless given); the answer's status and parsed body.
 */
export async function sendBadCase(
  url: string,
  apiKey: string,
  op: OperationSpec,
  c: BadCase,
  path = `${op.api === 'v2' && !op.generation ? '/v2' : ''}${op.path}`,
) {
  const qs = new URLSearchParams(c.query).toString();
  const res = await fetch(`${url}${path}${qs ? `?${qs}` : ''}`, {
    method: op.method,
    headers: { 'x-api-key': apiKey, 'content-type': c.contentType ?? 'application/json', ...c.headers },
    body: op.method === 'GET' ? undefined : (c.body ?? ''),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, body: await res.json() };
}
