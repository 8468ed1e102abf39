// Every hub list, walked page by page over real HTTP with pageToken, forwards and in reverse: the pages
// put together are exactly the whole list as one page holds it (reversed in reverse), each item once,
// in the list's order (checked on the messages' own fields). Writes made at one clock reading give
// rows tied on their time, so the tie-breaking key decides.
import { userDataTypeFromJSON } from '@farcaster/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_USERS } from '../src/seed/constants.js';
import { startApi } from './support/api.js';

let env: Awaited<ReturnType<typeof startApi>>;

const ART = 'https://warpcast.com/~/channel/art';
const [alice, , carol] = SEED_USERS;
let liked: { hash: string; fid: number };
let parent: { hash: string; fid: number };

beforeAll(async () => {
  env = await startApi();
  // Eight new users act at the same clock reading: their likes, replies, recasts and follows tie on time.
  const hash = await env.fixtures.cast(alice, 'liked by eight at once');
  liked = { hash, fid: alice.fid };
  parent = liked;
  for (let i = 0; i < 8; i++) {
    const user = await env.fixtures.user();
    await env.fixtures.like(user, hash);
    if (i < 3) await env.fixtures.cast(user, `reply ${i}`, { parent: hash });
    await env.api.publishReaction({ signerUuid: user.signerUuid, reactionType: 'recast', target: ART });
    await env.fixtures.follow(user, carol.fid);
  }
});
afterAll(() => env.close());

type Query = Record<string, string | number | boolean>;

async function get(path: string, query: Query): Promise<{ status: number; body: any }> {
  const url = new URL(path, env.url);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  const res = await fetch(url, { headers: { 'x-api-key': env.apiKey } });
  return { status: res.status, body: await res.json() };
}

/** The items of a list walked `pageSize` at a time to its end. */
async function walk(
  path: string,
  query: Query,
  pageSize: number,
  reverse: boolean,
  items: (b: any) => string[],
) {
  const seen: string[] = [];
  let pageToken = '';
  for (let pages = 0; pages < 500; pages++) {
    const { status, body } = await get(path, {
      ...query,
      pageSize,
      reverse,
      ...(pageToken ? { pageToken } : {}),
    });
    expect(status, JSON.stringify(body)).toBe(200);
    const page = items(body);
    expect(page.length).toBeLessThanOrEqual(pageSize);
    seen.push(...page);
    pageToken = body.nextPageToken;
    if (!pageToken) return seen;
    expect(page).toHaveLength(pageSize);
  }
  throw new Error(`${path} never reached its last page`);
}

const hashes = (b: any) => b.messages.map((m: any) => m.hash);

/** Walks at each page size in both directions; each walk is the whole list (or its reverse). */
async function expectPagesMakeUp(
  path: string,
  query: Query,
  whole: string[],
  sizes: number[],
  items: (b: any) => string[] = hashes,
) {
  expect(whole.length).toBeGreaterThan(Math.min(...sizes));
  expect(new Set(whole).size).toBe(whole.length);
  for (const size of sizes) {
    expect(await walk(path, query, size, false, items)).toEqual(whole);
    expect(await walk(path, query, size, true, items)).toEqual([...whole].reverse());
  }
}

/** A list as one page holds it (the largest page a hub gives), checked to be its last. */
async function whole(path: string, query: Query): Promise<any[]> {
  const { status, body } = await get(path, { ...query, pageSize: 1000 });
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.nextPageToken, `${path} fits one page`).toBe('');
  return body.messages ?? body.fids;
}

/** Each item's sort key, compared column by column: the list must be in ascending order of it. */
function expectOrdered(items: any[], key: (m: any) => (number | string)[]) {
  const keys = items.map(key);
  const cmp = (a: (number | string)[], b: (number | string)[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
    return 0;
  };
  for (let i = 1; i < keys.length; i++) expect(cmp(keys[i - 1]!, keys[i]!), JSON.stringify(keys[i])).toBe(-1);
}

const time = (m: any) => m.data.timestamp as number;

describe('hub lists page to exactly their whole list', () => {
  it('casts by fid, by mention, by parent cast and by parent URL', async () => {
    const lists: [string, Query, number[]][] = [
      ['/v1/castsByFid', { fid: 1 }, [7, 50]],
      ['/v1/castsByMention', { fid: 1 }, [1, 4]],
      ['/v1/castsByParent', { fid: parent.fid, hash: parent.hash }, [1, 2]],
      ['/v1/castsByParent', { url: 'https://warpcast.com/~/channel/dev' }, [9, 40]],
    ];
    for (const [path, query, sizes] of lists) {
      const all = await whole(path, query);
      expectOrdered(all, (m) => [time(m), m.hash]);
      await expectPagesMakeUp(path, query, hashes({ messages: all }), sizes);
    }
    const byMention = await whole('/v1/castsByMention', { fid: 1 });
    for (const m of byMention) expect(m.data.castAddBody.mentions).toContain(1);
    const replies = await whole('/v1/castsByParent', { fid: parent.fid, hash: parent.hash });
    expect(replies.map((m) => m.data.castAddBody.text).sort()).toEqual(['reply 0', 'reply 1', 'reply 2']);
  });

  it('reactions to a cast (tied in time), by a fid, and to a URL of one type or every type', async () => {
    const toCast = await whole('/v1/reactionsByCast', {
      target_fid: liked.fid,
      target_hash: liked.hash,
      reaction_type: 'Like',
    });
    expect(toCast).toHaveLength(8);
    expect(new Set(toCast.map(time)).size).toBe(1);
    expectOrdered(toCast, (m) => [time(m), m.data.fid]);
    await expectPagesMakeUp(
      '/v1/reactionsByCast',
      { target_fid: liked.fid, target_hash: liked.hash, reaction_type: 'Like' },
      hashes({ messages: toCast }),
      [1, 3],
    );
    const byFid = await whole('/v1/reactionsByFid', { fid: 1, reaction_type: 'REACTION_TYPE_LIKE' });
    expectOrdered(byFid, (m) => [
      time(m),
      m.data.reactionBody.targetCastId?.hash ?? m.data.reactionBody.targetUrl,
    ]);
    await expectPagesMakeUp(
      '/v1/reactionsByFid',
      { fid: 1, reaction_type: 'REACTION_TYPE_LIKE' },
      hashes({ messages: byFid }),
      [5, 30],
    );
    const typeOrder = (m: any) => (m.data.reactionBody.type === 'Like' ? 1 : 2);
    const toUrl = await whole('/v1/reactionsByTarget', { url: ART });
    expectOrdered(toUrl, (m) => [time(m), m.data.fid, typeOrder(m)]);
    expect(new Set(toUrl.map(typeOrder))).toEqual(new Set([1, 2]));
    await expectPagesMakeUp('/v1/reactionsByTarget', { url: ART }, hashes({ messages: toUrl }), [1, 4]);
    const recasts = await whole('/v1/reactionsByTarget', { url: ART, reaction_type: 'Recast' });
    expect(recasts.map((m) => m.hash)).toEqual(toUrl.filter((m) => typeOrder(m) === 2).map((m) => m.hash));
    expect(recasts.length).toBeGreaterThanOrEqual(8);
    await expectPagesMakeUp(
      '/v1/reactionsByTarget',
      { url: ART, reaction_type: 'Recast' },
      hashes({ messages: recasts }),
      [1, 3],
    );
  });

  it('links by fid and to a fid (tied in time), user data, verifications and fids', async () => {
    const following = await whole('/v1/linksByFid', { fid: 1 });
    expectOrdered(following, (m) => [time(m), m.data.linkBody.targetFid]);
    await expectPagesMakeUp('/v1/linksByFid', { fid: 1 }, hashes({ messages: following }), [3, 11]);
    const followers = await whole('/v1/linksByTargetFid', { target_fid: 3, link_type: 'follow' });
    expectOrdered(followers, (m) => [time(m), m.data.fid]);
    await expectPagesMakeUp(
      '/v1/linksByTargetFid',
      { target_fid: 3, link_type: 'follow' },
      hashes({ messages: followers }),
      [1, 6],
    );
    const userData = await whole('/v1/userDataByFid', { fid: 1 });
    expectOrdered(userData, (m) => [userDataTypeFromJSON(m.data.userDataBody.type)]);
    await expectPagesMakeUp('/v1/userDataByFid', { fid: 1 }, hashes({ messages: userData }), [1, 2]);
    const verificationList = await whole('/v1/verificationsByFid', { fid: 1 });
    expectOrdered(verificationList, (m) => [time(m), m.data.verificationAddEthAddressBody.address]);
    const verifications = hashes({ messages: verificationList });
    expect(verifications.length).toBeGreaterThan(0);
    expect(await walk('/v1/verificationsByFid', { fid: 1 }, 1, false, hashes)).toEqual(verifications);
    expect(await walk('/v1/verificationsByFid', { fid: 1 }, 1, true, hashes)).toEqual(
      [...verifications].reverse(),
    );
    const fids = await whole('/v1/fids', { shard_id: 1 });
    expectOrdered(fids, (fid) => [fid]);
    expect(fids.slice(0, 3)).toEqual([1, 2, 3]);
    await expectPagesMakeUp('/v1/fids', { shard_id: 1 }, fids.map(String), [37, 250], (b) =>
      b.fids.map(String),
    );
    expect((await get('/v1/fids', { shard_id: 0 })).body).toEqual({ fids: [], nextPageToken: '' });
  });

  it('events, followed by nextPageEventId, are the whole log in order', async () => {
    const seen: number[] = [];
    let from = 0;
    for (let pages = 0; pages < 10; pages++) {
      const { body } = await get('/v1/events', { from_event_id: from });
      if (!body.events.length) break;
      seen.push(...body.events.map((e: any) => e.id as number));
      from = body.nextPageEventId;
    }
    expect(seen.length).toBeGreaterThan(1000);
    // Every hub event of the log, once and in order: the log's other entries (trades, which the hub
    // has no event for) are left out, so ids may skip; nothing after the last.
    const hubIds = env.store.db
      .prepare('SELECT id FROM hub_events WHERE trade_id IS NULL AND id >= ? ORDER BY id')
      .pluck()
      .all(seen[0]);
    expect(seen).toEqual(hubIds);
    const last = Number(env.store.db.prepare('SELECT MAX(id) FROM hub_events').pluck().get());
    expect((await get('/v1/eventById', { event_id: last + 1 })).status).toBe(404);
  });

  it('a page token from a list with another key is a 400 naming pageToken', async () => {
    const { body: first } = await get('/v1/userDataByFid', { fid: 1, pageSize: 1 });
    expect(first.nextPageToken).not.toBe('');
    const { status, body } = await get('/v1/castsByFid', { fid: 1, pageToken: first.nextPageToken });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      errCode: 'bad_request.validation_failure',
      details: expect.stringContaining('pageToken'),
    });
  });
});
