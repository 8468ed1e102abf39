// An operation that writes several messages (or messages and other rows) commits all of them or
// none: every message is validated before the transaction, and one transaction writes them all.
import { Message, type MessageData } from '@farcaster/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actAs, signMessageData, toFarcasterTime } from '../src/index.js';
import { SEED_USERS } from '../src/seed/constants.js';
import { publishCast } from '../src/v2/casts/publish.js';
import { startApi, TEST_NOW } from './support/api.js';

let env: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  env = await startApi();
});
afterAll(() => env.close());

const alice = SEED_USERS[0];
const count = (sql: string, ...params: unknown[]) =>
  Number(
    env.store.db
      .prepare(sql)
      .pluck()
      .get(...params),
  );

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
    const targets = env.store.db
      .prepare(
        `SELECT fid FROM users WHERE fid != 1 AND fid NOT IN (SELECT target_fid FROM links WHERE fid = 1)
         ORDER BY fid LIMIT 3`,
      )
      .pluck()
      .all() as number[];
    expect(targets).toHaveLength(3);
    const last = targets[2]!;
    // Alice's own client unfollowed the last target as far ahead as a hub allows (ten minutes), so
    // a follow must be stamped later still: past the limit, which fails that message's validation.
    const key = new Uint8Array(
      env.store.db
        .prepare('SELECT private_key FROM signers WHERE signer_uuid = ?')
        .pluck()
        .get(alice.signerUuid) as Buffer,
    );
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
    const following = count('SELECT following_count FROM users WHERE fid = 1');
    const messages = count('SELECT COUNT(*) FROM messages WHERE fid = 1');

    const e = await refusal(env.api.followUser({ signerUuid: alice.signerUuid, targetFids: targets }));
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/future/);
    expect(count(`SELECT COUNT(*) FROM links WHERE fid = 1 AND target_fid IN (${targets.join(',')})`)).toBe(
      0,
    );
    expect(count('SELECT following_count FROM users WHERE fid = 1')).toBe(following);
    expect(count('SELECT COUNT(*) FROM messages WHERE fid = 1')).toBe(messages);

    // The first two on their own were always fine.
    const ok = await env.api.followUser({ signerUuid: alice.signerUuid, targetFids: targets.slice(0, 2) });
    expect(ok.success).toBe(true);
    expect(count(`SELECT COUNT(*) FROM links WHERE fid = 1 AND target_fid IN (${targets.join(',')})`)).toBe(
      2,
    );
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
    expect(
      env.store.db
        .prepare(`SELECT hash FROM links WHERE fid = 1 AND type = 'follow' AND target_fid = ?`)
        .pluck()
        .get(target),
    ).toBe(results[2]!.hash);
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

  /** Everything registering a fid writes: the user, its on-chain events and storage, keys and signers. */
  const traces = (fid: number) => ({
    users: count('SELECT COUNT(*) FROM users WHERE fid = ?', fid),
    onchain: count('SELECT COUNT(*) FROM onchain_events WHERE fid = ?', fid),
    storage: count('SELECT COUNT(*) FROM storage_rent WHERE fid = ?', fid),
    keys: count('SELECT COUNT(*) FROM active_keys WHERE fid = ?', fid),
    signers: count('SELECT COUNT(*) FROM signers'),
    messages: count('SELECT COUNT(*) FROM messages WHERE fid = ?', fid),
  });

  it('whose profile part fails (a taken username, a pfp too long for the protocol) leaves nothing behind', async () => {
    const fid = (await env.api.getFreshAccountFID()).fid;
    const custody = `0x${'5a'.repeat(20)}`;
    const before = traces(fid);
    expect(before).toMatchObject({ users: 0, onchain: 0, storage: 0, keys: 0, messages: 0 });

    const taken = await refusal(register(fid, custody, { bio: 'hello', username: SEED_USERS[1].username }));
    expect(taken.status).toBe(400);
    expect(taken.property).toBe('username');
    expect(traces(fid)).toEqual(before);

    const pfp = await refusal(
      register(fid, custody, { bio: 'hello', pfp_url: `https://example.com/${'p'.repeat(300)}` }),
    );
    expect(pfp.status).toBe(400);
    expect(traces(fid)).toEqual(before);

    // The same fid and custody address are still free: nothing half-registered holds them.
    expect((await env.api.getFreshAccountFID()).fid).toBe(fid);
    const res = await register(fid, custody, { bio: 'hello' });
    expect(res.user).toMatchObject({ fid, username: `newcomer${fid}`, profile: { bio: { text: 'hello' } } });
    expect(traces(fid)).toMatchObject({
      users: 1,
      storage: 1,
      keys: 1,
      signers: before.signers + 1,
      messages: 2,
    });
  });
});

describe('updateUser', () => {
  it('whose last field fails writes none of the others', async () => {
    const bob = SEED_USERS[1];
    const row = () => env.store.db.prepare('SELECT display_name, bio FROM users WHERE fid = ?').get(bob.fid);
    const before = row();
    const e = await refusal(
      env.api.updateUser({
        signerUuid: bob.signerUuid,
        displayName: 'Bob, renamed',
        bio: 'a new bio',
        pfpUrl: `https://example.com/${'p'.repeat(300)}`,
      }),
    );
    expect(e.status).toBe(400);
    expect(row()).toEqual(before);
  });
});

describe('publishCast with idem', () => {
  const castsWith = (text: string) => count('SELECT COUNT(*) FROM casts WHERE text = ?', text);

  it('rolls the cast back when its idem record cannot be written', async () => {
    const text = 'written together or not at all';
    // A real failure of the idem insert, inside SQLite, as a full disk would make it.
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
    expect(castsWith(text)).toBe(0);
    expect(count(`SELECT COUNT(*) FROM idempotency WHERE key = 'together-1'`)).toBe(0);

    const first = await env.api.publishCast({ signerUuid: alice.signerUuid, text, idem: 'together-1' });
    const again = await env.api.publishCast({ signerUuid: alice.signerUuid, text, idem: 'together-1' });
    expect(again.cast.hash).toBe(first.cast.hash);
    expect(castsWith(text)).toBe(1);
  });

  it('answers two concurrent attempts with one idem with one cast', async () => {
    const params = { signer_uuid: alice.signerUuid, text: 'sent twice at once', idem: 'twins-1' };
    // Both pass the first idem look-up before either commits: each waits on its validation.
    const [a, b] = await Promise.all([publishCast(env.store, params), publishCast(env.store, params)]);
    expect(b.cast.hash).toBe(a.cast.hash);
    expect(castsWith(params.text)).toBe(1);
  });

  it('refuses the second of two concurrent attempts that reuse one idem for different casts, writing only the first', async () => {
    const first = { signer_uuid: alice.signerUuid, text: 'the first twin', idem: 'twins-2' };
    const second = { ...first, text: 'the second twin' };
    const [a, b] = await Promise.allSettled([publishCast(env.store, first), publishCast(env.store, second)]);
    expect(a.status).toBe('fulfilled');
    expect(b).toMatchObject({ status: 'rejected', reason: { status: 409, property: 'idem' } });
    expect(castsWith(first.text)).toBe(1);
    expect(castsWith(second.text)).toBe(0);
  });
});
