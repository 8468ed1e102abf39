// Every v2 list that pages through the one keyset pager, walked page by page over real HTTP: the
// pages put together are exactly the whole list, in order, each item once, whatever the page size.
// The whole list comes straight from the tables (plain ORDER BY, no paging) or, for ranked and grouped
// lists, from one page big enough to hold it.
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

/** The cast with the most live replies, its author, and a thread-heavy author. */
const busiest = () =>
  env.value<string>(
    `SELECT parent_hash FROM casts WHERE parent_hash IS NOT NULL AND deleted = 0
     GROUP BY parent_hash ORDER BY COUNT(*) DESC, parent_hash LIMIT 1`,
  );

describe('cast lists', () => {
  it("a user's casts, with and without replies", async () => {
    await expectPagesMakeUp(
      '/feed/user/casts',
      { fid: alice.fid },
      casts,
      env.column(
        'SELECT hash FROM casts WHERE fid = ? AND deleted = 0 ORDER BY ts DESC, hash DESC',
        alice.fid,
      ),
    );
    await expectPagesMakeUp(
      '/feed/user/casts',
      { fid: alice.fid, include_replies: false },
      casts,
      env.column(
        'SELECT hash FROM casts WHERE fid = ? AND parent_hash IS NULL AND deleted = 0 ORDER BY ts DESC, hash DESC',
        alice.fid,
      ),
    );
  });

  it('the channel, parent URL and fids feeds', async () => {
    const { id, url } = env.store.db.prepare("SELECT id, url FROM channels WHERE id = 'music'").get() as {
      id: string;
      url: string;
    };
    // A long list: its first 60 casts, walked through the feed's own cursors.
    const byChannel = env.column(
      'SELECT hash FROM casts WHERE channel_id = ? AND deleted = 0 ORDER BY ts DESC, hash DESC LIMIT 60',
      id,
    );
    const query = { channel_ids: id, with_replies: true, members_only: false };
    expect((await walk('/feed/channels', query, 7, casts, 60)).slice(0, 60)).toEqual(byChannel);
    await expectPagesMakeUp(
      '/feed/parent_urls',
      { parent_urls: url },
      casts,
      env.column(
        'SELECT hash FROM casts WHERE parent_url = ? AND deleted = 0 ORDER BY ts DESC, hash DESC',
        url,
      ),
    );
    await expectPagesMakeUp(
      '/feed',
      { feed_type: 'filter', filter_type: 'fids', fids: '2,3' },
      casts,
      env.column('SELECT hash FROM casts WHERE fid IN (2, 3) AND deleted = 0 ORDER BY ts DESC, hash DESC'),
    );
  });

  it('the frames feed: casts embedding catalogue mini apps, new ones included', async () => {
    const app = env.value<string>('SELECT url FROM miniapps ORDER BY id LIMIT 1');
    for (const n of [1, 2, 3, 4, 5]) {
      await post('/cast', { signer_uuid: alice.signerUuid, text: `frame ${n}`, embeds: [{ url: app }] });
    }
    await expectPagesMakeUp(
      '/feed/frames',
      {},
      casts,
      env.column(
        `SELECT hash FROM casts c WHERE deleted = 0 AND EXISTS (SELECT 1 FROM json_each(c.embeds) e
         JOIN miniapps m ON m.url = json_extract(e.value, '$.url')) ORDER BY ts DESC, hash DESC`,
      ),
    );
  });

  it("a user's replies and recasts, each cast once at its latest", async () => {
    const whole = env.column(
      `SELECT hash FROM (
         SELECT hash, ts AS k FROM casts WHERE fid = ? AND parent_hash IS NOT NULL AND deleted = 0
         UNION ALL SELECT r.target, r.ts FROM reactions r JOIN casts c ON c.hash = r.target AND c.deleted = 0
           WHERE r.fid = ? AND r.type = 2
       ) GROUP BY hash ORDER BY MAX(k) DESC, hash DESC`,
      alice.fid,
      alice.fid,
    );
    await expectPagesMakeUp(
      '/feed/user/replies_and_recasts',
      { fid: alice.fid, filter: 'all' },
      casts,
      whole,
    );
  });

  it('search, newest first and ranked', async () => {
    const author = env.value<number>(
      `SELECT c.fid FROM casts c JOIN casts_fts f ON f.rowid = c.rowid
       WHERE casts_fts MATCH '"the"' AND c.deleted = 0 GROUP BY c.fid ORDER BY COUNT(*) DESC, c.fid LIMIT 1`,
    );
    const query = { q: 'the', author_fid: author };
    await expectPagesMakeUp(
      '/cast/search',
      { ...query, mode: 'literal' },
      casts,
      env.column(
        `SELECT c.hash FROM casts c JOIN casts_fts f ON f.rowid = c.rowid
         WHERE casts_fts MATCH '"the"' AND c.fid = ? AND c.deleted = 0 ORDER BY c.ts DESC, c.hash DESC`,
        author,
      ),
    );
    const ranked = casts(await get('/cast/search', { ...query, mode: 'semantic', limit: 100 }));
    expect(ranked.length).toBeLessThan(100);
    await expectPagesMakeUp('/cast/search', { ...query, mode: 'semantic' }, casts, ranked);
  });

  it("a cast's direct replies in each conversation order", async () => {
    const parent = busiest();
    const replies = (b: any) => b.conversation.cast.direct_replies.map((c: any) => c.hash);
    const order = {
      chron: 'ts ASC, hash ASC',
      desc_chron: 'ts DESC, hash DESC',
      algorithmic: '(likes_count + 2 * recasts_count + replies_count) DESC, hash DESC',
    };
    for (const [sort, by] of Object.entries(order)) {
      await expectPagesMakeUp(
        '/cast/conversation',
        { identifier: parent, type: 'hash', sort_type: sort, reply_depth: 1 },
        replies,
        env.column(`SELECT hash FROM casts WHERE parent_hash = ? AND deleted = 0 ORDER BY ${by}`, parent),
      );
    }
  });

  it('the trending and for-you feeds, ranked at the first page time', async () => {
    const now = env.store.now();
    const trending = env.column(
      `SELECT r.target FROM reactions r JOIN casts c ON c.hash = r.target AND c.deleted = 0
       WHERE r.ts > ? AND r.ts <= ? AND r.target_fid IS NOT NULL
       GROUP BY r.target ORDER BY COUNT(*) DESC, r.target DESC`,
      now - 6 * 3_600_000,
      now,
    );
    await expectPagesMakeUp('/feed/trending', { time_window: '6h' }, casts, trending);
    const forYou = casts(await get('/feed/for_you', { fid: alice.fid, limit: 50 }));
    expect(forYou).toHaveLength(50);
    expect((await walk('/feed/for_you', { fid: alice.fid }, 7, casts, 50)).slice(0, 50)).toEqual(forYou);
  });
});

describe('reaction lists', () => {
  const byUser = (b: any) => b.reactions.map((r: any) => `${r.user.fid}:${r.reaction_type}`);
  const byCast = (b: any) => b.reactions.map((r: any) => `${r.cast.hash}:${r.reaction_type}`);

  it("a cast's reactions, newest first", async () => {
    const popular = env.value<string>(
      'SELECT target FROM reactions GROUP BY target ORDER BY COUNT(*) DESC, target LIMIT 1',
    );
    await expectPagesMakeUp(
      '/reactions/cast',
      { hash: popular, types: 'all' },
      byUser,
      env.column(
        `SELECT fid, CASE type WHEN 1 THEN 'like' ELSE 'recast' END FROM reactions
         WHERE target = ? ORDER BY ts DESC, type DESC, fid DESC`,
        popular,
      ),
    );
  });

  it('reactions made at the same moment page by type, then by who or what', async () => {
    // The clock stands still, so all six reactions share one timestamp.
    const { hash } = (await post('/cast', { signer_uuid: carol.signerUuid, text: 'react to this' })).cast;
    for (const user of SEED_USERS) {
      for (const reaction_type of ['like', 'recast']) {
        await post('/reaction', { signer_uuid: user.signerUuid, reaction_type, target: hash });
      }
    }
    const tied = ['3:recast', '2:recast', '1:recast', '3:like', '2:like', '1:like'];
    await expectPagesMakeUp('/reactions/cast', { hash, types: 'all' }, byUser, tied);
    const mine = env.column(
      `SELECT r.target, CASE r.type WHEN 1 THEN 'like' ELSE 'recast' END FROM reactions r
       JOIN casts c ON c.hash = r.target AND c.deleted = 0
       WHERE r.fid = ? ORDER BY r.ts DESC, r.type DESC, r.target DESC`,
      alice.fid,
    );
    expect(mine.slice(0, 2)).toEqual([`${hash}:recast`, `${hash}:like`]);
    await expectPagesMakeUp('/reactions/user', { fid: alice.fid, type: 'all' }, byCast, mine);
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
    const url = env.value<string>("SELECT url FROM channels WHERE id = 'music'");
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
  it('every channel, and channels found by a search', async () => {
    await expectPagesMakeUp('/channel/list', {}, channels, env.column('SELECT id FROM channels ORDER BY id'));
    await expectPagesMakeUp(
      '/channel/search',
      { q: 'd' },
      channels,
      env.column(
        `SELECT id FROM channels WHERE id LIKE 'd%' OR name LIKE 'd%' OR name LIKE '% d%' ORDER BY id`,
      ),
    );
  });

  it('trending channels, most casts in the window first', async () => {
    await expectPagesMakeUp(
      '/channel/trending',
      { time_window: '30d' },
      (b) => b.channels.map((c: any) => `${c.channel.id}:${c.cast_count_30d}`),
      env.column(
        `SELECT channel_id, COUNT(*) AS n FROM casts
         WHERE channel_id IS NOT NULL AND deleted = 0 AND ts >= ? AND ts <= ?
         GROUP BY channel_id ORDER BY n DESC, channel_id ASC`,
        env.store.now() - 30 * 86_400_000,
        env.store.now(),
      ),
    );
  });

  it("a channel's followers and members, a user's memberships, followed and active channels", async () => {
    await expectPagesMakeUp(
      '/channel/followers',
      { id: 'music' },
      users,
      env.column(
        "SELECT fid FROM channel_follows WHERE channel_id = 'music' ORDER BY created_at DESC, fid DESC",
      ),
    );
    await expectPagesMakeUp(
      '/channel/member/list',
      { channel_id: 'art' },
      (b) => b.members.map((m: any) => String(m.user.fid)),
      env.column(
        "SELECT fid FROM channel_members WHERE channel_id = 'art' ORDER BY created_at DESC, fid DESC",
      ),
    );
    const member = env.value<number>(
      'SELECT fid FROM channel_members GROUP BY fid ORDER BY COUNT(*) DESC, fid LIMIT 1',
    );
    await expectPagesMakeUp(
      '/user/memberships/list',
      { fid: member },
      (b) => b.members.map((m: any) => m.channel.id),
      env.column(
        'SELECT channel_id FROM channel_members WHERE fid = ? ORDER BY created_at DESC, channel_id DESC',
        member,
      ),
    );
    await expectPagesMakeUp(
      '/user/channels',
      { fid: alice.fid },
      channels,
      env.column(
        'SELECT channel_id FROM channel_follows WHERE fid = ? ORDER BY created_at DESC, channel_id DESC',
        alice.fid,
      ),
    );
    await expectPagesMakeUp(
      '/channel/user',
      { fid: alice.fid },
      channels,
      env.column(
        `SELECT channel_id FROM casts WHERE fid = ? AND channel_id IS NOT NULL AND deleted = 0
         GROUP BY channel_id ORDER BY MAX(ts) DESC, channel_id DESC`,
        alice.fid,
      ),
    );
  });

  it('pending invites, newest first', async () => {
    const lead = env.store.db
      .prepare('SELECT id, lead_fid FROM channels WHERE lead_fid = ? LIMIT 1')
      .get(alice.fid) as {
      id: string;
    };
    const invitees = env.column(
      `SELECT fid FROM users WHERE fid > 3 AND fid NOT IN (SELECT fid FROM channel_members WHERE channel_id = ?)
       ORDER BY fid LIMIT 4`,
      lead.id,
    );
    for (const fid of invitees) {
      await post('/channel/member/invite', {
        signer_uuid: alice.signerUuid,
        channel_id: lead.id,
        fid: Number(fid),
        role: 'member',
      });
    }
    await expectPagesMakeUp(
      '/channel/member/invite/list',
      {},
      (b) => b.invites.map((i: any) => `${i.channel_id}:${i.invited.fid}:${i.role}`),
      env.column(
        `SELECT channel_id, invited_fid, role FROM channel_invites WHERE status = 'pending'
         ORDER BY created_at DESC, channel_id, invited_fid, role`,
      ),
    );
  });
});

describe('static lists', () => {
  it('composer actions', async () => {
    const actions = (b: any) => b.actions.map((a: any) => a.name);
    const whole = actions(await get('/cast/composer_actions/list', { list: 'top', limit: 25 }));
    await expectPagesMakeUp('/cast/composer_actions/list', { list: 'top' }, actions, whole);
  });
});
