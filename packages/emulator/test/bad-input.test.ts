// Requests without a valid key. Bad input on every operation (a 4xx naming the problem, its body
// matching the spec) is covered per operation in conformance.test.ts, from support/bad-cases.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from './support/api.js';

let env: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  env = await startApi();
});
afterAll(() => env.close());

describe('requests without a valid key', () => {
  it('are refused with 401 on both APIs', async () => {
    for (const path of ['/v2/farcaster/user/bulk?fids=1', '/v1/info?dbstats=false']) {
      const none = await fetch(`${env.url}${path}`);
      const wrong = await fetch(`${env.url}${path}`, { headers: { 'x-api-key': 'nope' } });
      expect([none.status, wrong.status]).toEqual([401, 401]);
    }
  });
});
