// The same calls through @neynar/nodejs-sdk 2.44.0 and castkit reach a recording server as the
// same requests: method, path, query (order aside) and body. Inputs are generated from the spec
// for every operation of both APIs and written as the incumbent's callers write them: top-level
// parameters in camelCase, body values in the spec's names (its models' spelling).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camel } from '../../../tools/codegen/names.mjs';
import { Configuration, NeynarAPIClient, NeynarHubClient } from '../src/2x/index.js';
import { type Seen, seen } from './support/recorded.js';
import { type RecordingServer, startRecordingServer } from './support/recording-server.js';
import { type Sample, samplesFor } from './support/samples.js';

const require = createRequire(import.meta.url);
const neynar = require('@neynar/nodejs-sdk');

/**
 * Requests castkit deliberately sends differently, by method name: the reason, and what the
 * incumbent's request becomes in castkit's. Everything else must match exactly (support/recorded.ts
 * says which headers are compared).
 */
const DIFFERENCES: Record<string, { reason: string; becomes: (incumbent: Seen) => Seen }> = {
  markNotificationsAsSeen: {
    reason:
      'the spec declares `authorization` a header; the incumbent folds every parameter into the body, so it sends no header and an unknown body field. castkit sends the header.',
    becomes: ({ body, headers, ...rest }) => {
      const { authorization, ...fields } = body as Record<string, unknown>;
      return { ...rest, body: fields, headers: { ...headers, authorization: String(authorization) } };
    },
  },
};

// What 2.44's callers can pass, read from its published types.
const clientTypes = (api: Api) =>
  readFileSync(
    require.resolve(
      `@neynar/nodejs-sdk/build/clients/${api === 'v2' ? 'NeynarAPIClient' : 'NeynarHubClient'}.d.ts`,
    ),
    'utf8',
  );

/** The top-level keys of a 2.44 method's params object. */
function incumbentKeys(api: Api, name: string): Set<string> {
  const block = clientTypes(api).match(
    new RegExp(`\\n {4}${name}\\(params\\??: \\{\\n([\\s\\S]*?)\\n {4}\\}\\)`),
  );
  return new Set([...(block?.[1] ?? '').matchAll(/^ {8}(\w+)\??:/gm)].map((m) => m[1]!));
}

/** The method's signature takes the JSON body whole, under its wrapper key. */
const takesWrapped = (api: Api, s: Sample) => !!s.wrapper && incumbentKeys(api, s.name).has(s.wrapper);

type Api = 'v2' | 'hub';
const API_KEY = 'compat-key';
let server: RecordingServer;
let ours: { v2: any; hub: any };
let theirs: { v2: any; hub: any };

beforeAll(async () => {
  server = await startRecordingServer();
  ours = {
    v2: new NeynarAPIClient(new Configuration({ apiKey: API_KEY, basePath: `${server.url}/v2` })),
    hub: new NeynarHubClient(new Configuration({ apiKey: API_KEY, basePath: server.url })),
  };
  theirs = {
    v2: new neynar.NeynarAPIClient(
      new neynar.Configuration({ apiKey: API_KEY, basePath: `${server.url}/v2` }),
    ),
    hub: new neynar.NeynarHubClient(new neynar.Configuration({ apiKey: API_KEY, basePath: server.url })),
  };
});
afterAll(() => server.close());

/**
 * The sample as an incumbent caller writes it: only the keys its signature declares, body values
 * in the spec's (snake_case) keys, and a body the signature takes whole under the wrapper key.
 */
function incumbentInput(api: Api, s: Sample): Record<string, unknown> {
  const keys = incumbentKeys(api, s.name);
  const input = Object.fromEntries(Object.entries(s.input).filter(([k]) => keys.has(k)));
  if (s.body?.kind !== 'json' || 'body' in s.input) return input;
  const body = s.body.value as Record<string, unknown>;
  if (takesWrapped(api, s)) return { ...input, [s.wrapper!]: body };
  for (const [prop, value] of Object.entries(body)) if (keys.has(camel(prop))) input[camel(prop)] = value;
  return input;
}

async function sendThrough(client: any, s: Sample, input: Record<string, unknown>): Promise<Seen> {
  server.requests.length = 0;
  await client[s.name](input);
  expect(server.requests, `${s.name} sends one request`).toHaveLength(1);
  return seen(server.requests[0]!, Object.keys(s.headers));
}

const v2 = samplesFor('neynar-v2.yaml');
const hub = samplesFor('hub-v1.yaml');

describe('the same call through both SDKs', () => {
  it('covers every operation of both APIs: GET, POST, PUT and DELETE; query, header and body parameters; wrapped bodies', () => {
    const all = [...v2, ...hub];
    expect(all).toHaveLength(147);
    const methods = new Set(all.map((s) => s.method));
    for (const m of ['GET', 'POST', 'PUT', 'DELETE']) expect(methods).toContain(m);
    expect(all.some((s) => Object.keys(s.query).length)).toBe(true);
    expect(all.some((s) => Object.keys(s.headers).length)).toBe(true);
    expect(all.filter((s) => s.body?.kind === 'json').length).toBeGreaterThan(30);
    expect(v2.filter((s) => takesWrapped('v2', s)).map((s) => s.name)).toEqual([
      'sendFungiblesToUsers',
      'createTransactionPayFrame',
    ]);
  });

  it('writes every required parameter of each operation in the incumbent’s own spelling', () => {
    let checked = 0;
    for (const [api, samples] of [
      ['v2', v2],
      ['hub', hub],
    ] as const) {
      for (const s of samples) {
        const input = incumbentInput(api, s);
        const wrapped = takesWrapped(api, s) ? (input[s.wrapper!] as object) : {};
        const sent = [...Object.keys(input), ...Object.keys(wrapped).map(camel)];
        for (const key of s.required) expect(sent, `${api} ${s.name} ${key}`).toContain(key);
        checked += s.required.length;
      }
    }
    // The loop checked something: a sample list that lost its required keys would pass it empty.
    expect(checked).toBeGreaterThan(100);
  });

  describe.each([
    ['main API', 'v2', v2],
    ['hub API', 'hub', hub],
  ] as const)('%s', (_label, api, samples) => {
    it.each(samples.filter((s) => !DIFFERENCES[s.name]).map((s) => [s.name, s] as const))(
      '%s sends the same request',
      async (_n, s) => {
        const input = incumbentInput(api, s);
        const expected = await sendThrough(theirs[api], s, input);
        const actual = await sendThrough(ours[api], s, input);
        expect(actual).toEqual(expected);
      },
    );
    it.each(samples.filter((s) => DIFFERENCES[s.name]).map((s) => [s.name, s] as const))(
      '%s sends the request the spec describes where the incumbent does not',
      async (_n, s) => {
        const input = incumbentInput(api, s);
        const expected = DIFFERENCES[s.name]!.becomes(await sendThrough(theirs[api], s, input));
        const actual = await sendThrough(ours[api], s, input);
        expect(actual).toEqual(expected);
      },
    );
  });
});
