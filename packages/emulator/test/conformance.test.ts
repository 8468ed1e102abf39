// Every operation of both APIs against the official specs: one realistic call each
// (support/operation-calls.ts; the 200 body validated against the operation's response schema),
// and every bad input the parameter tables suggest (support/bad-cases.ts; a 4xx whose body is
// validated against the error schema the spec declares for that status). Exceptions, where the
// spec and sensible behaviour disagree, live in ./conformance-exceptions.ts with a reason each.
// Then the same as a 3.x caller: every 3.x operation the emulator serves, in each path form a 3.x
// caller may use, with a valid input (writes too) and every bad input, judged by the 3.174 spec.
import { api3Operations, buildRequest, hub3Operations } from '@castkit/sdk';
import { hubOperations, type OperationSpec, v2Operations } from '@castkit/sdk/2.x';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PathForm, pathForms } from '../src/api/operations.js';
import { createControlClient } from '../src/control/index.js';
import { DEFAULT_WALLET_ID } from '../src/domain/wallets.js';
import { SEED_USERS } from '../src/seed/constants.js';
import { conformanceExceptions, conformanceExceptions3 } from './conformance-exceptions.js';
import { startApi } from './support/api.js';
import { type BadCase, badCases, sendBadCase } from './support/bad-cases.js';
import { type CallContext, callContext, operationCalls } from './support/operation-calls.js';
import { operationCalls3 } from './support/operation-calls3.js';
import { SpecValidator } from './support/spec-validator.js';
import { errors3 } from './support/spec3.js';

let env: Awaited<ReturnType<typeof startApi>>;
let ctx: CallContext & { close(): void };
const v2Spec = new SpecValidator('neynar-v2.yaml');
const hubSpec = new SpecValidator('hub-v1.yaml');

beforeAll(async () => {
  env = await startApi();
  ctx = await callContext(env);
});
afterAll(() => {
  ctx.close();
  env.close();
});

const allOperations: [string, OperationSpec][] = [
  ...Object.values(v2Operations).map((op) => [`v2 ${op.name}`, op] as [string, OperationSpec]),
  ...Object.values(hubOperations).map((op) => [`hub ${op.name}`, op] as [string, OperationSpec]),
];
const called = new Set(operationCalls.map(([key]) => key));

/** Further shapes some hub operations answer (a page or one message, each event type, a filter). */
const moreHubShapes: Record<string, (c: CallContext) => Record<string, unknown>[]> = {
  'hub lookupHubInfo': () => [{ dbstats: false }],
  'hub fetchCastsByParent': (c) => [{ url: c.data.channel.url }],
  'hub fetchCastReactions': (c) => [
    // Hubs also accept the numeric spelling of a reaction type.
    { targetFid: c.data.reaction.target_fid, targetHash: c.data.reaction.target, reactionType: 1 },
  ],
  'hub fetchReactionsByTarget': (c) => [{ url: c.data.channel.url, reactionType: 'Like' }],
  'hub fetchUserData': () => [{ fid: 1 }],
  'hub fetchFids': () => [{ shardId: 0 }],
  'hub fetchUserOnChainEvents': () =>
    ['EVENT_TYPE_SIGNER', 'EVENT_TYPE_STORAGE_RENT'].map((eventType) => ({ fid: 1, eventType })),
  'hub fetchUserOnChainSignersEvents': () => [{ fid: 1 }],
};

function check(key: string, body: unknown, status = 200) {
  const [api, name] = key.split(' ') as ['v2' | 'hub', string];
  const op = (api === 'v2' ? v2Operations : hubOperations)[name as never] as OperationSpec;
  const errors = (api === 'v2' ? v2Spec : hubSpec).errors(op.id, body, status);
  const allowed = conformanceExceptions[key] ?? [];
  const excused = errors.filter((e) => allowed.some((a) => e.includes(a.path)));
  // An excused mismatch inside one branch of a root oneOf makes Ajv also report the branches the
  // body did not take (missing properties at the root, "must match exactly one schema"); those go with it.
  const consequence = (e: string) =>
    excused.length > 0 && /^\/ must (have required property|match exactly one schema)/.test(e);
  const unexplained = errors.filter((e) => !excused.includes(e) && !consequence(e));
  expect(unexplained, `${key} ${status} answer does not match the spec`).toEqual([]);
}

describe('every operation is called here', () => {
  it('none is missing, none is both', () => {
    const missing = allOperations.map(([key]) => key).filter((key) => !called.has(key));
    expect(missing, 'operations without a call').toEqual([]);
  });

  it('every exception has a reason and names an operation', () => {
    for (const [key, list] of Object.entries(conformanceExceptions)) {
      expect(
        allOperations.some(([k]) => k === key),
        key,
      ).toBe(true);
      for (const e of list) expect(e.reason.length, key).toBeGreaterThan(10);
    }
  });
});

describe('answers to valid calls match the spec', () => {
  for (const [key, params] of operationCalls) {
    it(key, async () => {
      const [api, name] = key.split(' ') as ['v2' | 'hub', string];
      const client: any = api === 'v2' ? env.api : env.hub;
      const body = await client[name](await params(ctx));
      ctx.results[key] = body;
      check(key, body);
      for (const more of moreHubShapes[key]?.(ctx) ?? []) check(key, await client[name](more));
    });
  }
});

describe('answers to bad input are 4xx error bodies that match the spec', () => {
  // Operations without inputs have nothing to get wrong: a missing key is their bad input.
  it.each(allOperations)('%s', async (key, op) => {
    const cases = badCases(op);
    for (const c of cases) {
      const { status, body } = await sendBadCase(env.url, env.apiKey, op, c);
      const what = `${c.why} → ${status} ${JSON.stringify(body)}`;
      expect(status, what).toBeGreaterThanOrEqual(400);
      expect(status, what).toBeLessThan(500);
      const text = op.api === 'v2' ? body.message : body.details;
      expect(typeof text, c.why).toBe('string');
      if (c.property) expect(text, c.why).toContain(c.property);
      check(key, body, status);
    }
    if (!cases.length) {
      const prefix = op.api === 'v2' ? '/v2' : '';
      const res = await fetch(`${env.url}${prefix}${op.path}`, { method: op.method });
      expect(res.status).toBe(401);
      check(key, await res.json(), 401);
    }
  });
});

/** Every 3.x operation by `<api> <name>`, as @castkit/sdk's 3.x tables declare it. */
const ops3 = new Map<string, OperationSpec>([
  ...Object.values(api3Operations).map((op): [string, OperationSpec] => [`v2 ${op.name}`, op]),
  ...Object.values(hub3Operations).map((op): [string, OperationSpec] => [`hub ${op.name}`, op]),
]);

/**
 * The path forms a 3.x caller may send each operation by, judged by 3.x's spec: its declared path and
 * the twin without (or with) the trailing slash. Where that twin is 2.44's own path of an operation
 * both declare (`/v2/farcaster/cast` beside 3.x's `/v2/farcaster/cast/`), it is 2.44's form, judged by
 * 2.44's spec and answered 2.44's channel times: the calls above send it, with 2.44's inputs. The hub
 * declares the same paths in both: each of its forms is sent, its answer valid under both specs.
 */
const forms3 = new Map<string, PathForm[]>();
for (const { op, form } of pathForms()) {
  if (!op.specs['3.x'] || op.hosted) continue;
  if (op.api === 'v2' && form.generation !== '3.x') continue;
  const key = `${op.api} ${op.name}`;
  forms3.set(key, [...(forms3.get(key) ?? []), form]);
}
/** Neynar's hosted products are not served (501), so not called here; every other 3.x operation is. */
const calls3 = operationCalls3((key) => forms3.has(key));

const toggleSlash = (path: string) => (path.endsWith('/') ? path.slice(0, -1) : `${path}/`);
/** `path` (an operation's path as built) in the slash form of `form`. */
const inForm = (path: string, form: PathForm) =>
  path.endsWith('/') === form.path.endsWith('/') ? path : toggleSlash(path);

/** The request @castkit/sdk's 3.x table builds for `input`, sent by `form`: its status and JSON body. */
async function send3(op: OperationSpec, input: Record<string, unknown>, form: PathForm) {
  const req = buildRequest(op, input, {
    baseUrl: env.url,
    apiKey: env.apiKey,
    // A server wallet the emulator knows, seeded: 3.x requires one on its wallet operations.
    headers: { 'x-wallet-id': DEFAULT_WALLET_ID },
  });
  const url = new URL(req.url);
  url.pathname = inForm(url.pathname, form);
  const res = await fetch(url, { method: req.method, headers: req.headers, body: req.body as BodyInit });
  const text = await res.text();
  const json = res.headers.get('content-type')?.includes('json') ?? false;
  return { status: res.status, body: json && text ? JSON.parse(text) : text };
}

function check3(key: string, op: OperationSpec, body: unknown, status: number) {
  const allowed = conformanceExceptions3[key] ?? [];
  const errors = errors3(op, body, status).filter((e) => !allowed.some((a) => e.includes(a.path)));
  expect(errors, `${key} ${status} answers a 3.x caller outside 3.174's schema`).toEqual([]);
}

/**
 * Body fields a bad case needs beside those the table marks required: appHostPostEvent's body is a
 * signed message or a signer uuid (an anyOf the table cannot mark required), and a case without
 * either is answered for that first, whatever else it lacks.
 */
const GIVEN3: Record<string, Record<string, unknown>> = {
  'v2 appHostPostEvent': { signer_uuid: SEED_USERS[0]!.signerUuid },
};

/**
 * A bad case as a 3.x caller sends it, and the API key it goes with: the seeded wallet wherever the
 * case gives a wallet, and the real key where the operation takes `x-api-key` as a parameter of its
 * own (createX402Signature); a case without that parameter goes without a key.
 */
function asCaller(c: BadCase): { bad: BadCase; apiKey: string } {
  const headers = { ...c.headers };
  if ('x-wallet-id' in headers) headers['x-wallet-id'] = DEFAULT_WALLET_ID;
  if ('x-api-key' in headers) headers['x-api-key'] = env.apiKey;
  const keyless = c.property === 'x-api-key' && !('x-api-key' in headers);
  return { bad: { ...c, headers }, apiKey: keyless ? '' : env.apiKey };
}

describe('3.x callers: every 3.x operation in each of its path forms, valid and bad input', () => {
  const control = () => createControlClient({ baseUrl: env.url, apiKey: env.apiKey });
  let ctx3: CallContext & { close(): void };
  let marks = 0;
  beforeAll(async () => {
    // The 2.44 calls above wrote their story; the 3.x calls tell the same one from the seed.
    await control().call('POST /_emulator/reset');
    ctx3 = await callContext(env);
  });
  afterAll(() => ctx3?.close());

  it('none is missing, none is called twice', () => {
    const called = calls3.map(([key]) => key);
    expect(new Set(called).size).toBe(called.length);
    expect([...forms3.keys()].filter((key) => !called.includes(key))).toEqual([]);
    expect(called.filter((key) => !ops3.has(key))).toEqual([]);
    for (const [key, list] of Object.entries(conformanceExceptions3)) {
      expect(forms3.has(key), key).toBe(true);
      for (const e of list) expect(e.reason.length, key).toBeGreaterThan(10);
    }
  });

  for (const [key, params] of calls3) {
    it(key, async () => {
      const op = ops3.get(key)!;
      const forms = forms3.get(key)!;
      const input = await params(ctx3);
      // A write is sent once per form from the same state: a mark before, restored before each resend.
      const write = op.method !== 'GET' && forms.length > 1;
      const mark = `conformance-3x-${++marks}`;
      if (write) await control().call('POST /_emulator/snapshots', { body: { name: mark } });
      for (const [i, form] of forms.entries()) {
        if (write && i > 0)
          await control().call('POST /_emulator/snapshots/:name/restore', { params: { name: mark } });
        const { status, body } = await send3(op, input, form);
        const what = `${form.path} → ${status} ${JSON.stringify(body)}`;
        expect(status, what).toBeGreaterThanOrEqual(200);
        expect(status, what).toBeLessThan(300);
        ctx3.results[key] = body;
        check3(key, op, body, status);
      }
      if (write) await control().call('DELETE /_emulator/snapshots/:name', { params: { name: mark } });
      for (const form of forms) {
        const path = inForm(op.path, form);
        const cases = badCases(op, GIVEN3[key]);
        for (const c of cases) {
          const { bad, apiKey } = asCaller(c);
          const { status, body } = await sendBadCase(env.url, apiKey, op, bad, path);
          const what = `${form.path}: ${c.why} → ${status} ${JSON.stringify(body)}`;
          expect(status, what).toBeGreaterThanOrEqual(400);
          expect(status, what).toBeLessThan(500);
          const text = op.api === 'v2' ? body.message : body.details;
          expect(typeof text, what).toBe('string');
          if (c.property) expect(text, what).toContain(c.property);
          check3(key, op, body, status);
        }
        // An operation without inputs has nothing to get wrong: a missing key is its bad input.
        if (!cases.length) {
          const res = await fetch(`${env.url}${path}`, { method: op.method });
          expect(res.status, form.path).toBe(401);
          check3(key, op, await res.json(), 401);
        }
      }
    });
  }
});
