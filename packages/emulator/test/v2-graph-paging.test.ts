// The v2 user, follower and moderation lists, walked page by page over real HTTP with `cursor`: the pages
// put together are exactly the whole list, each item once. The whole list is worked out from every
// user as fetchBulkUsers shows them (the rule and order the list promises, applied here), or, for the
// lists this test writes, known from what it wrote. Mutes, blocks, bans and follows made at one clock
// reading tie on their time, so the tie-breaking fid decides; lists ranked by follower count have ties
// of their own.
import type { User } from '@castkit/sdk/2.x';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from './support/api.js';

let env: Awaited<ReturnType<typeof startApi>>;

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

/** Every user, as fetchBulkUsers shows them: the fids from the hub's list, a hundred to a call. */
async function everyUser(): Promise<User[]> {
  const { fids } = await env.hub.fetchFids({ shardId: 1, pageSize: 1000 });
  const out: User[] = [];
  for (let i = 0; i < fids.length; i += 100) {
    out.push(...(await env.api.fetchBulkUsers({ fids: fids.slice(i, i + 100) })).users);
  }
  expect(out).toHaveLength(fids.length);
  return out;
}

const byFollowers = (a: User, b: User) => b.follower_count - a.follower_count || a.fid - b.fid;
const fidsOf = (list: User[]) => list.map((u) => String(u.fid));

/** Six users registered by the test kit (fids in increasing order) who block fid 3, and seven who follow fid 4. */
let blockers: { fid: number; signerUuid: string }[];
let followers: { fid: number; signerUuid: string }[];
/** The same fids newest first: with one clock reading, the higher fid first. */
const desc = (list: { fid: number }[]) => list.map((u) => String(u.fid)).reverse();

beforeAll(async () => {
  env = await startApi();
  blockers = [];
  for (let i = 0; i < 6; i++) blockers.push(await env.fixtures.user());
  followers = [];
  for (let i = 0; i < 7; i++) followers.push(await env.fixtures.user());
  // Acted on in this order, so the list's order comes from its key, not from the order of writes.
  const shuffled = <T>(list: T[]) => [0, 5, 1, 4, 2, 3].map((i) => list[i]!);
  // At one clock reading: fid 1 mutes five users, fid 2 blocks six, six users block fid 3, five fids
  // are banned, and six users follow fid 4. Then, a second later, one more of each.
  for (const muted of [40, 44, 41, 43, 42]) await send('POST', '/mute', { fid: 1, muted_fid: muted });
  const bob = '00000000-0000-4000-8000-000000000002';
  for (const blocked of [50, 55, 51, 54, 52, 53]) {
    await send('POST', '/block', { signer_uuid: bob, blocked_fid: blocked });
  }
  for (const blocker of shuffled(blockers)) {
    await send('POST', '/block', { signer_uuid: blocker.signerUuid, blocked_fid: 3 });
  }
  await send('POST', '/ban', { fids: [70, 74, 71, 73, 72] });
  for (const follower of shuffled(followers.slice(0, 6))) {
    await send('POST', '/user/follow', { signer_uuid: follower.signerUuid, target_fids: [4] });
  }
  env.tick(1000);
  await send('POST', '/mute', { fid: 1, muted_fid: 45 });
  await send('POST', '/block', { signer_uuid: bob, blocked_fid: 3 });
  await send('POST', '/ban', { fids: [75] });
  await send('POST', '/user/follow', { signer_uuid: followers[6]!.signerUuid, target_fids: [4] });
});
afterAll(() => env.close());

describe('user lists page to exactly their whole list', () => {
  it('search, power users and users by location', async () => {
    const all = await everyUser();
    // Search: a username or display name, or a word of it, starting with the query; most followed first.
    const startsWithA = (u: User) =>
      u.username.toLowerCase().startsWith('a') ||
      (u.display_name ?? '').toLowerCase().startsWith('a') ||
      (u.display_name ?? '').toLowerCase().includes(' a');
    await expectPagesMakeUp(
      '/user/search',
      { q: 'a' },
      users,
      fidsOf(all.filter(startsWithA).sort(byFollowers)),
      [1, 4],
    );
    await expectPagesMakeUp(
      '/user/power',
      {},
      users,
      fidsOf(all.filter((u) => u.power_badge).sort(byFollowers)),
      [1, 4],
    );
    // Nearest first, by the flat-earth distance the list documents, then fid.
    const [lat, lng] = [40, -70];
    const k = Math.cos((lat * Math.PI) / 180);
    const distance = (u: User) => {
      const at = u.profile.location!;
      return (at.latitude - lat) ** 2 + ((at.longitude - lng) * k) ** 2;
    };
    const located = all
      .filter((u) => u.profile.location)
      .sort((a, b) => distance(a) - distance(b) || a.fid - b.fid);
    expect(located.length).toBeGreaterThan(30);
    await expectPagesMakeUp(
      '/user/by_location',
      { latitude: lat, longitude: lng },
      users,
      fidsOf(located),
      [7, 30],
    );
  });

  it('followers and following, newest first and by follower count', async () => {
    const all = new Map((await everyUser()).map((u) => [u.fid, u]));
    /** fid's followers (or followees) as the hub lists its links, with when each link was made. */
    const linked = async (fid: number, way: 'followers' | 'following') => {
      const { messages, nextPageToken } =
        way === 'followers'
          ? await env.hub.fetchUserFollowers({ targetFid: fid, pageSize: 1000 })
          : await env.hub.fetchUserFollowing({ fid, pageSize: 1000 });
      expect(nextPageToken).toBe('');
      return messages.map((m) => ({
        fid: way === 'followers' ? m.data.fid : m.data.linkBody!.targetFid!,
        at: m.data.timestamp,
      }));
    };
    /** Newest first: checked on the hub's timestamps (seconds), the fids in between left to the list. */
    const expectNewestFirst = (listed: string[], links: { fid: number; at: number }[]) => {
      const at = new Map(links.map((l) => [String(l.fid), l.at]));
      expect([...listed].sort()).toEqual([...at.keys()].sort());
      const times = listed.map((f) => at.get(f)!);
      expect(times).toEqual([...times].sort((a, b) => b - a));
    };
    // fid 4's newest are the seven the test wrote: the one a second later, then the tie by fid.
    const newestOf4 = (await walk('/followers', { fid: 4, sort_type: 'desc_chron' }, 7, users)).slice(0, 7);
    expect(newestOf4).toEqual([String(followers[6]!.fid), ...desc(followers.slice(0, 6))]);
    for (const fid of [4, 1]) {
      const sizes = fid === 4 ? [1, 3] : [9, 40];
      const links = await linked(fid, 'followers');
      const chron = await walk('/followers', { fid, sort_type: 'desc_chron' }, 100, users);
      expectNewestFirst(chron, links);
      await expectPagesMakeUp('/followers', { fid, sort_type: 'desc_chron' }, users, chron, sizes);
      const ranked = links.map((l) => all.get(l.fid)!).sort(byFollowers);
      await expectPagesMakeUp('/followers', { fid, sort_type: 'algorithmic' }, users, fidsOf(ranked), sizes);
    }
    const followees = await linked(1, 'following');
    const chron = await walk('/following', { fid: 1 }, 100, users);
    expectNewestFirst(chron, followees);
    await expectPagesMakeUp('/following', { fid: 1 }, users, chron, [1, 4]);
    await expectPagesMakeUp(
      '/following',
      { fid: 1, sort_type: 'algorithmic' },
      users,
      fidsOf(followees.map((l) => all.get(l.fid)!).sort(byFollowers)),
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
    const blockersOf = (b: any) => b.blocks.map((x: any) => String(x.blocker.fid));
    await expectPagesMakeUp(
      '/block/list',
      { blocker_fid: 2 },
      blocked,
      ['3', '55', '54', '53', '52', '51', '50'],
      [1, 3],
    );
    await expectPagesMakeUp('/block/list', { blocked_fid: 3 }, blockersOf, ['2', ...desc(blockers)], [1, 3]);
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
