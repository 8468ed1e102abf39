// Hostile input for the fuzz test: values an attacker or a broken client sends (prototype keys,
// numbers past every range, wrong types, empty and huge strings), and the requests that carry them
// to every operation of both APIs and every developer control, chosen by a seeded generator so a
// failing run repeats exactly. Every URL among them is on loopback.
import type { OperationSpec } from '@castkit/sdk/2.x';
import type { Prng } from '../../src/seed/prng.js';
import { BOUNDARY, baseInput, form } from './bad-cases.js';

/** Query and path values (strings on the wire). */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  '0',
  '-1',
  '-0',
  '1.5',
  '1e308',
  '-1e308',
  'NaN',
  'Infinity',
  '9007199254740993',
  '99999999999999999999999',
  'null',
  'true',
  '[]',
  '{}',
  ',,,',
  '0x',
  '0xzz',
  `0x${'f'.repeat(41)}`,
  '%00',
  '\u0000',
  '😀',
  '../../etc/passwd',
  "' OR 1=1 --",
  '2026-13-45T99:99:99Z',
  '+275760-09-13T00:00:00Z',
  'javascript:alert(1)',
  'http://127.0.0.1:1/',
  'a'.repeat(3000),
];

/** JSON body values. */
export const HOSTILE_JSON: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 2,
  '',
  'constructor',
  '__proto__',
  '1000000000d',
  '-5m',
  'javascript:alert(1)',
  'http://127.0.0.1:1/',
  'x'.repeat(20_000),
  [],
  [null],
  [[[[[]]]]],
  {},
  { constructor: 1 },
  JSON.parse('{"__proto__": {"polluted": true}}'),
  { toString: 'x' },
];

/** Whole bodies, as raw text. */
export const HOSTILE_BODIES = ['null', '[]', '"text"', '12', 'true', '{"__proto__":{"x":1}}', '{', '{}'];

export interface HostileRequest {
  why: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const pick = <T>(prng: Prng, from: readonly T[], n: number): T[] =>
  Array.from({ length: n }, () => from[Math.floor(prng.float() * from.length)]!);

/** What breaks each kind of parameter most often: every one of these is sent to every such parameter. */
const NUMERIC_STRINGS = ['0', '-1', '1.5', '1e308', 'NaN', '9007199254740993'];
const TEXT_STRINGS = ['constructor', '__proto__', '', '\u0000', 'a'.repeat(3000)];
const BODY_VALUES: unknown[] = [null, '__proto__', 'constructor', -1, 1e308, [], {}, 'x'.repeat(20_000)];

/**
 * For each parameter of `op` in turn: the values its kind most often breaks on, plus `extra` drawn
 * from the whole pool; then hostile whole bodies. Every other parameter keeps a valid value.
 */
export function hostileOperationRequests(op: OperationSpec, prng: Prng, extra: number): HostileRequest[] {
  const base = baseInput(op);
  const prefix = op.api === 'v2' ? '/v2' : '';
  const multipart = op.body?.kind === 'multipart';
  const contentType = multipart ? `multipart/form-data; boundary=${BOUNDARY}` : 'application/json';
  const request = (
    why: string,
    query: Record<string, string>,
    headers: Record<string, string>,
    body?: string,
  ) => {
    const qs = new URLSearchParams(query).toString();
    return {
      why: `${op.api} ${op.name}: ${why}`,
      method: op.method,
      path: `${prefix}${op.path}${qs ? `?${qs}` : ''}`,
      headers: { 'content-type': contentType, ...headers },
      body: op.method === 'GET' ? undefined : body,
    };
  };
  // A form field is text: objects go as their JSON (String() of { toString: 'x' } would throw here).
  const asText = (b: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(b).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : v]));
  const encode = (b: Record<string, unknown>) =>
    op.body?.kind === 'json' ? JSON.stringify(b) : multipart ? form(asText(b)) : undefined;
  const out: HostileRequest[] = [];
  for (const p of op.params) {
    const numeric = (p.type === 'integer' || p.type === 'number') && !p.enum;
    if (p.in === 'query') {
      const values = [...(numeric ? NUMERIC_STRINGS : TEXT_STRINGS), ...pick(prng, HOSTILE_STRINGS, extra)];
      for (const v of values)
        out.push(
          request(
            `${p.name}=${v.slice(0, 20)}`,
            { ...base.query, [p.name]: v },
            base.headers,
            encode(base.body),
          ),
        );
    } else if (p.in === 'header') {
      for (const v of pick(prng, HOSTILE_STRINGS, extra + 1).filter((s) => /^[\x20-\x7e]*$/.test(s)))
        out.push(
          request(
            `header ${p.name}=${v.slice(0, 20)}`,
            base.query,
            { ...base.headers, [p.name]: v },
            encode(base.body),
          ),
        );
    } else if (p.in === 'body' && op.body?.kind !== 'binary') {
      for (const v of [...BODY_VALUES, ...pick(prng, HOSTILE_JSON, extra)])
        out.push(
          request(
            `body ${p.name}=${JSON.stringify(v)?.slice(0, 20)}`,
            base.query,
            base.headers,
            encode({ ...base.body, [p.name]: v }),
          ),
        );
    }
  }
  if (op.method !== 'GET' && !multipart)
    for (const b of HOSTILE_BODIES) out.push(request(`body ${b}`, base.query, base.headers, b));
  return out;
}

/** The body fields each group of controls reads, by a part of its path; others get the clock's. */
const CONTROL_FIELDS: [string, string[]][] = [
  ['/clock/', ['to', 'by']],
  ['/snapshots', ['name']],
  [
    '/faults',
    [
      'operation',
      'path',
      'method',
      'effect',
      'status',
      'message',
      'latencyMs',
      'probability',
      'seed',
      'times',
    ],
  ],
  ['/rate-limits', ['plan']],
  ['/rotate-secret', ['grace_seconds']],
  ['/redeliver', ['id']],
  ['/miniapps/notify', ['notificationId', 'title', 'body', 'targetUrl', 'tokens']],
  ['/miniapps', ['url', 'webhook_url', 'name', 'category', 'author_fid', 'notifications']],
  ['/frames/', ['untrustedData', 'trustedData']],
];
const CONTROL_QUERY = ['limit', 'cursor', 'webhook_id', 'status', 'fid'];

/**
 * Hostile path segments, queries and bodies for one control route. `probes` fills its `:name`
 * segments with values that exist (a webhook id), so the body reaches the handler.
 */
export function hostileControlRequests(
  route: { method: string; path: string },
  prng: Prng,
  probes: Record<string, string>,
  extra: number,
) {
  const out: HostileRequest[] = [];
  const fill = (value?: string) =>
    route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(value ?? probes[name] ?? '1'));
  const probe = fill();
  const request = (why: string, path: string, body?: string): HostileRequest => ({
    why: `${route.method} ${route.path}: ${why}`,
    method: route.method,
    path,
    headers: { 'content-type': 'application/json' },
    body: route.method === 'GET' || route.method === 'DELETE' ? undefined : body,
  });
  if (/:\w+/.test(route.path))
    for (const v of [...TEXT_STRINGS, ...pick(prng, HOSTILE_STRINGS, extra)])
      out.push(request(`path ${v.slice(0, 20)}`, fill(v), '{}'));
  if (route.method === 'GET' || route.method === 'DELETE') {
    for (const q of CONTROL_QUERY)
      for (const v of [...NUMERIC_STRINGS, ...pick(prng, HOSTILE_STRINGS, extra)])
        out.push(request(`${q}=${v.slice(0, 20)}`, `${probe}?${new URLSearchParams({ [q]: v })}`));
    return out;
  }
  for (const b of HOSTILE_BODIES) out.push(request(`body ${b}`, probe, b));
  const fields = CONTROL_FIELDS.find(([part]) => route.path.includes(part))?.[1] ?? ['to', 'by', 'name'];
  for (const f of fields)
    for (const v of [...BODY_VALUES, '1000000000d', 1e20, ...pick(prng, HOSTILE_JSON, extra)])
      out.push(request(`${f}=${JSON.stringify(v)?.slice(0, 20)}`, probe, JSON.stringify({ [f]: v })));
  return out;
}
