// Every operation of both APIs against the official specs: one realistic call each
// (support/operation-calls.ts; the 200 body validated against the operation's response schema),
// and every bad input the parameter tables suggest (support/bad-cases.ts; a 4xx whose body is
// validated against the error schema the spec declares for that status). Exceptions, where the
// spec and sensible behaviour disagree, live in ./conformance-exceptions.ts with a reason each.
import { NeynarAPIClient as NeynarAPIClient3, NeynarHubClient as NeynarHubClient3 } from '@castkit/sdk';
import { hubOperations, type OperationSpec, v2Operations } from '@castkit/sdk/2.x';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WALLET_ID } from '../src/domain/wallets.js';
import { conformanceExceptions, conformanceExceptions3 } from './conformance-exceptions.js';
import { startApi } from './support/api.js';
import { badCases, sendBadCase } from './support/bad-cases.js';
import { type CallContext, callContext, operationCalls } from './support/operation-calls.js';
import { SpecValidator } from './support/spec-validator.js';
import { errors3, operationId3 } from './support/spec3.js';

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
      if (reads3.has(key)) await asThreeX(key, params);
    });
  }
});

/**
 * Reads 3.x still declares are sent again by a 3.x caller (the 3.x client: today's names and paths,
 * `/v2/farcaster/user/bulk/`) right after their 2.44 call, and the answer judged by the 3.174 spec.
 * Writes are not repeated: a second publish or delete answers differently.
 */
const reads3 = new Set(
  operationCalls
    .map(([key]) => key)
    .filter((key) => operationOf(key).method === 'GET' && operationId3(operationOf(key)) !== undefined),
);
const renamed: Record<string, string> = { lookupCastByHashOrWarpcastUrl: 'lookupCastByHashOrUrl' };

async function asThreeX(key: string, params: (c: CallContext) => unknown) {
  const op = operationOf(key);
  const input: any = await params(ctx);
  // 3.x takes x-wallet-id from the client's headers; it requires one the emulator knows where 2.44 did not.
  const headers = { 'x-wallet-id': input.xWalletId ?? DEFAULT_WALLET_ID };
  const options = { apiKey: env.apiKey, baseUrl: env.url, retries: 0, headers };
  const client: any = op.api === 'v2' ? new NeynarAPIClient3(options) : new NeynarHubClient3(options);
  const body = await client[renamed[op.name] ?? op.name](input);
  const allowed = conformanceExceptions3[key] ?? [];
  const errors = errors3(op, body).filter((e) => !allowed.some((a) => e.includes(a.path)));
  expect(errors, `${key} answers a 3.x caller outside 3.174's schema`).toEqual([]);
}

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

function operationOf(key: string): OperationSpec {
  const [api, name] = key.split(' ') as ['v2' | 'hub', string];
  return (api === 'v2' ? v2Operations : hubOperations)[name as never] as OperationSpec;
}
