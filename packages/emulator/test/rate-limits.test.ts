import { NeynarAPIClient } from '@castkit/sdk/2.x';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from '../src/index.js';

const MINUTE = 60_000;
let e: Emulator;

async function get(path: string, key = e.apiKey) {
  const res = await fetch(`${e.url}${path}`, { headers: { 'x-api-key': key } });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as any };
}
async function setPlan(plan: string | null) {
  const res = await fetch(`${e.url}/_emulator/rate-limits`, {
    method: 'POST',
    headers: { 'x-api-key': e.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ plan }),
  });
  return { status: res.status, body: (await res.json()) as any };
}
/** Puts the clock `ms` into a fresh one-minute window, running. */
async function startWindow(ms = 0) {
  await e.clock.set((Math.floor(e.clock.now() / MINUTE) + 1) * MINUTE + ms);
}

beforeAll(async () => {
  e = await startEmulator({ rateLimit: 'starter', apiKey: ['castkit-dev-key', 'second-key'] });
});
afterAll(() => e.close());

describe('rate limits', () => {
  it('answers cast search over 60 a minute (starter) with 429, Retry-After and the API error body, per key', async () => {
    await e.clock.freeze();
    await startWindow(30_000);
    for (let i = 0; i < 60; i++) expect((await get('/v2/farcaster/cast/search?q=hello')).status).toBe(200);
    const over = await get('/v2/farcaster/cast/search?q=hello');
    expect(over.status).toBe(429);
    expect(over.retryAfter).toBe('30');
    expect(over.body).toMatchObject({
      code: 'RateLimitExceeded',
      message: expect.stringContaining('60 requests per minute'),
    });
    // Another endpoint and another key have their own counts.
    expect((await get('/v2/farcaster/user/bulk?fids=1')).status).toBe(200);
    expect((await get('/v2/farcaster/cast/search?q=hello', 'second-key')).status).toBe(200);
    // The window is the emulator clock's: advancing it opens the next one.
    await e.clock.advance(30_000);
    expect((await get('/v2/farcaster/cast/search?q=hello')).status).toBe(200);
  });

  it('limits all endpoints together at 500 a minute', async () => {
    await e.clock.freeze();
    await startWindow();
    const paths = ['/v2/farcaster/user/bulk?fids=1', '/v1/userDataByFid?fid=1'];
    for (let i = 0; i < 500; i++) expect((await get(paths[i % 2]!)).status).toBe(200);
    const over = await get('/v1/castsByFid?fid=1');
    expect([over.status, over.body.errCode, over.body.details]).toEqual([
      429,
      'unavailable.rate_limited',
      expect.stringContaining('all endpoints'),
    ]);
    // The developer controls are not counted.
    expect((await get('/_emulator/clock')).status).toBe(200);
  });

  it("is met by the SDK's retry policy, which waits the Retry-After it is given", async () => {
    await e.clock.resume();
    await startWindow();
    for (let i = 0; i < 60; i++) await get('/v2/farcaster/cast/search?q=hi');
    // One second before the window ends: the limit answers "retry after 1 s".
    await e.clock.set((Math.floor(e.clock.now() / MINUTE) + 1) * MINUTE - 1_000);
    expect((await get('/v2/farcaster/cast/search?q=hi')).retryAfter).toBe('1');
    // A tiny backoff of its own would retry inside the same window and fail again.
    const api = new NeynarAPIClient({
      apiKey: e.apiKey,
      baseUrl: `${e.url}/v2`,
      retries: { retries: 1, baseDelay: 1, maxDelay: 5_000 },
    });
    const found = await api.searchCasts({ q: 'hi' });
    expect(found.result.casts).toBeInstanceOf(Array);
  });

  it('switches plans over /_emulator/rate-limits and refuses an unknown plan', async () => {
    expect((await setPlan('scale')).body).toMatchObject({
      plan: 'scale',
      limits: { endpoint: 1200, global: 2000, search: 240 },
    });
    const bad = await setPlan('platinum');
    expect([bad.status, bad.body.property]).toEqual([400, 'plan']);
    expect((await setPlan(null)).body.plan).toBe(null);
    await e.clock.freeze();
    for (let i = 0; i < 70; i++) expect((await get('/v2/farcaster/cast/search?q=x')).status).toBe(200);
  });
});
