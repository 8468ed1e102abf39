// The social reads 3.x added, over the state the write path keeps: quotes of a cast, reciprocal
// followers and best friends from real follows and interactions, verifications from verification
// messages, trending topics from a window of casts on the emulator clock and a topic's feed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_USERS } from '../src/seed/constants.js';
import { TRENDING_WINDOW_MS } from '../src/v2/topics/trending.js';
import { startApi } from './support/api.js';
import { api3 } from './support/api3.js';

let env: Awaited<ReturnType<typeof startApi>>;
let v3: ReturnType<typeof api3>;
const [alice, bob, carol] = SEED_USERS;

beforeAll(async () => {
  env = await startApi();
  v3 = api3(env);
});
afterAll(() => env.close());

const quote = async (by: { signerUuid: string }, quoted: { fid: number; hash: string }) =>
  (
    await env.api.publishCast({
      signerUuid: by.signerUuid,
      text: 'look at this',
      embeds: [{ cast_id: { fid: quoted.fid, hash: quoted.hash } }],
    })
  ).cast.hash;

describe('cast quotes', () => {
  it('lists the live casts that embed a cast, newest first, page by page', async () => {
    const hash = await env.fixtures.cast(alice!, 'quote me');
    const first = await quote(bob!, { fid: alice!.fid, hash });
    env.tick(1000);
    const second = await quote(carol!, { fid: alice!.fid, hash });
    const all = await v3.get('/v2/farcaster/cast/quotes/', { identifier: hash, type: 'hash' });
    expect(all.status).toBe(200);
    expect(all.body.casts.map((c: { hash: string }) => c.hash)).toEqual([second, first]);
    expect(all.body.casts[0].embeds[0].cast.hash).toBe(hash);
    const page1 = await v3.get('/v2/farcaster/cast/quotes/', { identifier: hash, type: 'hash', limit: 1 });
    const page2 = await v3.get('/v2/farcaster/cast/quotes/', {
      identifier: hash,
      type: 'hash',
      limit: 1,
      cursor: page1.body.next.cursor,
    });
    expect([page1.body.casts[0].hash, page2.body.casts[0].hash]).toEqual([second, first]);
    expect(page2.body.next.cursor).toBeNull();

    await env.api.deleteCast({ signerUuid: carol!.signerUuid, targetHash: second });
    const after = await v3.get('/v2/farcaster/cast/quotes', { identifier: hash, type: 'hash' });
    expect(after.body.casts.map((c: { hash: string }) => c.hash)).toEqual([first]);
  });

  it('names what is wrong with the cast asked for', async () => {
    const unknown = await v3.get('/v2/farcaster/cast/quotes/', {
      identifier: `0x${'ab'.repeat(20)}`,
      type: 'hash',
    });
    expect(unknown.status).toBe(404);
    const bad = await v3.get('/v2/farcaster/cast/quotes/', { identifier: 'nope', type: 'hash' });
    expect([bad.status, bad.body.property]).toEqual([400, 'identifier']);
  });
});

describe('reciprocal followers and best friends', () => {
  it('lists exactly the users who follow a fid and whom it follows back', async () => {
    const me = await env.fixtures.user();
    const friends = [await env.fixtures.user(), await env.fixtures.user(), await env.fixtures.user()];
    const fan = await env.fixtures.user();
    for (const f of friends) {
      await env.fixtures.follow(me, f.fid);
      env.tick(1000);
      await env.fixtures.follow(f, me.fid);
    }
    await env.fixtures.follow(fan, me.fid);
    await env.fixtures.follow(me, alice!.fid);

    const chron = await v3.get('/v2/farcaster/followers/reciprocal/', {
      fid: me.fid,
      sort_type: 'desc_chron',
    });
    expect(chron.status).toBe(200);
    expect(chron.body.users.map((u: { user: { fid: number } }) => u.user.fid)).toEqual(
      friends.map((f) => f.fid).reverse(),
    );
    expect(chron.body.users[0]).toMatchObject({ object: 'reciprocal_follower' });
    // Each walks the same set a page at a time.
    const pages: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await v3.get('/v2/farcaster/followers/reciprocal/', { fid: me.fid, limit: 1, cursor });
      pages.push(...page.body.users.map((u: { user: { fid: number } }) => u.user.fid));
      cursor = page.body.next.cursor ?? undefined;
    } while (cursor);
    expect(pages.sort()).toEqual(friends.map((f) => f.fid).sort());

    await env.api.unfollowUser({ signerUuid: friends[0]!.signerUuid, targetFids: [me.fid] });
    const after = await v3.get('/v2/farcaster/followers/reciprocal/', {
      fid: me.fid,
      sort_type: 'desc_chron',
    });
    expect(after.body.users.map((u: { user: { fid: number } }) => u.user.fid)).toEqual([
      friends[2]!.fid,
      friends[1]!.fid,
    ]);
  });

  it('ranks best friends by the replies, recasts, mentions and likes between the two', async () => {
    const me = await env.fixtures.user();
    const [chatty, quiet, stranger] = [
      await env.fixtures.user(),
      await env.fixtures.user(),
      await env.fixtures.user(),
    ];
    for (const f of [chatty, quiet]) {
      await env.fixtures.follow(me, f.fid);
      await env.fixtures.follow(f, me.fid);
    }
    // stranger interacts a lot but is no mutual follow.
    const mine = await env.fixtures.cast(me, 'what do you think');
    await env.fixtures.cast(chatty, 'great point', { parent: mine }); // reply 3
    await env.fixtures.like(chatty, mine); // like 1
    const theirs = await env.fixtures.cast(chatty, 'my own take');
    await env.fixtures.like(me, theirs); // like 1
    await env.fixtures.cast(stranger, 'me too', { parent: mine });
    await env.fixtures.like(quiet, mine); // like 1

    const res = await v3.get('/v2/farcaster/user/best_friends/', { fid: me.fid, limit: 10 });
    expect(res.status).toBe(200);
    expect(res.body.users).toEqual([
      { fid: chatty.fid, username: chatty.username, mutual_affinity_score: 5 },
      { fid: quiet.fid, username: quiet.username, mutual_affinity_score: 1 },
    ]);
    const top = await v3.get('/v2/farcaster/user/best_friends/', { fid: me.fid, limit: 1 });
    const rest = await v3.get('/v2/farcaster/user/best_friends/', {
      fid: me.fid,
      limit: 1,
      cursor: top.body.next.cursor,
    });
    expect([top.body.users[0].fid, rest.body.users[0].fid]).toEqual([chatty.fid, quiet.fid]);
  });

  it('answers 404 for a fid nobody registered', async () => {
    const res = await v3.get('/v2/farcaster/user/best_friends/', { fid: 99_999_999 });
    expect([res.status, res.body.property]).toEqual([404, 'fid']);
  });
});

describe('verifications', () => {
  it('lists a fid’s verified addresses from its verification messages, and drops a removed one', async () => {
    const stored = env.column(
      "SELECT address, CASE protocol WHEN 'solana' THEN 'solana' ELSE 'evm' END FROM verifications WHERE fid = ? ORDER BY ts, address",
      bob!.fid,
    );
    expect(stored.length).toBeGreaterThan(0);
    const res = await v3.get('/v2/farcaster/user/verifications/', { fid: bob!.fid });
    expect(res.status).toBe(200);
    expect(
      res.body.verifications.map((v: { address: string; protocol: string }) => `${v.address}:${v.protocol}`),
    ).toEqual(stored);
    expect(res.body.verifications[0]).toMatchObject({ object: 'verification' });
    expect(Number.isNaN(Date.parse(res.body.verifications[0].verified_at))).toBe(false);

    const evm = res.body.verifications.find((v: { protocol: string }) => v.protocol === 'evm');
    const blockHash = env.value<string>(
      'SELECT block_hash FROM verifications WHERE fid = ? AND address = ?',
      bob!.fid,
      evm.address,
    );
    await env.api.deleteVerification({ signerUuid: bob!.signerUuid, address: evm.address, blockHash });
    const after = await v3.get('/v2/farcaster/user/verifications/', { fid: bob!.fid });
    expect(after.body.verifications.map((v: { address: string }) => v.address)).not.toContain(evm.address);
    expect(after.body.verifications.length).toBe(stored.length - 1);
  });
});

describe('trending topics and a topic’s feed', () => {
  it('derives topics from the window’s casts, ranks them, and lets them go when the window moves on', async () => {
    const author = await env.fixtures.user();
    const tagged = [await env.fixtures.cast(author, 'trying #CastkitTest today')];
    env.tick(1000);
    tagged.push(await env.fixtures.cast(author, 'more #castkittest, and #castkittest again'));
    const walk = async (limit: number) => {
      const out: { slug: string; authors: { fid: number }[]; top_level_topic: string }[] = [];
      let cursor: string | undefined;
      do {
        const page = await v3.get('/v2/farcaster/topic/trending/', { limit, cursor });
        expect(page.status).toBe(200);
        out.push(...page.body.topics);
        cursor = page.body.next.cursor ?? undefined;
      } while (cursor);
      return out;
    };
    const topics = await walk(25);
    const mine = topics.find((t) => t.slug === 'castkittest');
    expect(mine).toMatchObject({
      name: '#castkittest',
      top_level_topic: 'other_hobbies',
      summary: '2 casts in the last 48 hours',
    });
    expect(mine!.authors.map((a) => a.fid)).toEqual([author.fid]);
    expect(topics.some((t) => t.slug === 'dev' && t.top_level_topic === 'science_technology')).toBe(true);
    // Pages of two make up the same ranking.
    expect((await walk(2)).map((t) => t.slug)).toEqual(topics.map((t) => t.slug));

    const feed = await v3.get('/v2/farcaster/feed/topic/', { slug: 'castkittest' });
    expect(feed.status).toBe(200);
    expect(feed.body.casts.map((c: { hash: string }) => c.hash)).toEqual([...tagged].reverse());

    await env.store.clock.advance(TRENDING_WINDOW_MS + 1000);
    expect((await walk(25)).some((t) => t.slug === 'castkittest')).toBe(false);
    // The feed is the topic's casts, whenever they were made.
    const later = await v3.get('/v2/farcaster/feed/topic/', { slug: 'castkittest' });
    expect(later.body.casts.length).toBe(2);
  });

  it('refuses a slug that no topic can have', async () => {
    const res = await v3.get('/v2/farcaster/feed/topic/', { slug: 'Not A Slug' });
    expect([res.status, res.body.property]).toEqual([400, 'slug']);
  });
});
