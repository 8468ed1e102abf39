// Every required parameter of every operation, left out, stops the call before anything is sent,
// with a RequiredError naming the parameter and the operation: both surfaces, both APIs, query,
// path, header and body parameters, and 3.x's headers that come from the client's configuration.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v2 from '../src/2x/index.js';
import * as v3 from '../src/3x/index.js';
import { type RecordingServer, startRecordingServer } from './support/recording-server.js';
import { type Sample, samplesFor } from './support/samples.js';

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());

/** Every (operation, required key) pair of a spec, with the operation's full sample input. */
const cases = (file: string) =>
  samplesFor(file).flatMap((s) => s.required.map((key) => [`${s.name} without ${key}`, s, key] as const));

// 3.x's client headers: given here when the case is not about them.
const CLIENT_HEADERS: Record<string, string> = {
  xWalletId: 'x-wallet-id',
  authorization: 'authorization',
  xNeynarExperimental: 'x-neynar-experimental',
};

function clients(surface: typeof v2 | typeof v3, missing: string) {
  const headers = Object.fromEntries(
    Object.entries(CLIENT_HEADERS)
      .filter(([key]) => key !== missing)
      .map(([, name]) => [name, 'wallet-1']),
  );
  const root = surface === v3 ? server.url : `${server.url}/v2`;
  return {
    v2: new surface.NeynarAPIClient({ apiKey: 'k', baseUrl: root, headers, retries: 0 }),
    hub: new surface.NeynarHubClient({ apiKey: 'k', baseUrl: server.url, headers, retries: 0 }),
  };
}

async function refuses(client: Record<string, (p: object) => Promise<unknown>>, s: Sample, key: string) {
  const { [key]: _, ...input } = s.input;
  server.requests.length = 0;
  const error = await client[s.name]!(input).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(v2.RequiredError);
  expect(error).toMatchObject({ field: key, operation: s.name });
  expect((error as Error).message).toBe(
    `Required parameter ${key} was null or undefined when calling ${s.name}.`,
  );
  expect(server.requests).toHaveLength(0);
}

describe.each([
  ['2.x', v2, 'neynar-v2.yaml', 'hub-v1.yaml'],
  ['3.x', v3, '3.174/neynar-api.yaml', '3.174/hub-api.yaml'],
] as const)('the %s surface', (_label, surface, main, hubFile) => {
  const mainCases = cases(main);
  const hubCases = cases(hubFile);

  it('has cases of every kind', () => {
    expect(mainCases.length).toBeGreaterThan(150);
    expect(hubCases.length).toBeGreaterThan(20);
    if (surface === v3) expect(mainCases.filter(([, , key]) => key === 'xWalletId')).toHaveLength(10);
  });

  it.each(mainCases)('main API: %s throws before sending', (_n, s, key) =>
    refuses(clients(surface, key).v2 as never, s, key),
  );
  it.each(hubCases)('hub API: %s throws before sending', (_n, s, key) =>
    refuses(clients(surface, key).hub as never, s, key),
  );
});
