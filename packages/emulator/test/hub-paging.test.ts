// Every hub list, walked page by page over real HTTP with pageToken, forwards and in reverse: the pages
// put together are exactly the whole list straight from the tables (plain ORDER BY), each item once.
// Writes made at one clock reading give rows tied on their time, so the tie-breaking key column decides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actAs } from '../src/protocol/actions.js';
import { startApi } from './support/api.js';

let env: Awaited<ReturnType<typeof startApi>>;

const ART = 'https://warpcast.com/~/channel/art';
let liked: { hash: string; fid: number };

beforeAll(async () => {
  env = await startApi();
  liked = env.store.db
    .prepare(
      `SELECT c.hash, c.fid FROM casts c JOIN reactions r ON r.target = c.hash AND r.type = 1
       WHERE c.deleted = 0 GROUP BY c.hash ORDER BY COUNT(*) DESC, c.hash LIMIT 1`,
    )
    .get() as { hash: string; fid: number };
  // Eight users act in the same second: their likes and follows tie on ts.
  const uuids = env.column(
    "SELECT signer_uuid FROM signers WHERE status = 'approved' AND fid BETWEEN 10 AND 17 ORDER BY fid DESC",
  );
  for (const uuid of uuids) {
    const me = actAs(env.store, uuid);
    if (!env.value('SELECT 1 FROM reactions WHERE fid = ? AND type = 1 AND target = ?', me.fid, liked.hash)) {
      await me.reactionAdd('like', liked);
    }
    if (!env.value('SELECT 1 FROM reactions WHERE fid = ? AND type = 2 AND target = ?', me.fid, ART)) {
      await me.reactionAdd('recast', ART);
    }
    if (!env.value("SELECT 1 FROM links WHERE fid = ? AND type = 'follow' AND target_fid = 3", me.fid)) {
      await me.follow(3);
    }
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

describe('hub lists page to exactly their whole list', () => {
  it('casts by fid, by mention, by parent cast and by parent URL', async () => {
    await expectPagesMakeUp(
      '/v1/castsByFid',
      { fid: 1 },
      env.column('SELECT hash FROM casts WHERE fid = 1 AND deleted = 0 ORDER BY ts, hash'),
      [7, 50],
    );
    await expectPagesMakeUp(
      '/v1/castsByMention',
      { fid: 1 },
      env.column(
        `SELECT m.cast_hash FROM cast_mentions m JOIN casts c ON c.hash = m.cast_hash
         WHERE m.fid = 1 AND c.deleted = 0 ORDER BY m.ts, m.cast_hash`,
      ),
      [1, 4],
    );
    const parent = env.value<string>(
      `SELECT parent_hash FROM casts WHERE parent_hash IS NOT NULL AND deleted = 0
       GROUP BY parent_hash ORDER BY COUNT(*) DESC, parent_hash LIMIT 1`,
    );
    await expectPagesMakeUp(
      '/v1/castsByParent',
      { fid: env.value<number>('SELECT fid FROM casts WHERE hash = ?', parent), hash: parent },
      env.column('SELECT hash FROM casts WHERE parent_hash = ? AND deleted = 0 ORDER BY ts, hash', parent),
      [1, 2],
    );
    const url = 'https://warpcast.com/~/channel/dev';
    await expectPagesMakeUp(
      '/v1/castsByParent',
      { url },
      env.column('SELECT hash FROM casts WHERE parent_url = ? AND deleted = 0 ORDER BY ts, hash', url),
      [9, 40],
    );
  });

  it('reactions to a cast (tied in time), by a fid, and to a URL of one type or every type', async () => {
    const toCast = env.column(
      'SELECT hash FROM reactions WHERE target = ? AND type = 1 ORDER BY ts, fid',
      liked.hash,
    );
    expect(
      env.value<number>(
        'SELECT MAX(n) FROM (SELECT COUNT(*) AS n FROM reactions WHERE target = ? AND type = 1 GROUP BY ts)',
        liked.hash,
      ),
    ).toBeGreaterThan(4);
    await expectPagesMakeUp(
      '/v1/reactionsByCast',
      { target_fid: liked.fid, target_hash: liked.hash, reaction_type: 'Like' },
      toCast,
      [1, 3],
    );
    await expectPagesMakeUp(
      '/v1/reactionsByFid',
      { fid: 1, reaction_type: 'REACTION_TYPE_LIKE' },
      env.column('SELECT hash FROM reactions WHERE fid = 1 AND type = 1 ORDER BY ts, target'),
      [5, 30],
    );
    await expectPagesMakeUp(
      '/v1/reactionsByTarget',
      { url: ART },
      env.column('SELECT hash FROM reactions WHERE target = ? ORDER BY ts, fid, type', ART),
      [1, 4],
    );
    await expectPagesMakeUp(
      '/v1/reactionsByTarget',
      { url: ART, reaction_type: 'Recast' },
      env.column('SELECT hash FROM reactions WHERE target = ? AND type = 2 ORDER BY ts, fid, type', ART),
      [1, 3],
    );
  });

  it('links by fid and to a fid (tied in time), user data, verifications and fids', async () => {
    await expectPagesMakeUp(
      '/v1/linksByFid',
      { fid: 1 },
      env.column("SELECT hash FROM links WHERE fid = 1 AND type = 'follow' ORDER BY ts, target_fid"),
      [3, 11],
    );
    await expectPagesMakeUp(
      '/v1/linksByTargetFid',
      { target_fid: 3, link_type: 'follow' },
      env.column("SELECT hash FROM links WHERE target_fid = 3 AND type = 'follow' ORDER BY ts, fid"),
      [1, 6],
    );
    await expectPagesMakeUp(
      '/v1/userDataByFid',
      { fid: 1 },
      env.column('SELECT hash FROM user_data WHERE fid = 1 ORDER BY type'),
      [1, 2],
    );
    const verifications = env.column('SELECT hash FROM verifications WHERE fid = 1 ORDER BY ts, address');
    expect(await walk('/v1/verificationsByFid', { fid: 1 }, 1, false, hashes)).toEqual(verifications);
    expect(await walk('/v1/verificationsByFid', { fid: 1 }, 1, true, hashes)).toEqual(
      [...verifications].reverse(),
    );
    await expectPagesMakeUp(
      '/v1/fids',
      { shard_id: 1 },
      env.column('SELECT fid FROM users ORDER BY fid'),
      [37, 250],
      (b) => b.fids.map(String),
    );
    expect((await get('/v1/fids', { shard_id: 0 })).body).toEqual({ fids: [], nextPageToken: '' });
  });

  it('events, followed by nextPageEventId, are the whole log in order', async () => {
    const whole = env.column('SELECT id FROM hub_events ORDER BY id');
    expect(whole.length).toBeGreaterThan(1000);
    const seen: string[] = [];
    let from = 0;
    for (let pages = 0; pages < 10; pages++) {
      const { body } = await get('/v1/events', { from_event_id: from });
      if (!body.events.length) break;
      seen.push(...body.events.map((e: any) => String(e.id)));
      from = body.nextPageEventId;
    }
    expect(seen).toEqual(whole);
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
