// The established SDK, @neynar/nodejs-sdk 2.44.0, unchanged but for its base path, against a real
// emulator: every method of its two clients (123 + 25 = 148) called once with the realistic inputs
// the conformance test uses (support/operation-calls.ts), each resolving with an answer.
import { Configuration, NeynarAPIClient, NeynarHubClient } from '@neynar/nodejs-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from './support/api.js';
import {
  type CallContext,
  callContext,
  DEVELOPER_MNEMONIC,
  operationCalls,
} from './support/operation-calls.js';

let env: Awaited<ReturnType<typeof startApi>>;
let ctx: CallContext & { close(): void };
let clients: { v2: any; hub: any };

beforeAll(async () => {
  env = await startApi();
  ctx = await callContext(env);
  clients = {
    v2: new NeynarAPIClient(new Configuration({ apiKey: env.apiKey, basePath: `${env.url}/v2` })),
    hub: new NeynarHubClient(new Configuration({ apiKey: env.apiKey, basePath: env.url })),
  };
});
afterAll(() => {
  ctx.close();
  env.close();
});

const methodsOf = (C: { prototype: object }) =>
  Object.getOwnPropertyNames(C.prototype).filter(
    (n) => n !== 'constructor' && typeof (C.prototype as Record<string, unknown>)[n] === 'function',
  );
const incumbentMethods = [
  ...methodsOf(NeynarAPIClient).map((m) => `v2 ${m}`),
  ...methodsOf(NeynarHubClient).map((m) => `hub ${m}`),
];
/** The incumbent's helpers beyond the operations, each called after the operation calls. */
const HELPERS: Record<string, (c: CallContext) => Record<string, unknown>> = {
  // Registers a signed key for the app whose custody is the mnemonic's account (registered by the calls).
  'v2 createSignerAndRegisterSignedKey': (c) => ({
    farcasterDeveloperMnemonic: DEVELOPER_MNEMONIC,
    deadline: c.deadline(),
  }),
};
const called = new Set([...operationCalls.map(([key]) => key), ...Object.keys(HELPERS)]);

describe('@neynar/nodejs-sdk 2.44.0 against the emulator', () => {
  it('has 148 methods, each called here', () => {
    expect(incumbentMethods).toHaveLength(148);
    expect(incumbentMethods.filter((m) => !called.has(m))).toEqual([]);
  });

  const calls: [string, (c: CallContext) => unknown][] = [
    ...operationCalls.filter(([key]) => incumbentMethods.includes(key)),
    ...Object.entries(HELPERS),
  ];
  for (const [key, params] of calls) {
    it(key, async () => {
      const [api, name] = key.split(' ') as ['v2' | 'hub', string];
      const answer = await clients[api][name](await params(ctx)).catch((e: any) => {
        throw new Error(
          `${key}: ${e.response?.status ?? ''} ${JSON.stringify(e.response?.data ?? e.message)}`,
        );
      });
      ctx.results[key] = answer;
      // Every method answers something: an object (a list, a page, a success flag), never nothing.
      expect(answer, key).toBeTypeOf('object');
      expect(answer, key).not.toBeNull();
    });
  }
});
