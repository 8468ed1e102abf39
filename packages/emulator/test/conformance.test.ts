// Every operation of both APIs against the official specs: one realistic call each
// (support/operation-calls.ts; the 200 body validated against the operation's response schema),
// and every bad input the parameter tables suggest (support/bad-cases.ts; a 4xx whose body is
// validated against the error schema the spec declares for that status). Exceptions, where the
// spec and sensible behaviour disagree, live in ./conformance-exceptions.ts with a reason each.
import { hubOperations, type OperationSpec, v2Operations } from '@castkit/sdk/2.x';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceExceptions } from './conformance-exceptions.js';
import { startApi } from './support/api.js';
import { badCases, sendBadCase } from './support/bad-cases.js';
import { type CallContext, callContext, operationCalls } from './support/operation-calls.js';
import { SpecValidator } from './support/spec-validator.js';

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
