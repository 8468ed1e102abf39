// Requests checked at the edge against the spec: nested body fields answer 400 naming their path,
// untrusted URLs and numbers no protocol field can hold are refused, and nothing is applied.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_USERS } from '../src/seed/constants.js';
import { startApi } from './support/api.js';
import { hubMessageCount } from './support/reads.js';

let env: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  env = await startApi();
});
afterAll(() => env.close());

const [alice, bob] = SEED_USERS;

async function send(method: string, path: string, body?: unknown, raw?: string) {
  const res = await fetch(`${env.url}${path}`, {
    method,
    headers: { 'x-api-key': env.apiKey, 'content-type': 'application/json' },
    ...(body !== undefined || raw !== undefined ? { body: raw ?? JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const castCount = () => hubMessageCount(env.hub);
const bobNow = async () => (await env.api.fetchBulkUsers({ fids: [bob!.fid] })).users[0]!;

describe('nested body fields', () => {
  it('a cast embed with a hash of the wrong type is a 400 naming embeds[0].cast_id.hash', async () => {
    const before = await castCount();
    const res = await send('POST', '/v2/farcaster/cast', {
      signer_uuid: alice!.signerUuid,
      text: 'quoting',
      embeds: [{ cast_id: { fid: 1, hash: 12345 } }],
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'InvalidField', property: 'embeds[0].cast_id.hash' });
    expect(res.body.message).toBe('embeds[0].cast_id.hash must be a string, got 12345');
    expect(await castCount()).toBe(before);
  });

  it('a cast embed missing its fid is a RequiredField 400 naming embeds[1].cast_id.fid', async () => {
    const [cast] = (await env.api.fetchCastsForUser({ fid: alice!.fid, limit: 1 })).casts;
    const res = await send('POST', '/v2/farcaster/cast', {
      signer_uuid: alice!.signerUuid,
      embeds: [{ url: 'https://example.com/a' }, { cast_id: { hash: cast!.hash } }],
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'RequiredField', property: 'embeds[1].cast_id.fid' });
  });

  it('an embed that is neither a url nor a cast id is a 400 naming embeds[0] and its choices', async () => {
    const res = await send('POST', '/v2/farcaster/cast', {
      signer_uuid: alice!.signerUuid,
      embeds: [{ link: 'https://example.com/a' }],
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      property: 'embeds[0]',
      message: 'embeds[0] must have one of cast_id, castId, url',
    });
  });

  it('more embeds than the spec allows is a 400 naming embeds', async () => {
    const embeds = ['a', 'b', 'c'].map((x) => ({ url: `https://${x}.example` }));
    const res = await send('POST', '/v2/farcaster/cast', {
      signer_uuid: alice!.signerUuid,
      text: 'x',
      embeds,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ property: 'embeds', message: 'embeds takes at most 2 items' });
  });

  it('a profile location out of range is a 400 naming location.latitude, and nothing changes', async () => {
    const before = await bobNow();
    const res = await send('PATCH', '/v2/farcaster/user', {
      signer_uuid: bob!.signerUuid,
      bio: 'moved',
      location: { latitude: 91, longitude: 0 },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'InvalidField', property: 'location.latitude' });
    expect(res.body.message).toBe('location.latitude must be at most 90, got 91');
    const after = await bobNow();
    expect(after.profile.location).toEqual(before.profile.location);
    expect(after.profile.bio.text).toBe(before.profile.bio.text);
  });

  it('a verified account given as a number is a 400 naming verified_accounts.github', async () => {
    const res = await send('PATCH', '/v2/farcaster/user', {
      signer_uuid: bob!.signerUuid,
      verified_accounts: { github: 42 },
    });
    expect(res.status).toBe(400);
    expect(res.body.property).toBe('verified_accounts.github');
  });

  it('a missing top-level field is a RequiredField 400 even when a nested one is wrong too', async () => {
    const res = await send('POST', '/v2/farcaster/cast', { embeds: [{ url: 5 }] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'RequiredField', property: 'signer_uuid' });
  });
});

describe('untrusted URLs in profiles', () => {
  for (const pfp of [
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://x.example/a.png',
  ]) {
    it(`updateUser refuses pfp_url ${pfp.slice(0, 11)}… with a 400 naming pfp_url`, async () => {
      const before = (await bobNow()).pfp_url;
      const res = await send('PATCH', '/v2/farcaster/user', { signer_uuid: bob!.signerUuid, pfp_url: pfp });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ property: 'pfp_url', message: 'pfp_url must be an http(s) URL' });
      expect((await bobNow()).pfp_url).toBe(before);
    });
  }

  it('updateUser refuses a javascript: url with a 400 naming url', async () => {
    const res = await send('PATCH', '/v2/farcaster/user', {
      signer_uuid: bob!.signerUuid,
      url: 'javascript:0',
    });
    expect(res.status).toBe(400);
    expect(res.body.property).toBe('url');
  });

  it('updateUser still takes an https pfp_url', async () => {
    const res = await send('PATCH', '/v2/farcaster/user', {
      signer_uuid: bob!.signerUuid,
      pfp_url: 'https://images.example/bob.png',
    });
    expect(res.status).toBe(200);
    const { user } = await env.api.lookupUserByUsername({ username: bob!.username });
    expect(user.pfp_url).toBe('https://images.example/bob.png');
  });

  it('registerAccount refuses a data: pfp_url in its metadata and registers nobody', async () => {
    const { fid } = await env.api.getFreshAccountFID();
    const res = await send('POST', '/v2/farcaster/user', {
      fid,
      signature: `0x${'11'.repeat(65)}`,
      requested_user_custody_address: `0x${'34'.repeat(20)}`,
      deadline: Math.floor(env.store.now() / 1000) + 3600,
      metadata: { pfp_url: 'data:image/svg+xml,<svg onload=alert(1)>' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ property: 'metadata.pfp_url' });
    expect((await env.api.fetchBulkUsers({ fids: [fid] })).users).toEqual([]);
  });
});

describe('numbers no protocol field can hold', () => {
  it('buyStorage refuses units 1e308 with a 400 naming units, and buys nothing', async () => {
    const rents = async () =>
      (await env.hub.fetchUserOnChainEvents({ fid: 2, eventType: 'EVENT_TYPE_STORAGE_RENT' })).events.length;
    const before = await rents();
    expect(before).toBeGreaterThan(0);
    const res = await send('POST', '/v2/farcaster/storage/buy', undefined, '{"fid": 2, "units": 1e308}');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'InvalidField', property: 'units' });
    expect(res.body.message).toMatch(/^units must be at most 9007199254740991/);
    expect(await rents()).toBe(before);
  });

  it('a body fid past the safe-integer range is a 400 naming target_fids[0]', async () => {
    const big = await send(
      'POST',
      '/v2/farcaster/user/follow',
      undefined,
      `{"signer_uuid": "${alice!.signerUuid}", "target_fids": [9007199254740993]}`,
    );
    expect(big.status).toBe(400);
    expect(big.body.property).toBe('target_fids[0]');
  });

  it('a huge integer in the query is a 400 naming the parameter, not a lookup', async () => {
    for (const fids of ['99999999999999999999', '9007199254740993', '1,123456789012345678901234567890']) {
      const res = await send('GET', `/v2/farcaster/user/bulk?fids=${fids}`);
      expect(res.status, fids).toBe(400);
      expect(res.body).toMatchObject({ code: 'InvalidField', property: 'fids' });
    }
    const huge = await send('GET', '/v2/farcaster/user/bulk?fids=99999999999999999999');
    expect(huge.body.message).toBe('fids must be between 1 and 9007199254740991, got 99999999999999999999');
    const viewer = await send('GET', '/v2/farcaster/user/bulk?fids=1&viewer_fid=3000000000');
    expect(viewer.status).toBe(400);
    expect(viewer.body.message).toBe('viewer_fid must be between 1 and 2147483647, got 3000000000');
  });

  it('fid 0 and negative fids are 400s on both APIs', async () => {
    expect((await send('GET', '/v2/farcaster/user/bulk?fids=0')).status).toBe(400);
    expect((await send('GET', '/v2/farcaster/user/bulk?fids=1&viewer_fid=-4')).body.property).toBe(
      'viewer_fid',
    );
    const hub = await send('GET', '/v1/castsByFid?fid=-1');
    expect(hub.status).toBe(400);
    expect(hub.body.details).toBe('fid must be between 1 and 9007199254740991, got -1');
  });
});
