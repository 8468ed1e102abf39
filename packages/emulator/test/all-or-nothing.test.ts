// An operation that writes several messages (or messages and other rows) commits all of them or
// none: every message is validated before the transaction, and one transaction writes them all.
import { Message, type MessageData } from '@farcaster/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toFarcasterTime } from '../src/index.js';
import { actAs, signMessageData } from '../src/protocol/index.js';
import { SEED_USERS } from '../src/seed/constants.js';
import { publishCast } from '../src/v2/casts/publish.js';
import { startApi, TEST_NOW } from './support/api.js';
import { castsWithText, hubMessageCount } from './support/reads.js';
import { signingKeyFor } from './support/signing-key.js';

let env: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  env = await startApi();
});
afterAll(() => env.close());

const alice = SEED_USERS[0];

const hubMessages = () => hubMessageCount(env.hub);
/** Whether alice follows each of `fids`, as she sees them. */
const followedByAlice = async (fids: number[]) =>
  (await env.api.fetchBulkUsers({ fids, viewerFid: alice.fid })).users.map(
    (u) => u.viewer_context?.following,
  );
const aliceUser = async () => (await env.api.fetchBulkUsers({ fids: [alice.fid] })).users[0]!;
const castsWith = (text: string) => castsWithText(env.api, alice.fid, text);

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

/** What the call was refused with, or a failure when it succeeded. */
async function refusal(
  call: Promise<unknown>,
): Promise<{ status: number; message: string; property?: string }> {
  const outcome = await call.then(
    () => new Error('the call succeeded'),
    (e: unknown) => e,
  );
  expect(outcome).toMatchObject({ status: expect.any(Number) });
  return outcome as { status: number; message: string; property?: string };
}

describe('a bulk follow', () => {
  it('whose last target cannot be written writes no follow at all', async () => {
    const candidates = (await env.api.fetchBulkUsers({ fids: range(2, 60), viewerFid: alice.fid })).users;
    const targets = candidates
      .filter((u) => !u.viewer_context?.following)
      .map((u) => u.fid)
      .slice(0, 3);
    expect(targets).toHaveLength(3);
    const last = targets[2]!;
    // Alice's own client unfollowed the last target as far ahead as a hub allows (ten minutes), so
    // a follow must be stamped later still: past the limit, which fails that message's validation.
    const key = await signingKeyFor(env.api, alice.fid, TEST_NOW);
    const unfollow = signMessageData(
      {
        type: 6,
        fid: 1,
        network: 1,
        timestamp: toFarcasterTime(TEST_NOW) + 600,
        linkBody: { type: 'follow', targetFid: last },
      } as MessageData,
      key,
    );
    const hub = await fetch(`${env.url}/v1/submitMessage`, {
      method: 'POST',
      body: Message.encode(unfollow).finish() as BodyInit,
      headers: { 'x-api-key': env.apiKey, 'content-type': 'application/octet-stream' },
    });
    expect(hub.status).toBe(200);
    const following = (await aliceUser()).following_count;
    const messages = await hubMessages();

    const e = await refusal(env.api.followUser({ signerUuid: alice.signerUuid, targetFids: targets }));
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/future/);
    expect(await followedByAlice(targets)).toEqual([false, false, false]);
    expect((await aliceUser()).following_count).toBe(following);
    expect(await hubMessages()).toBe(messages);

    // The first two on their own were always fine.
    const ok = await env.api.followUser({ signerUuid: alice.signerUuid, targetFids: targets.slice(0, 2) });
    expect(ok.success).toBe(true);
    expect(await followedByAlice(targets)).toEqual([true, true, false]);
  });

  it('stamps messages of one key in one batch one second apart, so the last one wins', async () => {
    const me = actAs(env.store, alice.signerUuid);
    const target = SEED_USERS[2].fid;
    const results = await me.submit([
      me.build.follow(target),
      me.build.unfollow(target),
      me.build.follow(target),
    ]);
    const [first, second, third] = results.map((r) => r.message.data.timestamp);
    expect(second).toBe(first! + 1);
    expect(third).toBe(second! + 1);
    expect(results[1]!.deleted).toEqual([results[0]!.hash]);
    expect(results[2]!.deleted).toEqual([]);
    const link = await env.hub.lookupUserRelation({ fid: alice.fid, targetFid: target, linkType: 'follow' });
    expect(link.hash).toBe(results[2]!.hash);
  });
});

describe('registerAccount', () => {
  const register = (fid: number, custody: string, metadata: Record<string, unknown>) =>
    env.api.registerAccount({
      fid,
      signature: `0x${'11'.repeat(65)}`,
      requestedUserCustodyAddress: custody,
      deadline: Math.floor(TEST_NOW / 1000) + 3600,
      fname: `newcomer${fid}`,
      metadata: metadata as never,
    });

  /** Everything registering a fid writes, as the APIs show it: the user, its on-chain events, its messages. */
  const traces = async (fid: number) => ({
    users: (await env.api.fetchBulkUsers({ fids: [fid] })).users.length,
    registered: (await env.hub.fetchUserOnChainEvents({ fid, eventType: 'EVENT_TYPE_ID_REGISTER' })).events
      .length,
    storage: (await env.hub.fetchUserOnChainEvents({ fid, eventType: 'EVENT_TYPE_STORAGE_RENT' })).events
      .length,
    keys: (await env.hub.fetchUserOnChainEvents({ fid, eventType: 'EVENT_TYPE_SIGNER' })).events.length,
    messages: await hubMessages(),
  });

  it('whose profile part fails (a taken username, a pfp too long for the protocol) leaves nothing behind', async () => {
    const fid = (await env.api.getFreshAccountFID()).fid;
    const custody = `0x${'5a'.repeat(20)}`;
    const before = await traces(fid);
    expect(before).toMatchObject({ users: 0, registered: 0, storage: 0, keys: 0 });

    const taken = await refusal(register(fid, custody, { bio: 'hello', username: SEED_USERS[1].username }));
    expect(taken.status).toBe(400);
    expect(taken.property).toBe('username');
    expect(await traces(fid)).toEqual(before);

    const pfp = await refusal(
      register(fid, custody, { bio: 'hello', pfp_url: `https://example.com/${'p'.repeat(300)}` }),
    );
    expect(pfp.status).toBe(400);
    expect(await traces(fid)).toEqual(before);

    // The same fid and custody address are still free: nothing half-registered holds them.
    expect((await env.api.getFreshAccountFID()).fid).toBe(fid);
    const res = await register(fid, custody, { bio: 'hello' });
    expect(res.user).toMatchObject({ fid, username: `newcomer${fid}`, profile: { bio: { text: 'hello' } } });
    expect(await traces(fid)).toEqual({
      users: 1,
      registered: 1,
      storage: 1,
      keys: 1,
      // The username and the bio.
      messages: before.messages + 2,
    });
    expect(await env.api.lookupSigner({ signerUuid: res.signer.signer_uuid })).toMatchObject({
      fid,
      status: 'approved',
    });
  });
});

describe('updateUser', () => {
  it('whose last field fails writes none of the others', async () => {
    const bob = SEED_USERS[1];
    const row = async () => {
      const { users } = await env.api.fetchBulkUsers({ fids: [bob.fid] });
      return { displayName: users[0]!.display_name, bio: users[0]!.profile.bio.text };
    };
    const before = await row();
    const e = await refusal(
      env.api.updateUser({
        signerUuid: bob.signerUuid,
        displayName: 'Bob, renamed',
        bio: 'a new bio',
        pfpUrl: `https://example.com/${'p'.repeat(300)}`,
      }),
    );
    expect(e.status).toBe(400);
    expect(await row()).toEqual(before);
  });
});

describe('publishCast with idem', () => {
  it('rolls the cast back when its idem record cannot be written', async () => {
    const text = 'written together or not at all';
    // A real failure of the idem insert, inside SQLite, as a full disk would make it: kept in SQL,
    // since no call can make the store fail there.
    env.store.db.exec(
      `CREATE TEMP TRIGGER idem_fails BEFORE INSERT ON main.idempotency
       BEGIN SELECT RAISE(ABORT, 'no room for the idem record'); END`,
    );
    try {
      const e = await refusal(
        env.api.publishCast({ signerUuid: alice.signerUuid, text, idem: 'together-1' }),
      );
      expect(e.status).toBe(500);
    } finally {
      env.store.db.exec('DROP TRIGGER idem_fails');
    }
    expect(await castsWith(text)).toBe(0);

    // No idem record was left for the rolled-back cast: the idem makes a cast now, and answers it again.
    const first = await env.api.publishCast({ signerUuid: alice.signerUuid, text, idem: 'together-1' });
    expect(
      (await env.api.lookupCastByHashOrWarpcastUrl({ identifier: first.cast.hash, type: 'hash' })).cast.text,
    ).toBe(text);
    const again = await env.api.publishCast({ signerUuid: alice.signerUuid, text, idem: 'together-1' });
    expect(again.cast.hash).toBe(first.cast.hash);
    expect(await castsWith(text)).toBe(1);
  });

  it('answers two concurrent attempts with one idem with one cast', async () => {
    const params = { signer_uuid: alice.signerUuid, text: 'sent twice at once', idem: 'twins-1' };
    // Both pass the first idem look-up before either commits: each waits on its validation.
    const [a, b] = await Promise.all([
      publishCast(env.store, params, env.url),
      publishCast(env.store, params, env.url),
    ]);
    expect(b.cast.hash).toBe(a.cast.hash);
    expect(await castsWith(params.text)).toBe(1);
  });

  it('refuses the second of two concurrent attempts that reuse one idem for different casts, writing only the first', async () => {
    const first = { signer_uuid: alice.signerUuid, text: 'the first twin', idem: 'twins-2' };
    const second = { ...first, text: 'the second twin' };
    const [a, b] = await Promise.allSettled([
      publishCast(env.store, first, env.url),
      publishCast(env.store, second, env.url),
    ]);
    expect(a.status).toBe('fulfilled');
    expect(b).toMatchObject({ status: 'rejected', reason: { status: 409, property: 'idem' } });
    expect(await castsWith(first.text)).toBe(1);
    expect(await castsWith(second.text)).toBe(0);
  });
});
