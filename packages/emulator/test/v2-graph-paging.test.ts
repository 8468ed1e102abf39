// The v2 user, follower and moderation lists, walked page by page over real HTTP with `cursor`: the pages
// put together are exactly the whole list straight from the tables (plain ORDER BY), each item once.
// Mutes, blocks, bans and follows made at one clock reading tie on their time, so the tie-breaking fid
// decides; the lists ranked by follower count have ties of their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from './support/api.js';

let env: Awaited<ReturnType<typeof startApi>>;

const signerOf = (fid: number) =>
  env.store.db
    .prepare("SELECT signer_uuid FROM signers WHERE fid = ? AND status = 'approved' LIMIT 1")
    .pluck()
    .get(fid) as string;

type Query = Record<string, string | number | boolean>;

async function send(method: string, path: string, body: Record<string, unknown>) {
  const res = await fetch(new URL(`/v2/farcaster${path}`, env.url), {
    method,
    headers: { 'x-api-key': env.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const reply = await res.json();
  expect(res.status, JSON.stringify(reply)).toBe(200);
}

async function get(path: string, query: Query): Promise<any> {
  const url = new URL(`/v2/farcaster${path}`, env.url);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  const res = await fetch(url, { headers: { 'x-api-key': env.apiKey } });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

/** The items of a list walked `limit` at a time to its end. */
async function walk(path: string, query: Query, limit: number, items: (b: any) => string[]) {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 500; pages++) {
    const body = await get(path, { ...query, limit, ...(cursor ? { cursor } : {}) });
    const page = items(body);
    expect(page.length).toBeLessThanOrEqual(limit);
    seen.push(...page);
    cursor = (body.next ?? body.result?.next)?.cursor ?? undefined;
    if (!cursor) return seen;
    expect(page).toHaveLength(limit);
  }
  throw new Error(`${path} never reached its last page`);
}

async function expectPagesMakeUp(
  path: string,
  query: Query,
  items: (b: any) => string[],
  whole: string[],
  sizes: number[],
) {
  expect(whole.length).toBeGreaterThan(Math.min(...sizes));
  expect(new Set(whole).size).toBe(whole.length);
  for (const limit of sizes) expect(await walk(path, query, limit, items)).toEqual(whole);
}

const users = (b: any) => (b.users ?? b.result.users).map((u: any) => String(u.fid ?? u.user.fid));

beforeAll(async () => {
  env = await startApi();
  // At one clock reading: fid 1 mutes five users, fid 2 blocks six, six users block fid 3, five fids
  // are banned, and six users follow fid 4. Then, a second later, one more of each.
  for (const muted of [40, 44, 41, 43, 42]) await send('POST', '/mute', { fid: 1, muted_fid: muted });
  for (const blocked of [50, 55, 51, 54, 52, 53]) {
    await send('POST', '/block', { signer_uuid: signerOf(2), blocked_fid: blocked });
  }
  for (const blocker of [60, 65, 61, 64, 62, 63]) {
    await send('POST', '/block', { signer_uuid: signerOf(blocker), blocked_fid: 3 });
  }
  await send('POST', '/ban', { fids: [70, 74, 71, 73, 72] });
  for (const follower of [80, 85, 81, 84, 82, 83]) {
    await send('POST', '/user/follow', { signer_uuid: signerOf(follower), target_fids: [4] });
  }
  env.tick(1000);
  await send('POST', '/mute', { fid: 1, muted_fid: 45 });
  await send('POST', '/block', { signer_uuid: signerOf(2), blocked_fid: 3 });
  await send('POST', '/ban', { fids: [75] });
  await send('POST', '/user/follow', { signer_uuid: signerOf(86), target_fids: [4] });
});
afterAll(() => env.close());

describe('user lists page to exactly their whole list', () => {
  it('search, power users and users by location', async () => {
    await expectPagesMakeUp(
      '/user/search',
      { q: 'a' },
      users,
      env.column(
        `SELECT fid FROM users WHERE username LIKE 'a%' OR display_name LIKE 'a%' OR display_name LIKE '% a%'
         ORDER BY follower_count DESC, fid ASC`,
      ),
      [1, 4],
    );
    await expectPagesMakeUp(
      '/user/power',
      {},
      users,
      env.column('SELECT fid FROM users WHERE power_badge = 1 ORDER BY follower_count DESC, fid ASC'),
      [1, 4],
    );
    const [lat, lng] = [40, -70];
    const k = Math.cos((lat * Math.PI) / 180);
    await expectPagesMakeUp(
      '/user/by_location',
      { latitude: lat, longitude: lng },
      users,
      env.column(
        `SELECT fid FROM users WHERE location_lat IS NOT NULL
         ORDER BY (location_lat - ?) * (location_lat - ?) + ((location_lng - ?) * ?) * ((location_lng - ?) * ?), fid`,
        lat,
        lat,
        lng,
        k,
        lng,
        k,
      ),
      [7, 30],
    );
  });

  it('followers and following, newest first and by follower count', async () => {
    for (const fid of [4, 1]) {
      const sizes = fid === 4 ? [1, 3] : [9, 40];
      await expectPagesMakeUp(
        '/followers',
        { fid, sort_type: 'desc_chron' },
        users,
        env.column(
          "SELECT fid FROM links WHERE target_fid = ? AND type = 'follow' ORDER BY ts DESC, fid DESC",
          fid,
        ),
        sizes,
      );
      await expectPagesMakeUp(
        '/followers',
        { fid, sort_type: 'algorithmic' },
        users,
        env.column(
          `SELECT u.fid FROM links l JOIN users u ON u.fid = l.fid WHERE l.target_fid = ? AND l.type = 'follow'
           ORDER BY u.follower_count DESC, u.fid ASC`,
          fid,
        ),
        sizes,
      );
    }
    await expectPagesMakeUp(
      '/following',
      { fid: 1 },
      users,
      env.column(
        "SELECT target_fid FROM links WHERE fid = 1 AND type = 'follow' ORDER BY ts DESC, target_fid DESC",
      ),
      [1, 4],
    );
    await expectPagesMakeUp(
      '/following',
      { fid: 1, sort_type: 'algorithmic' },
      users,
      env.column(
        `SELECT u.fid FROM links l JOIN users u ON u.fid = l.target_fid WHERE l.fid = 1 AND l.type = 'follow'
         ORDER BY u.follower_count DESC, u.fid ASC`,
      ),
      [1, 4],
    );
  });
});

describe('moderation lists page to exactly their whole list, newest first', () => {
  it('mutes of a fid', async () => {
    await expectPagesMakeUp(
      '/mute/list',
      { fid: 1 },
      (b) => b.mutes.map((m: any) => String(m.muted.fid)),
      ['45', '44', '43', '42', '41', '40'],
      [1, 4],
    );
  });

  it('blocks by a blocker, of a blocked fid, and of one pair', async () => {
    const blocked = (b: any) => b.blocks.map((x: any) => String(x.blocked.fid));
    const blockers = (b: any) => b.blocks.map((x: any) => String(x.blocker.fid));
    await expectPagesMakeUp(
      '/block/list',
      { blocker_fid: 2 },
      blocked,
      ['3', '55', '54', '53', '52', '51', '50'],
      [1, 3],
    );
    await expectPagesMakeUp(
      '/block/list',
      { blocked_fid: 3 },
      blockers,
      ['2', '65', '64', '63', '62', '61', '60'],
      [1, 3],
    );
    expect(await walk('/block/list', { blocker_fid: 2, blocked_fid: 3 }, 1, blocked)).toEqual(['3']);
  });

  it('bans', async () => {
    await expectPagesMakeUp(
      '/ban/list',
      {},
      (b) => b.bans.map((x: any) => String(x.banned.fid)),
      ['75', '74', '73', '72', '71', '70'],
      [1, 4],
    );
  });
});
