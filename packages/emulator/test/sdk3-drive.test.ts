// Today's SDK, @neynar/nodejs-sdk 3.177.0, configured as a 3.x app configures it (base path = the
// emulator's root, headers in baseOptions), against a real emulator: every social and protocol method
// of its two clients called once with realistic inputs built from the emulator's own data (the
// conformance calls, support/operation-calls.ts, where 2.44 had the operation). Each resolves, except
// the methods NOT_SERVED lists, each with its reason, which fail as it says: the list is exactly the
// set failing, so whoever serves one takes it off the list.
import { Configuration, NeynarAPIClient, NeynarHubClient } from '@neynar/nodejs-sdk-3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationTable } from '../src/api/operations.js';
import { startApi } from './support/api.js';
import {
  type CallContext,
  callContext,
  DEVELOPER_MNEMONIC,
  type OperationCall,
} from './support/operation-calls.js';
import { operationCalls3 } from './support/operation-calls3.js';

/** The server wallet the 3.x app's client sends as `x-wallet-id` (3.x requires it on wallet operations). */
const WALLET_ID = 'sdk3-drive-wallet';

let env: Awaited<ReturnType<typeof startApi>>;
let ctx: CallContext & { close(): void };
let clients: { v2: NeynarAPIClient; hub: NeynarHubClient };

beforeAll(async () => {
  env = await startApi();
  ctx = await callContext(env);
  // The wallet the app's client names: one the emulator knows (3.x refuses an id it does not).
  await fetch(`${env.url}/_emulator/wallets`, {
    method: 'POST',
    headers: { 'x-api-key': env.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ id: WALLET_ID }),
  });
  clients = {
    v2: new NeynarAPIClient(
      new Configuration({
        apiKey: env.apiKey,
        basePath: env.url,
        baseOptions: { headers: { 'x-wallet-id': WALLET_ID } },
      }),
    ),
    hub: new NeynarHubClient(new Configuration({ apiKey: env.apiKey, basePath: env.url })),
  };
});
afterAll(() => {
  ctx?.close();
  env?.close();
});

const methodsOf = (C: { prototype: object }) =>
  Object.getOwnPropertyNames(C.prototype).filter(
    (n) => n !== 'constructor' && typeof Reflect.get(C.prototype, n) === 'function',
  );
const sdkMethods = [
  ...methodsOf(NeynarAPIClient).map((m) => `v2 ${m}`),
  ...methodsOf(NeynarHubClient).map((m) => `hub ${m}`),
];

/** Neynar's hosted products (studio, portal): not the Farcaster API, answered 501 and not driven here. */
const hosted = new Set(operationTable.filter((op) => op.hosted).map((op) => `${op.api} ${op.name}`));

/**
 * The methods that do not succeed against the emulator yet, with the status they get and why. A
 * method served later comes off this list (the test fails until it does).
 */
const NOT_SERVED: Record<string, { status: number; reason: string }> = {
  'v2 createX402Siwx': {
    status: 404,
    reason: 'not in the 3.174 spec the emulator serves: SDK 3.177 added POST /v2/signature/x402/siwx',
  },
};

/** An operation SDK 3.177 has and the 3.174 spec the emulator serves does not (NOT_SERVED says so). */
const SIWX: OperationCall = [
  'v2 createX402Siwx',
  (c) => ({ xApiKey: c.env.apiKey, createX402SiwxRequest: { domain: 'example.com' } }),
];

/** The SDK's helpers beyond the operations, called after them. */
const HELPERS: OperationCall[] = [
  [
    'v2 createSignerAndRegisterSignedKey',
    (c) => ({ farcasterDeveloperMnemonic: DEVELOPER_MNEMONIC, deadline: c.deadline() }),
  ],
];

/** Every call this test makes, in order: the conformance calls 3.x still has, then 3.x's new ones. */
const calls: OperationCall[] = [...operationCalls3((key) => sdkMethods.includes(key)), SIWX, ...HELPERS];

/** Calls a client method by name, as an app would; a failure becomes its status and body. */
async function send(key: string, params: Record<string, unknown>) {
  const [api, name] = key.split(' ') as ['v2' | 'hub', string];
  const client = clients[api];
  const method: unknown = Reflect.get(client, name);
  if (typeof method !== 'function') throw new Error(`${key} is no method of the 3.x SDK`);
  try {
    return { ok: true as const, answer: await Reflect.apply(method, client, [params]) };
  } catch (e) {
    const response = Object(Object(e).response);
    return { ok: false as const, status: response.status, data: response.data, message: String(e) };
  }
}

describe('@neynar/nodejs-sdk 3.177.0 as a 3.x app against the emulator', () => {
  it('has 201 methods: every social and protocol one is called here, the hosted products are not', () => {
    expect(sdkMethods).toHaveLength(201);
    const called = new Set(calls.map(([key]) => key));
    expect(calls).toHaveLength(called.size);
    expect(sdkMethods.filter((m) => !hosted.has(m) && !called.has(m))).toEqual([]);
    expect([...called].filter((m) => hosted.has(m))).toEqual([]);
    expect(hosted.size).toBe(42);
    for (const key of Object.keys(NOT_SERVED)) expect(called.has(key), key).toBe(true);
  });

  for (const [key, params] of calls) {
    it(key, async () => {
      const result = await send(key, await params(ctx));
      const expected = NOT_SERVED[key];
      if (!expected) {
        expect(result.ok, `${key}: ${JSON.stringify(result)}`).toBe(true);
        if (result.ok) {
          ctx.results[key] = result.answer;
          // Every method answers something: an object (a list, a page, a success flag), never nothing.
          expect(result.answer, key).toBeTypeOf('object');
          expect(result.answer, key).not.toBeNull();
        }
        return;
      }
      expect(result.ok, `${key} is served now: take it off NOT_SERVED`).toBe(false);
      if (!result.ok) {
        expect([result.status, result.data], `${key}: ${expected.reason}`).toEqual([
          expected.status,
          expected.status === 501
            ? expect.objectContaining({ message: `${key.split(' ')[1]} is not emulated yet` })
            : expect.anything(),
        ]);
      }
    });
  }
});
