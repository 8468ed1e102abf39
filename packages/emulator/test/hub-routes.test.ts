import { NeynarAPIClient, NeynarHubClient } from '@castkit/sdk/2.x';
import { makeCastAdd, NobleEd25519Signer } from '@farcaster/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_SHAPES, SEED_USERS } from '../src/index.js';
import { miniappCastCount } from '../src/seed/miniapps.js';
import { type Client, startTestEmulator } from './helpers.js';
import { castsWithText, nextHubEventId } from './support/reads.js';
import { signingKeyFor } from './support/signing-key.js';

let c: Client;
let api: NeynarAPIClient;
let hub: NeynarHubClient;
beforeAll(async () => {
  c = await startTestEmulator();
  const { url, apiKey } = c.emulator;
  api = new NeynarAPIClient({ apiKey, baseUrl: `${url}/v2`, retries: 0 });
  hub = new NeynarHubClient({ apiKey, baseUrl: url, retries: 0 });
});
/** A key the test holds for `fid`, added through the API. */
const keyFor = async (fid: number) =>
  new NobleEd25519Signer(await signingKeyFor(api, fid, c.emulator.clock.now()));
/** alice's casts as the hub lists them, many to a page. */
const alicesCasts = async () => (await ok('/v1/castsByFid', { fid: 1, pageSize: 1000 })).messages;
afterAll(() => c.emulator.close());

const HEX_HASH = /^0x[0-9a-f]{40}$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function expectMessage(m: any, type: string) {
  expect(m.hash).toMatch(HEX_HASH);
  expect(m.hashScheme).toBe('HASH_SCHEME_BLAKE3');
  expect(m.signature).toMatch(BASE64);
  expect(Buffer.from(m.signature, 'base64')).toHaveLength(64);
  expect(m.signatureScheme).toBe('SIGNATURE_SCHEME_ED25519');
  expect(m.signer).toMatch(/^0x[0-9a-f]{64}$/);
  expect(m.data.type).toBe(type);
  expect(m.data.network).toBe('FARCASTER_NETWORK_MAINNET');
  expect(typeof m.data.fid).toBe('number');
  expect(typeof m.data.timestamp).toBe('number');
}

function expectList(body: any, type: string) {
  expect(Array.isArray(body.messages)).toBe(true);
  expect(body.messages.length).toBeGreaterThan(0);
  for (const m of body.messages) expectMessage(m, type);
  expect(typeof body.nextPageToken).toBe('string');
  expect(body.nextPageToken).toMatch(BASE64);
}

async function ok(path: string, query: Record<string, string | number | boolean> = {}) {
  const r = await c.get(path, query);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

describe('hub /v1 routes on seeded data', () => {
  it('info reports the hub with database stats', async () => {
    const b = await ok('/v1/info', { dbstats: true });
    expect(b).toMatchObject({ isSyncing: false, nickname: expect.any(String), peerId: expect.any(String) });
    expect(b.dbStats.numMessages).toBeGreaterThan(1000);
  });

  it('castsByFid, castById and castsByParent find the same casts', async () => {
    const list = await ok('/v1/castsByFid', { fid: 1, pageSize: 5 });
    expectList(list, 'MESSAGE_TYPE_CAST_ADD');
    const first = list.messages[0];
    expect(first.data.castAddBody.text).toEqual(expect.any(String));
    const one = await ok('/v1/castById', { fid: 1, hash: first.hash });
    expect(one).toEqual(first);
    // A reply of alice's, and the cast it replies to.
    const reply = (await alicesCasts()).find((m: any) => m.data.castAddBody.parentCastId);
    const parent = {
      parent_hash: reply.data.castAddBody.parentCastId.hash as string,
      parent_fid: reply.data.castAddBody.parentCastId.fid as number,
    };
    const replies = await ok('/v1/castsByParent', { fid: parent.parent_fid, hash: parent.parent_hash });
    expectList(replies, 'MESSAGE_TYPE_CAST_ADD');
    expect(replies.messages[0].data.castAddBody.parentCastId).toEqual({
      fid: parent.parent_fid,
      hash: parent.parent_hash,
    });
    const byUrl = await ok('/v1/castsByParent', { url: 'https://warpcast.com/~/channel/dev' });
    expectList(byUrl, 'MESSAGE_TYPE_CAST_ADD');
  });

  it('castsByMention lists casts that mention the fid', async () => {
    const mentioning = (await alicesCasts()).find((m: any) => m.data.castAddBody.mentions.length);
    const fid = mentioning.data.castAddBody.mentions[0] as number;
    const b = await ok('/v1/castsByMention', { fid });
    expectList(b, 'MESSAGE_TYPE_CAST_ADD');
    expect(b.messages[0].data.castAddBody.mentions).toContain(fid);
  });

  it('reaction routes agree with each other', async () => {
    // A like of alice's on a cast.
    const likes = await ok('/v1/reactionsByFid', { fid: 1, reaction_type: 'Like', pageSize: 100 });
    const like = likes.messages.find((m: any) => m.data.reactionBody.targetCastId).data.reactionBody;
    const r = {
      fid: 1,
      target: like.targetCastId.hash as string,
      target_fid: like.targetCastId.fid as number,
    };
    const one = await ok('/v1/reactionById', {
      fid: r.fid,
      target_fid: r.target_fid,
      target_hash: r.target,
      reaction_type: 'Like',
    });
    expectMessage(one, 'MESSAGE_TYPE_REACTION_ADD');
    expect(one.data.reactionBody).toEqual({
      type: 'Like',
      targetCastId: { fid: r.target_fid, hash: r.target },
    });
    const byCast = await ok('/v1/reactionsByCast', {
      target_fid: r.target_fid,
      target_hash: r.target,
      reaction_type: 'Like',
    });
    expectList(byCast, 'MESSAGE_TYPE_REACTION_ADD');
    expect(byCast.messages.map((m: any) => m.hash)).toContain(one.hash);
    const byFid = await ok('/v1/reactionsByFid', { fid: r.fid, reaction_type: 'Like' });
    expectList(byFid, 'MESSAGE_TYPE_REACTION_ADD');
    const byTarget = await ok('/v1/reactionsByTarget', { url: 'https://warpcast.com/~/channel/dev' });
    expectList(byTarget, 'MESSAGE_TYPE_REACTION_ADD');
    expect(byTarget.messages[0].data.reactionBody.targetUrl).toBe('https://warpcast.com/~/channel/dev');
    const liked = await ok('/v1/reactionsByTarget', {
      url: 'https://warpcast.com/~/channel/dev',
      reaction_type: 'Recast',
    });
    expect(liked).toEqual({ messages: [], nextPageToken: '' });
  });

  it('link routes list follows both ways', async () => {
    const following = await ok('/v1/linksByFid', { fid: 1, link_type: 'follow' });
    expectList(following, 'MESSAGE_TYPE_LINK_ADD');
    const target = following.messages[0].data.linkBody.targetFid;
    const one = await ok('/v1/linkById', { fid: 1, target_fid: target, link_type: 'follow' });
    expect(one).toEqual(following.messages[0]);
    const followers = await ok('/v1/linksByTargetFid', { target_fid: 1 });
    expectList(followers, 'MESSAGE_TYPE_LINK_ADD');
    expect(followers.messages.every((m: any) => m.data.linkBody.targetFid === 1)).toBe(true);
  });

  it('userDataByFid returns all profile fields or one', async () => {
    const all = await ok('/v1/userDataByFid', { fid: 1 });
    expectList(all, 'MESSAGE_TYPE_USER_DATA_ADD');
    const one = await ok('/v1/userDataByFid', { fid: 1, user_data_type: 'USER_DATA_TYPE_USERNAME' });
    expect(one.data.userDataBody).toEqual({ type: 'USER_DATA_TYPE_USERNAME', value: 'alice' });
  });

  it('fids, storage limits, username proofs and verifications answer for seeded users', async () => {
    const fids = await ok('/v1/fids', { shard_id: 1, pageSize: 10 });
    expect(fids.fids).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(fids.nextPageToken).not.toBe('');
    const limits = await ok('/v1/storageLimitsByFid', { fid: 1 });
    expect(limits.limits).toContainEqual(
      expect.objectContaining({ storeType: 'STORE_TYPE_CASTS', limit: 5000 }),
    );
    const proofs = await ok('/v1/userNameProofsByFid', { fid: 1 });
    expect(proofs.proofs).toEqual([
      expect.objectContaining({ name: 'alice', fid: 1, type: 'USERNAME_TYPE_FNAME' }),
    ]);
    const proof = await ok('/v1/userNameProofByName', { name: 'alice' });
    expect(proof).toEqual(proofs.proofs[0]);
    const verifications = await ok('/v1/verificationsByFid', { fid: 1 });
    expectList(verifications, 'MESSAGE_TYPE_VERIFICATION_ADD_ETH_ADDRESS');
    expect(verifications.messages[0].data.verificationAddEthAddressBody.address).toMatch(/^0x[0-9a-f]{40}$/);
  });

  it('on-chain routes show the registration, storage and signer events', async () => {
    const custody = SEED_USERS[0].custodyAddress;
    const reg = await ok('/v1/onChainIdRegistryEventByAddress', { address: custody });
    expect(reg).toMatchObject({
      type: 'EVENT_TYPE_ID_REGISTER',
      fid: 1,
      idRegisterEventBody: { to: custody },
    });
    const rent = await ok('/v1/onChainEventsByFid', { fid: 1, event_type: 'EVENT_TYPE_STORAGE_RENT' });
    expect(rent.events[0]).toMatchObject({
      type: 'EVENT_TYPE_STORAGE_RENT',
      storageRentEventBody: { units: 1 },
    });
    const signers = await ok('/v1/onChainSignersByFid', { fid: 1 });
    expect(signers.events.length).toBeGreaterThan(0);
    const key = signers.events[0].signerEventBody.key;
    expect(key).toMatch(/^0x[0-9a-f]{64}$/);
    const one = await ok('/v1/onChainSignersByFid', { fid: 1, signer: key });
    expect(one).toEqual(signers.events[0]);
  });

  it('events page forward with nextPageEventId and eventById returns one', async () => {
    // The seed keeps the last 3 days of events, as a hub does: more than one page of 1000.
    const first = await ok('/v1/events', { from_event_id: 0 });
    expect(first.events.length).toBe(1000);
    expect(first.events[0].type).toBe('HUB_EVENT_TYPE_MERGE_MESSAGE');
    expect(first.events[0].mergeMessageBody.message.hash).toMatch(HEX_HASH);
    const second = await ok('/v1/events', { from_event_id: first.nextPageEventId });
    expect(second.events[0].id).toBe(first.nextPageEventId);
    expect(second.events[0].id).toBeGreaterThan(first.events[999].id);
    const one = await ok('/v1/eventById', { event_id: first.events[5].id });
    expect(one).toEqual(first.events[5]);
  });

  it('pages castsByFid across several pages without gaps or repeats, in both directions', async () => {
    // All of them on one page, to compare the small pages with.
    const whole = (await alicesCasts()).map((m: any) => m.hash);
    expect(whole.length).toBeGreaterThan(12);
    expect((await ok('/v1/castsByFid', { fid: 1, pageSize: 1000 })).nextPageToken).toBe('');
    for (const reverse of [false, true]) {
      const seen: string[] = [];
      let pageToken = '';
      let pages = 0;
      do {
        const b = await ok('/v1/castsByFid', {
          fid: 1,
          pageSize: 5,
          reverse,
          ...(pageToken ? { pageToken } : {}),
        });
        seen.push(...b.messages.map((m: any) => m.hash));
        pageToken = b.nextPageToken;
        pages++;
      } while (pageToken);
      expect(pages).toBeGreaterThanOrEqual(3);
      expect(seen).toEqual(reverse ? [...whole].reverse() : whole);
      const times = (await alicesCasts()).map((m: any) => m.data.timestamp as number);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
  });

  it('submitMessage stores real protobuf bytes, then the cast shows in castsByFid and events', async () => {
    const signer = await keyFor(2);
    const nextEvent = await nextHubEventId(hub);
    const built = await makeCastAdd(
      {
        text: 'submitted over http',
        embeds: [],
        embedsDeprecated: [],
        mentions: [],
        mentionsPositions: [],
        type: 0,
      },
      { fid: 2, network: 1 },
      signer,
    );
    const { Message } = await import('@farcaster/core');
    const bytes = Message.encode(built._unsafeUnwrap()).finish();
    const valid = await c.post('/v1/validateMessage', bytes);
    expect(valid.status).toBe(200);
    expect(valid.body.valid).toBe(true);
    const r = await c.post('/v1/submitMessage', bytes);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expectMessage(r.body, 'MESSAGE_TYPE_CAST_ADD');
    const list = await ok('/v1/castsByFid', { fid: 2, reverse: true, pageSize: 1 });
    expect(list.messages[0].hash).toBe(r.body.hash);
    const event = await ok('/v1/eventById', { event_id: nextEvent });
    expect(event.mergeMessageBody.message.hash).toBe(r.body.hash);
    expect(await nextHubEventId(hub)).toBe(nextEvent + 1);
  });

  it('submitMessage rejects tampered bytes with the hub error body', async () => {
    const built = await makeCastAdd(
      {
        text: 'to be tampered',
        embeds: [],
        embedsDeprecated: [],
        mentions: [],
        mentionsPositions: [],
        type: 0,
      },
      { fid: 2, network: 1 },
      await keyFor(2),
    );
    const m = built._unsafeUnwrap();
    m.signature = new Uint8Array(64);
    const { Message } = await import('@farcaster/core');
    const r = await c.post('/v1/submitMessage', Message.encode(m).finish());
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      errCode: 'bad_request.validation_failure',
      presentable: false,
      name: 'HubError',
      code: 3,
      details: expect.stringMatching(/signature/),
      metadata: { errcode: ['bad_request.validation_failure'] },
    });
    const garbage = await c.post('/v1/submitMessage', new Uint8Array([0xff, 0xff, 0xff]));
    expect(garbage.status).toBe(400);
  });

  it('bad parameters are 400s with a message naming the parameter, unknown things are 404s', async () => {
    const missing = await c.get('/v1/castsByFid');
    expect(missing.status).toBe(400);
    expect(missing.body.details).toMatch(/fid/);
    const wrongType = await c.get('/v1/castsByFid', { fid: 'abc' });
    expect(wrongType.status).toBe(400);
    const tooBig = await c.get('/v1/castsByFid', { fid: 1, pageSize: 100_000 });
    expect(tooBig.status).toBe(400);
    const badToken = await c.get('/v1/castsByFid', { fid: 1, pageToken: '!!!' });
    expect(badToken.status).toBe(400);
    const unknown = await c.get('/v1/castById', { fid: 1, hash: `0x${'ab'.repeat(20)}` });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errCode).toBe('not_found');
  });
});

describe('bad input', () => {
  it('never gets a 5xx from any hub route, whatever the parameters', async () => {
    const paths = [
      '/v1/info',
      '/v1/castById',
      '/v1/castsByFid',
      '/v1/castsByMention',
      '/v1/castsByParent',
      '/v1/reactionById',
      '/v1/reactionsByCast',
      '/v1/reactionsByFid',
      '/v1/reactionsByTarget',
      '/v1/linkById',
      '/v1/linksByFid',
      '/v1/linksByTargetFid',
      '/v1/userDataByFid',
      '/v1/fids',
      '/v1/storageLimitsByFid',
      '/v1/userNameProofsByFid',
      '/v1/userNameProofByName',
      '/v1/verificationsByFid',
      '/v1/onChainIdRegistryEventByAddress',
      '/v1/onChainEventsByFid',
      '/v1/onChainSignersByFid',
      '/v1/events',
      '/v1/eventById',
    ];
    const values = [
      '',
      '-1',
      '0',
      '1e999',
      'abc',
      '0x',
      `0x${'zz'.repeat(20)}`,
      '99999999999999999999',
      '%E0%A4%A',
      'null',
    ];
    const names = [
      'fid',
      'target_fid',
      'hash',
      'target_hash',
      'url',
      'reaction_type',
      'link_type',
      'user_data_type',
      'shard_id',
      'name',
      'address',
      'event_type',
      'signer',
      'from_event_id',
      'event_id',
      'pageSize',
      'reverse',
      'pageToken',
      'dbstats',
    ];
    for (const path of paths) {
      for (const [i, value] of values.entries()) {
        const query = names.map((n, j) => `${n}=${values[(i + j) % values.length]}`).join('&');
        for (const url of [`${path}?${query}`, `${path}?${names[i % names.length]}=${value}`]) {
          const r = await fetch(new URL(url, c.emulator.url), {
            headers: { 'x-api-key': c.emulator.apiKey },
          });
          expect(r.status, url).toBeLessThan(500);
          await r.arrayBuffer();
        }
      }
    }
    for (const body of ['', 'not protobuf', '\u0000\u0001']) {
      for (const path of ['/v1/submitMessage', '/v1/validateMessage']) {
        const r = await c.post(path, body);
        expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      }
    }
    const wrongType = await c.post('/v1/submitMessage', '{}', 'application/json');
    expect(wrongType.status).toBe(415);
    const wrongMethod = await fetch(new URL('/v1/castsByFid', c.emulator.url), {
      method: 'POST',
      headers: { 'x-api-key': c.emulator.apiKey },
    });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET');
  });
});

describe('authentication', () => {
  it('answers 401 without an api key, on hub, v2 and admin routes alike', async () => {
    for (const path of ['/v1/info?dbstats=true', '/_emulator/stats', '/v2/farcaster/user/bulk?fids=1']) {
      const r = await fetch(new URL(path, c.emulator.url));
      expect(r.status, path).toBe(401);
      expect(r.headers.get('content-type')).toMatch(/json/);
    }
    const wrong = await c.get('/v1/info', { dbstats: true }, { 'x-api-key': 'not-a-key' });
    expect(wrong.status).toBe(401);
  });

  it('serves health and avatars without a key', async () => {
    const health = await fetch(new URL('/_emulator/health', c.emulator.url));
    expect(health.status).toBe(200);
    const avatar = await fetch(new URL('/_emulator/avatar/1.svg', c.emulator.url));
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml');
    expect(await avatar.text()).toMatch(/^<svg/);
  });
});

describe('admin routes', () => {
  it('stats counts rows and reset restores the seed', async () => {
    const signer = await keyFor(3);
    const before = (await ok('/_emulator/stats')).tables;
    const built = await makeCastAdd(
      {
        text: 'gone after reset',
        embeds: [],
        embedsDeprecated: [],
        mentions: [],
        mentionsPositions: [],
        type: 0,
      },
      { fid: 3, network: 1 },
      signer,
    );
    const { Message } = await import('@farcaster/core');
    const submitted = await c.post('/v1/submitMessage', Message.encode(built._unsafeUnwrap()).finish());
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const during = (await ok('/_emulator/stats')).tables;
    expect(during.casts, JSON.stringify({ before, during })).toBe(before.casts + 1);
    const reset = await c.post('/_emulator/reset', '', 'application/json');
    expect(reset.status).toBe(200);
    const after = (await ok('/_emulator/stats')).tables;
    // Earlier tests wrote too; a reset drops all of it and restores exactly the seeded dataset.
    expect(after.users).toBe(SEED_SHAPES.small.users);
    expect(after.casts).toBe(SEED_SHAPES.small.casts + miniappCastCount(SEED_SHAPES.small.users));
    expect(await castsWithText(api, 3, 'gone after reset')).toBe(0);
  });
});
