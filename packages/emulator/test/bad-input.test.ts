// Bad input on every operation of both APIs, generated from the operation tables: always a 4xx with
// the API's error body naming the problem; never a 5xx, never a hang.
import { hubOperations, type OperationSpec, type ParamSpec, v2Operations } from '@castkit/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from './support/api.js';

let env: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  env = await startApi();
});
afterAll(() => env.close());

const CANDIDATES = [
  'x',
  `0x${'1'.repeat(40)}`,
  `0x${'1'.repeat(64)}`,
  `0x${'1'.repeat(130)}`,
  '00000000-0000-4000-8000-000000000001',
];

/** A value of the right type for a parameter, so only the parameter under test is wrong. */
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

interface BadCase {
  why: string;
  property?: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: string;
}

function baseInput(op: OperationSpec) {
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

function badCases(op: OperationSpec): BadCase[] {
  const cases: BadCase[] = [];
  const base = baseInput(op);
  const json = (b: Record<string, unknown>) => (op.body?.kind === 'json' ? JSON.stringify(b) : undefined);
  for (const p of op.params) {
    if (op.body?.kind === 'binary' || op.body?.kind === 'multipart') break;
    const without = structuredClone(base);
    if (p.required) {
      if (p.in === 'query') delete without.query[p.name];
      if (p.in === 'header') delete without.headers[p.name];
      if (p.in === 'body') delete without.body[p.name];
      cases.push({
        why: `missing required ${p.name}`,
        property: p.name,
        ...without,
        body: json(without.body),
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
    if (bad !== undefined && p.in === 'query') {
      wrong.query[p.name] = bad;
      cases.push({ why: `${p.name}=${bad}`, property: p.name, ...wrong, body: json(wrong.body) });
    }
    if (p.in === 'query' && p.type === 'integer' && p.maximum !== undefined) {
      const over = structuredClone(base);
      over.query[p.name] = String(p.maximum + 1);
      cases.push({ why: `${p.name} above its maximum`, property: p.name, ...over, body: json(over.body) });
    }
    if (p.in === 'body' && (p.type === 'integer' || p.type === 'string' || p.type === 'boolean')) {
      const typed = structuredClone(base);
      typed.body[p.name] = p.type === 'string' ? 12345 : 'wrong-type';
      cases.push({
        why: `body ${p.name} of the wrong type`,
        property: p.name,
        ...typed,
        body: json(typed.body),
      });
    }
  }
  if (op.body?.kind === 'json') {
    cases.push({ why: 'a malformed JSON body', ...base, body: '{"signer_uuid": ' });
    cases.push({ why: 'a JSON body that is not an object', ...base, body: '[1,2,3]' });
  }
  return cases;
}

async function send(op: OperationSpec, c: BadCase) {
  const prefix = op.api === 'v2' ? '/v2' : '';
  const qs = new URLSearchParams(c.query).toString();
  const res = await fetch(`${env.url}${prefix}${op.path}${qs ? `?${qs}` : ''}`, {
    method: op.method,
    headers: { 'x-api-key': env.apiKey, 'content-type': 'application/json', ...c.headers },
    body: op.method === 'GET' ? undefined : (c.body ?? ''),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, body: await res.json() };
}

// Operations without inputs have nothing to get wrong; the 401 test below covers them.
const ops = [...Object.values(v2Operations), ...Object.values(hubOperations)].filter(
  (op) => badCases(op).length,
);
describe.each(ops.map((op) => [`${op.api} ${op.name}`, op] as const))('%s', (_name, op) => {
  const cases = badCases(op);
  it('answers every bad input with a 4xx error body naming the problem', async () => {
    for (const c of cases) {
      const { status, body } = await send(op, c);
      expect(status, `${c.why} → ${status} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(status, `${c.why} → ${status} ${JSON.stringify(body)}`).toBeLessThan(500);
      const text = op.api === 'v2' ? body.message : body.details;
      expect(typeof text, c.why).toBe('string');
      if (c.property) expect(text, c.why).toContain(c.property);
    }
  });
});

describe('requests without a valid key', () => {
  it('are refused with 401 on both APIs', async () => {
    for (const path of ['/v2/farcaster/user/bulk?fids=1', '/v1/info?dbstats=false']) {
      const none = await fetch(`${env.url}${path}`);
      const wrong = await fetch(`${env.url}${path}`, { headers: { 'x-api-key': 'nope' } });
      expect([none.status, wrong.status]).toEqual([401, 401]);
    }
  });
});
