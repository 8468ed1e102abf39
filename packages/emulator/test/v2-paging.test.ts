// Every v2 list that pages through the one keyset pager, walked page by page over real HTTP: the
// pages put together are exactly the whole list, in order, each item once, whatever the page size.
// The whole list is the list read in the largest pages it takes, checked to hold what it should (from
// other reads of the API, or what the test wrote) in the order it promises (on the items' own fields).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_USERS } from '../src/seed/constants.js';
import { startApi } from './support/api.js';

let env: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  env = await startApi();
});
afterAll(() => env.close());

const [alice, , carol] = SEED_USERS;

type Query = Record<string, string | number | boolean>;

async function get(path: string, query: Query): Promise<any> {
  const url = new URL(`/v2/farcaster${path}`, env.url);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  const res = await fetch(url, { headers: { 'x-api-key': env.apiKey } });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

async function post(path: string, body: Record<string, unknown>): Promise<any> {
  const res = await fetch(new URL(`/v2/farcaster${path}`, env.url), {
    method: 'POST',
    headers: { 'x-api-key': env.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const reply = await res.json();
  expect(res.status, JSON.stringify(reply)).toBe(200);
  return reply;
}

/** The items of a list walked `limit` at a time, to its end or until `enough` are seen. */
async function walk(
  path: string,
  query: Query,
  limit: number,
  items: (body: any) => string[],
  enough = 10_000,
) {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 500; pages++) {
    const body = await get(path, { ...query, limit, ...(cursor ? { cursor } : {}) });
    const page = items(body);
    expect(page.length).toBeLessThanOrEqual(limit);
    seen.push(...page);
    cursor = (body.next ?? body.result?.next)?.cursor ?? undefined;
    if (!cursor || seen.length >= enough) return seen;
    expect(page).toHaveLength(limit);
  }
  throw new Error(`${path} never reached its last page`);
}

const casts = (b: any) => (b.casts ?? b.result.casts).map((c: any) => c.hash);
const channels = (b: any) => b.channels.map((c: any) => c.id ?? c.channel.id);
const users = (b: any) => b.users.map((u: any) => String(u.fid));

/** Walks at a few page sizes and checks each walk is the whole list, which must span several pages. */
async function expectPagesMakeUp(path: string, query: Query, items: (b: any) => string[], whole: string[]) {
  expect(whole.length).toBeGreaterThan(1);
  expect(new Set(whole).size).toBe(whole.length);
  for (const limit of [1, 3]) expect(await walk(path, query, limit, items)).toEqual(whole);
}

/** Every item of a list, read `limit` at a time (the largest page it takes), as `pick` finds them. */
async function collect(
  path: string,
  query: Query,
  limit: number,
  pick: (body: any) => any[],
  enough = 10_000,
) {
  const out: any[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 500; pages++) {
    const body = await get(path, { ...query, limit, ...(cursor ? { cursor } : {}) });
    out.push(...pick(body));
    cursor = (body.next ?? body.result?.next)?.cursor ?? undefined;
    if (!cursor || out.length >= enough) return out;
  }
  throw new Error(`${path} never reached its last page`);
}

type Key = [get: (item: any) => number | string, dir: 'asc' | 'desc'];

/** Checks the items are in strictly increasing order of the keys, each ascending or descending. */
function expectSorted(items: any[], keys: Key[]) {
  const cmp = (a: any, b: any) => {
    for (const [get, dir] of keys) {
      const [x, y] = [get(a), get(b)];
      if (x !== y) return (x < y ? -1 : 1) * (dir === 'asc' ? 1 : -1);
    }
    return 0;
  };
  for (let i = 1; i < items.length; i++)
    expect(cmp(items[i - 1], items[i]), JSON.stringify(keys.map(([g]) => g(items[i])))).toBe(-1);
}

const time = (c: any) => Date.parse(c.timestamp);
const newestCastsFirst: Key[] = [
  [time, 'desc'],
  [(c) => c.hash, 'desc'],
];
const castList = (b: any) => b.casts ?? b.result.casts;
const hashesOf = (list: any[]) => list.map((c) => c.hash);

describe('cast lists', () => {
  it("a user's casts, with and without replies", async () => {
    const all = await collect('/feed/user/casts', { fid: alice.fid }, 150, castList);
    expect(all.every((c) => c.author.fid === alice.fid)).toBe(true);
    expectSorted(all, newestCastsFirst);
    await expectPagesMakeUp('/feed/user/casts', { fid: alice.fid }, casts, hashesOf(all));
    // Without replies: the same list less its replies.
    const topLevel = all.filter((c) => c.parent_hash === null);
    expect(topLevel.length).toBeLessThan(all.length);
    await expectPagesMakeUp(
      '/feed/user/casts',
      { fid: alice.fid, include_replies: false },
      casts,
      hashesOf(topLevel),
    );
  });

  it('the channel, parent URL and fids feeds', async () => {
    const { id, url } = (await get('/channel', { id: 'music' })).channel;
    // A long list: its first 60 casts, walked through the feed's own cursors.
    const query = { channel_ids: id, with_replies: true, members_only: false };
    const byChannel = (await collect('/feed/channels', query, 100, castList, 60)).slice(0, 60);
    expect(byChannel).toHaveLength(60);
    expect(byChannel.every((c) => c.channel?.id === id)).toBe(true);
    expectSorted(byChannel, newestCastsFirst);
    expect((await walk('/feed/channels', query, 7, casts, 60)).slice(0, 60)).toEqual(hashesOf(byChannel));
    const byUrl = await collect('/feed/parent_urls', { parent_urls: url }, 100, castList);
    expect(byUrl.every((c) => c.parent_url === url)).toBe(true);
    expectSorted(byUrl, newestCastsFirst);
    await expectPagesMakeUp('/feed/parent_urls', { parent_urls: url }, casts, hashesOf(byUrl));
    // bob's and carol's casts together, as each one's own list has them.
    const fids = { feed_type: 'filter', filter_type: 'fids', fids: '2,3' };
    const byFids = await collect('/feed', fids, 100, castList);
    expectSorted(byFids, newestCastsFirst);
    const theirs = [
      ...(await collect('/feed/user/casts', { fid: 2 }, 150, castList)),
      ...(await collect('/feed/user/casts', { fid: 3 }, 150, castList)),
    ];
    expect(hashesOf(byFids).sort()).toEqual(hashesOf(theirs).sort());
    await expectPagesMakeUp('/feed', fids, casts, hashesOf(byFids));
  });

  it('the frames feed: casts embedding catalogue mini apps, new ones included', async () => {
    const catalogue = new Set(
      (await get('/frame/catalog', { limit: 100 })).frames.map((f: any) => f.frames_url),
    );
    const app = [...catalogue][0];
    const posted: string[] = [];
    for (const n of [1, 2, 3, 4, 5]) {
      posted.push(
        (await post('/cast', { signer_uuid: alice.signerUuid, text: `frame ${n}`, embeds: [{ url: app }] }))
          .cast.hash,
      );
    }
    const all = await collect('/feed/frames', {}, 100, castList);
    for (const c of all) expect(c.embeds.some((e: any) => catalogue.has(e.url))).toBe(true);
    expect(hashesOf(all)).toEqual(expect.arrayContaining(posted));
    expectSorted(all, newestCastsFirst);
    await expectPagesMakeUp('/feed/frames', {}, casts, hashesOf(all));
  });

  it("a user's replies and recasts, each cast once", async () => {
    const whole = await collect(
      '/feed/user/replies_and_recasts',
      { fid: alice.fid, filter: 'all' },
      50,
      castList,
    );
    // Her replies, from her casts, and the live casts she recast, from the hub.
    const replies = (await collect('/feed/user/casts', { fid: alice.fid }, 150, castList)).filter(
      (c) => c.parent_hash !== null,
    );
    const recasts = await env.hub.fetchUserReactions({
      fid: alice.fid,
      reactionType: 'Recast',
      pageSize: 1000,
    });
    const recast = recasts.messages.map((m) => m.data.reactionBody!.targetCastId!.hash);
    const live = new Set(hashesOf(whole));
    const expected = new Set([...hashesOf(replies), ...recast.filter((h) => live.has(h))]);
    expect(recast.length).toBeGreaterThan(0);
    expect([...live].sort()).toEqual([...expected].sort());
    await expectPagesMakeUp(
      '/feed/user/replies_and_recasts',
      { fid: alice.fid, filter: 'all' },
      casts,
      hashesOf(whole),
    );
  });

  it('search, newest first and ranked', async () => {
    const query = { q: 'the', author_fid: alice.fid };
    const literal = await collect('/cast/search', { ...query, mode: 'literal' }, 100, castList);
    expect(literal.length).toBeGreaterThan(3);
    for (const c of literal) {
      expect(c.author.fid).toBe(alice.fid);
      expect(c.text.toLowerCase()).toMatch(/\bthe\b/);
    }
    expectSorted(literal, newestCastsFirst);
    await expectPagesMakeUp('/cast/search', { ...query, mode: 'literal' }, casts, hashesOf(literal));
    const ranked = casts(await get('/cast/search', { ...query, mode: 'semantic', limit: 100 }));
    expect(ranked.length).toBeLessThan(100);
    await expectPagesMakeUp('/cast/search', { ...query, mode: 'semantic' }, casts, ranked);
  });

  it("a cast's direct replies in each conversation order", async () => {
    // Five replies a second apart, liked and recast so the ranking differs from time, with one tie.
    const parent = (await post('/cast', { signer_uuid: alice.signerUuid, text: 'reply to me' })).cast.hash;
    const replies: string[] = [];
    for (const n of [0, 1, 2, 3, 4]) {
      env.tick(1000);
      replies.push(
        (await post('/cast', { signer_uuid: carol.signerUuid, text: `reply ${n}`, parent })).cast.hash,
      );
    }
    const react = (by: string, type: string, target: string) =>
      post('/reaction', { signer_uuid: by, reaction_type: type, target });
    const [bobSigner] = [SEED_USERS[1].signerUuid];
    await react(alice.signerUuid, 'like', replies[2]!);
    await react(bobSigner, 'like', replies[2]!);
    await react(alice.signerUuid, 'recast', replies[4]!);
    await react(alice.signerUuid, 'like', replies[0]!);
    // Scores (likes + 2 recasts + replies): reply 2 and reply 4 tie at 2, reply 0 has 1, the rest 0.
    const byHashDesc = (xs: string[]) => [...xs].sort().reverse();
    const algorithmic = [
      ...byHashDesc([replies[2]!, replies[4]!]),
      replies[0]!,
      ...byHashDesc([replies[1]!, replies[3]!]),
    ];
    const order = { chron: replies, desc_chron: [...replies].reverse(), algorithmic };
    const directReplies = (b: any) => b.conversation.cast.direct_replies.map((c: any) => c.hash);
    for (const [sort, expected] of Object.entries(order)) {
      await expectPagesMakeUp(
        '/cast/conversation',
        { identifier: parent, type: 'hash', sort_type: sort, reply_depth: 1 },
        directReplies,
        expected,
      );
    }
  });

  it('the trending and for-you feeds, ranked at the first page time', async () => {
    const now = env.store.now();
    const trending = await collect('/feed/trending', { time_window: '6h' }, 10, castList);
    // Reactions inside the window, as each cast's reaction list dates them; then hash.
    const inWindow = new Map<string, number>();
    for (const c of trending) {
      const { reactions } = await get('/reactions/cast', { hash: c.hash, types: 'all', limit: 100 });
      expect(reactions.length).toBeLessThan(100);
      inWindow.set(
        c.hash,
        reactions.filter((r: any) => Date.parse(r.reaction_timestamp) > now - 6 * 3_600_000).length,
      );
    }
    expect(Math.min(...inWindow.values())).toBeGreaterThan(0);
    expectSorted(trending, [
      [(c) => inWindow.get(c.hash)!, 'desc'],
      [(c) => c.hash, 'desc'],
    ]);
    await expectPagesMakeUp('/feed/trending', { time_window: '6h' }, casts, hashesOf(trending));
    const forYou = casts(await get('/feed/for_you', { fid: alice.fid, limit: 50 }));
    expect(forYou).toHaveLength(50);
    expect((await walk('/feed/for_you', { fid: alice.fid }, 7, casts, 50)).slice(0, 50)).toEqual(forYou);
  });
});

describe('reaction lists', () => {
  const byUser = (b: any) => b.reactions.map((r: any) => `${r.user.fid}:${r.reaction_type}`);
  const byCast = (b: any) => b.reactions.map((r: any) => `${r.cast.hash}:${r.reaction_type}`);
  const reactionTime = (r: any) => Date.parse(r.reaction_timestamp);

  it("a cast's reactions, newest first", async () => {
    const [popular] = (await get('/feed/trending', { time_window: '7d', limit: 1 })).casts;
    const all = await collect(
      '/reactions/cast',
      { hash: popular.hash, types: 'all' },
      100,
      (b) => b.reactions,
    );
    expect(all).toHaveLength(popular.reactions.likes_count + popular.reactions.recasts_count);
    expectSorted(all, [
      [reactionTime, 'desc'],
      [(r) => r.reaction_type, 'desc'],
      [(r) => r.user.fid, 'desc'],
    ]);
    await expectPagesMakeUp(
      '/reactions/cast',
      { hash: popular.hash, types: 'all' },
      byUser,
      byUser({ reactions: all }),
    );
  });

  it('reactions made at the same moment page by type, then by who or what', async () => {
    // The clock stands still, so all six reactions share one timestamp, a second after any before.
    env.tick(1000);
    const { hash } = (await post('/cast', { signer_uuid: carol.signerUuid, text: 'react to this' })).cast;
    for (const user of SEED_USERS) {
      for (const reaction_type of ['like', 'recast']) {
        await post('/reaction', { signer_uuid: user.signerUuid, reaction_type, target: hash });
      }
    }
    const tied = ['3:recast', '2:recast', '1:recast', '3:like', '2:like', '1:like'];
    await expectPagesMakeUp('/reactions/cast', { hash, types: 'all' }, byUser, tied);
    const mine = await collect('/reactions/user', { fid: alice.fid, type: 'all' }, 100, (b) => b.reactions);
    expectSorted(mine, [
      [reactionTime, 'desc'],
      [(r) => r.reaction_type, 'desc'],
      [(r) => r.cast.hash, 'desc'],
    ]);
    expect(byCast({ reactions: mine }).slice(0, 2)).toEqual([`${hash}:recast`, `${hash}:like`]);
    await expectPagesMakeUp(
      '/reactions/user',
      { fid: alice.fid, type: 'all' },
      byCast,
      byCast({ reactions: mine }),
    );
  });
});

describe('notification lists', () => {
  const key = (n: any) =>
    [
      n.type,
      n.most_recent_timestamp,
      n.cast?.hash ?? '',
      n.count,
      ...(n.follows ?? []).map((f: any) => f.user.fid),
    ].join(':');
  const items = (b: any) => b.notifications.map(key);

  it('all notifications, and those scoped to a parent URL or a channel', async () => {
    const { url } = (await get('/channel', { id: 'music' })).channel;
    for (const [path, query] of [
      ['/notifications', { fid: alice.fid, type: 'mentions,quotes' }],
      ['/notifications/parent_url', { fid: alice.fid, parent_urls: url }],
      ['/notifications/channel', { fid: alice.fid, channel_ids: 'music' }],
    ] as const) {
      const whole = items(await get(path, { ...query, limit: 25 }));
      expect(whole.length).toBeLessThan(25);
      await expectPagesMakeUp(path, query, items, whole);
    }
  });

  it('grouped notifications walk to the same list at any page size', async () => {
    const small = await walk('/notifications', { fid: alice.fid }, 4, items);
    expect(small.length).toBeGreaterThan(25);
    expect(await walk('/notifications', { fid: alice.fid }, 25, items)).toEqual(small);
  });
});

describe('channel lists', () => {
  const everyChannel = async () => (await get('/channel/list', { limit: 200 })).channels;

  it('every channel, and channels found by a search', async () => {
    const all = await everyChannel();
    expect(all.length).toBeGreaterThan(5);
    expectSorted(all, [[(c) => c.id, 'asc']]);
    await expectPagesMakeUp(
      '/channel/list',
      {},
      channels,
      all.map((c: any) => c.id),
    );
    // An id or name, or a word of the name, starting with the query; by id.
    const startsWithD = (c: any) =>
      c.id.startsWith('d') ||
      (c.name ?? '').toLowerCase().startsWith('d') ||
      (c.name ?? '').toLowerCase().includes(' d');
    await expectPagesMakeUp(
      '/channel/search',
      { q: 'd' },
      channels,
      all.filter(startsWithD).map((c: any) => c.id),
    );
  });

  it('trending channels, most casts in the window first', async () => {
    const pick = (b: any) => b.channels;
    const all = await collect('/channel/trending', { time_window: '30d' }, 25, pick);
    expect(all.length).toBeGreaterThan(1);
    expectSorted(all, [
      [(c) => Number(c.cast_count_30d), 'desc'],
      [(c) => c.channel.id, 'asc'],
    ]);
    await expectPagesMakeUp(
      '/channel/trending',
      { time_window: '30d' },
      (b) => b.channels.map((c: any) => `${c.channel.id}:${c.cast_count_30d}`),
      all.map((c) => `${c.channel.id}:${c.cast_count_30d}`),
    );
  });

  it("a channel's followers and members, a user's memberships, followed and active channels", async () => {
    // Newest first: a follower and a member who join now lead their lists.
    const newcomer = await env.fixtures.user();
    env.tick(1000);
    await post('/channel/follow', { signer_uuid: newcomer.signerUuid, channel_id: 'music' });
    const followers = await collect('/channel/followers', { id: 'music' }, 100, (b) => b.users);
    expect(followers[0].fid).toBe(newcomer.fid);
    await expectPagesMakeUp(
      '/channel/followers',
      { id: 'music' },
      users,
      followers.map((u) => String(u.fid)),
    );
    const members = await collect('/channel/member/list', { channel_id: 'art' }, 100, (b) => b.members);
    await expectPagesMakeUp(
      '/channel/member/list',
      { channel_id: 'art' },
      (b) => b.members.map((m: any) => String(m.user.fid)),
      members.map((m) => String(m.user.fid)),
    );
    // The seeded user with the most memberships.
    const memberships = async (fid: number) =>
      collect('/user/memberships/list', { fid }, 100, (b) => b.members.map((m: any) => m.channel.id));
    const counts = await Promise.all(
      SEED_USERS.map(async (u) => [u.fid, (await memberships(u.fid)).length] as const),
    );
    const [member] = counts.sort((a, b) => b[1] - a[1])[0]!;
    await expectPagesMakeUp(
      '/user/memberships/list',
      { fid: member },
      (b) => b.members.map((m: any) => m.channel.id),
      await memberships(member),
    );
    for (const path of ['/user/channels', '/channel/user']) {
      const whole = await collect(path, { fid: alice.fid }, 100, channels);
      await expectPagesMakeUp(path, { fid: alice.fid }, channels, whole);
    }
  });

  it('pending invites, newest first', async () => {
    const lead = (await everyChannel()).find((c: any) => c.lead?.fid === alice.fid);
    // Four users the test kit registers, invited at one clock reading: newest, then by channel and fid.
    const invitees: number[] = [];
    for (let i = 0; i < 4; i++) invitees.push((await env.fixtures.user()).fid);
    env.tick(1000);
    for (const fid of invitees) {
      await post('/channel/member/invite', {
        signer_uuid: alice.signerUuid,
        channel_id: lead.id,
        fid,
        role: 'member',
      });
    }
    const key = (i: any) => `${i.channel_id}:${i.invited.fid}:${i.role}`;
    const all = await collect('/channel/member/invite/list', {}, 100, (b) => b.invites);
    expect(all.slice(0, 4).map(key)).toEqual(invitees.map((fid) => `${lead.id}:${fid}:member`));
    await expectPagesMakeUp('/channel/member/invite/list', {}, (b) => b.invites.map(key), all.map(key));
  });
});

describe('static lists', () => {
  it('composer actions', async () => {
    const actions = (b: any) => b.actions.map((a: any) => a.name);
    const whole = actions(await get('/cast/composer_actions/list', { list: 'top', limit: 25 }));
    await expectPagesMakeUp('/cast/composer_actions/list', { list: 'top' }, actions, whole);
  });
});
