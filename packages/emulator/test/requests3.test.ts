// 3.x's request changes to update-user, register-account, search-casts and the mini-app catalogs,
// taken from 3.x callers (paths with their trailing slash) while 2.44 callers see no change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from './support/api.js';
import { request } from './support/http.js';
import { errors3 } from './support/spec3.js';

let env: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  env = await startApi();
});
afterAll(() => env.close());

async function get(path: string) {
  const res = await request(env.url, path, { headers: { 'x-api-key': env.apiKey } });
  expect(res.status, res.text).toBe(200);
  return res.json();
}

interface Found {
  hash: string;
  timestamp: string;
}

describe('search-casts', () => {
  it('sort_type=chron answers oldest first, paged by the keyset cursor', async () => {
    const newest: Found[] = (await get('/v2/farcaster/cast/search/?q=the&sort_type=desc_chron&limit=100'))
      .result.casts;
    expect(newest.length).toBeGreaterThan(6);
    const pages: Found[] = [];
    let cursor = '';
    for (let i = 0; i < 100; i++) {
      const body = await get(`/v2/farcaster/cast/search/?q=the&sort_type=chron&limit=25${cursor}`);
      expect(errors3({ api: 'v2', id: 'search-casts' }, body)).toEqual([]);
      pages.push(...body.result.casts);
      if (!body.result.next?.cursor) break;
      cursor = `&cursor=${body.result.next.cursor}`;
    }
    const times = pages.map((c) => Date.parse(c.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeLessThan(times[times.length - 1]!);
    if (newest.length < 100) expect(pages.map((c) => c.hash)).toEqual(newest.map((c) => c.hash).reverse());
  });
});
