import {
  hexStringToBytes,
  makeCastAdd,
  makeVerificationAddressClaim,
  NobleEd25519Signer,
  ViemLocalEip712Signer,
} from '@farcaster/core';
import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  approveSigner,
  createSigner,
  fromHex,
  registerUser,
  Store,
  toFarcasterTime,
  ValidationError,
} from '../src/index.js';
import { actAs, signMessageData, submitMessage } from '../src/protocol/index.js';

// The write path on a bare store, no server: the rows it derives (the cast, its mentions, the event,
// the search index, counters) are its product under test, read in SQL.
let store: Store;
let alice: ReturnType<typeof actAs>;
let alicePrivateKey: Uint8Array;

beforeEach(() => {
  store = new Store({ path: ':memory:' });
  registerUser(store, { fid: 1, custodyAddress: `0x${'11'.repeat(20)}`, username: 'alice' });
  registerUser(store, { fid: 2, custodyAddress: `0x${'22'.repeat(20)}`, username: 'bob' });
  const signer = createSigner(store);
  approveSigner(store, signer.signer_uuid, 1);
  alicePrivateKey = new Uint8Array(signer.private_key!);
  alice = actAs(store, signer.signer_uuid);
});
afterEach(() => store.close());

const castData = (text: string, fid = 1) => ({
  type: 1,
  fid,
  timestamp: toFarcasterTime(Date.now()),
  network: 1,
  castAddBody: { text, type: 0, embeds: [], embedsDeprecated: [], mentions: [], mentionsPositions: [] },
});

async function rejection(p: Promise<unknown>): Promise<ValidationError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ValidationError);
  return e as ValidationError;
}

describe('the write path', () => {
  it('accepts a cast signed by @farcaster/core and indexes it with an event', async () => {
    const signer = new NobleEd25519Signer(alicePrivateKey);
    const built = await makeCastAdd(
      {
        text: 'hello @bob',
        embeds: [{ url: 'https://example.com' }],
        embedsDeprecated: [],
        mentions: [2],
        mentionsPositions: [6],
        type: 0,
      },
      { fid: 1, network: 1 },
      signer,
    );
    const result = await submitMessage(store, built._unsafeUnwrap());
    const cast = store.db.prepare('SELECT * FROM casts WHERE hash = ?').get(result.hash) as Record<
      string,
      unknown
    >;
    expect(cast.text).toBe('hello @bob');
    expect(JSON.parse(cast.embeds as string)).toEqual([{ url: 'https://example.com' }]);
    expect(
      store.db.prepare('SELECT fid FROM cast_mentions WHERE cast_hash = ?').pluck().all(result.hash),
    ).toEqual([2]);
    const event = store.db.prepare('SELECT * FROM hub_events WHERE id = ?').get(result.eventId) as Record<
      string,
      unknown
    >;
    expect(event.message_hash).toBe(result.hash);
    expect(store.db.prepare("SELECT rowid FROM casts_fts WHERE casts_fts MATCH 'hello'").all()).toHaveLength(
      1,
    );
  });

  it('rejects a message whose hash does not match its data', async () => {
    const m = signMessageData(castData('tampered'), alicePrivateKey);
    m.hash = fromHex(`0x${'00'.repeat(20)}`);
    const e = await rejection(submitMessage(store, m));
    expect(e.message).toMatch(/invalid hash/);
  });

  it('rejects a message whose signature is wrong', async () => {
    const m = signMessageData(castData('forged'), alicePrivateKey);
    m.signature = new Uint8Array(64);
    const e = await rejection(submitMessage(store, m));
    expect(e.message).toMatch(/signature/);
  });

  it('rejects a signer that is not an active key for the fid', async () => {
    const stranger = new Uint8Array(32).fill(7);
    const e = await rejection(submitMessage(store, signMessageData(castData('who am i'), stranger)));
    expect(e.message).toMatch(/invalid signer/);
    expect(e.property).toBe('signer');
  });

  it('rejects a fid that is not registered', async () => {
    const e = await rejection(submitMessage(store, signMessageData(castData('ghost', 99), alicePrivateKey)));
    expect(e.message).toMatch(/unknown fid/);
  });

  it('rejects cast text longer than 320 bytes', async () => {
    const e = await rejection(
      submitMessage(store, signMessageData(castData('x'.repeat(321)), alicePrivateKey)),
    );
    expect(e.message).toBe('text > 320 bytes');
    expect(e.property).toBe('text');
  });

  it('rejects a timestamp too far in the future', async () => {
    const data = { ...castData('from the future'), timestamp: toFarcasterTime(Date.now()) + 3600 };
    const e = await rejection(submitMessage(store, signMessageData(data, alicePrivateKey)));
    expect(e.message).toMatch(/future/);
  });

  it('rejects mentions that do not match their positions', async () => {
    const data = castData('hi');
    data.castAddBody.mentions = [2] as never;
    const e = await rejection(submitMessage(store, signMessageData(data, alicePrivateKey)));
    expect(e.message).toMatch(/mentions/);
  });

  it('rejects the same message submitted twice', async () => {
    const m = signMessageData(castData('once'), alicePrivateKey);
    await submitMessage(store, m);
    const e = await submitMessage(store, m).catch((err: Error) => err);
    expect((e as Error).message).toMatch(/duplicate/);
  });

  it('keeps counters and state consistent across like, unlike, follow and delete by a managed signer', async () => {
    const cast = await alice.castAdd({ text: 'root' });
    const reply = await alice.castAdd({ text: 'reply', parent: { fid: 1, hash: cast.hash } });
    const row = () =>
      store.db.prepare('SELECT * FROM casts WHERE hash = ?').get(cast.hash) as Record<string, number>;
    expect(row().replies_count).toBe(1);
    await alice.reactionAdd('like', { fid: 1, hash: cast.hash });
    expect(row().likes_count).toBe(1);
    const unlike = await alice.reactionRemove('like', { fid: 1, hash: cast.hash });
    expect(row().likes_count).toBe(0);
    expect(unlike.deleted).toHaveLength(1);
    await alice.follow(2);
    const user = (fid: number) =>
      store.db.prepare('SELECT * FROM users WHERE fid = ?').get(fid) as Record<string, number>;
    expect(user(2).follower_count).toBe(1);
    expect(user(1).following_count).toBe(1);
    await alice.unfollow(2);
    expect(user(2).follower_count).toBe(0);
    await alice.castRemove(reply.hash);
    expect(row().replies_count).toBe(0);
    expect(store.db.prepare('SELECT deleted FROM casts WHERE hash = ?').pluck().get(reply.hash)).toBe(1);
    await alice.userDataAdd(2, 'Alice A.');
    expect(user(1).display_name as unknown).toBe('Alice A.');
  });

  it('accepts a burst of likes of different targets within one second, each stamped with that second', async () => {
    const fixed = Date.UTC(2026, 5, 1);
    void store.clock.freeze(fixed);
    // More than ten minutes' worth of seconds: stamping each one a second later would run past
    // the hub's ten-minute limit on future timestamps.
    for (let i = 0; i < 620; i++) await alice.reactionAdd('like', `https://example.com/page/${i}`);
    const stamps = store.db
      .prepare('SELECT DISTINCT timestamp FROM messages WHERE fid = 1 AND type = 3')
      .pluck()
      .all();
    expect(stamps).toEqual([toFarcasterTime(fixed)]);
    expect(store.db.prepare('SELECT COUNT(*) FROM reactions WHERE fid = 1').pluck().get()).toBe(620);
  });

  it('stamps a like, unlike and like again of one cast within one second so each replaces the last', async () => {
    const fixed = Date.UTC(2026, 5, 1);
    void store.clock.freeze(fixed);
    const cast = await alice.castAdd({ text: 'flip' });
    const like = await alice.reactionAdd('like', { fid: 1, hash: cast.hash });
    const unlike = await alice.reactionRemove('like', { fid: 1, hash: cast.hash });
    const again = await alice.reactionAdd('like', { fid: 1, hash: cast.hash });
    expect([like, unlike, again].map((r) => r.message.data.timestamp)).toEqual(
      [0, 1, 2].map((s) => toFarcasterTime(fixed) + s),
    );
    expect(unlike.deleted).toEqual([like.hash]);
    expect(store.db.prepare('SELECT hash FROM reactions WHERE fid = 1').pluck().all()).toEqual([again.hash]);
    // Another key is not held back by this one.
    await alice.follow(2);
    const follow = store.db.prepare('SELECT MAX(timestamp) FROM messages WHERE type = 5').pluck().get();
    expect(follow).toBe(toFarcasterTime(fixed));
  });

  it('verifies an eth address with a real EIP-712 claim offline, and rejects a claim signed by another key', async () => {
    const owner = privateKeyToAccount(`0x${'42'.repeat(32)}`);
    const address = hexStringToBytes(owner.address)._unsafeUnwrap();
    const blockHash = hexStringToBytes(`0x${'ab'.repeat(32)}`)._unsafeUnwrap();
    const claim = makeVerificationAddressClaim(1, address, 1, blockHash, 0)._unsafeUnwrap();
    // Built by hand rather than with makeVerificationAddEthAddress, which refuses a bad claim itself.
    const build = async (signedBy: typeof owner) => {
      const claimSignature = (
        await new ViemLocalEip712Signer(signedBy).signVerificationEthAddressClaim(claim)
      )._unsafeUnwrap();
      const body = { address, blockHash, claimSignature, verificationType: 0, chainId: 0, protocol: 0 };
      const data = {
        type: 7,
        fid: 1,
        timestamp: toFarcasterTime(Date.now()),
        network: 1,
        verificationAddAddressBody: body,
      };
      return signMessageData(data as never, alicePrivateKey);
    };
    const e = await rejection(submitMessage(store, await build(privateKeyToAccount(`0x${'43'.repeat(32)}`))));
    expect(e.message).toMatch(/claimSignature|signature/);
    await submitMessage(store, await build(owner));
    const row = store.db.prepare('SELECT address, protocol FROM verifications WHERE fid = 1').get();
    expect(row).toEqual({ address: owner.address.toLowerCase(), protocol: 'ethereum' });
  });

  it('refuses to register a fid or a custody address twice, with a named conflict', () => {
    expect(() => registerUser(store, { fid: 1, custodyAddress: `0x${'33'.repeat(20)}` })).toThrow(
      /fid 1 is already/,
    );
    expect(() => registerUser(store, { custodyAddress: `0x${'11'.repeat(20)}` })).toThrow(
      /already owns fid 1/,
    );
  });

  it('refuses to act for a signer that is not approved', () => {
    const pending = createSigner(store);
    expect(() => actAs(store, pending.signer_uuid)).toThrow(/not approved/);
  });
});
