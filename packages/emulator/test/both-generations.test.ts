// One answer serves callers of both API generations where both specs declare the operation: a
// superset of 2.44's and 3.x's shapes (a User with power_badge and registered_at), checked here
// against both specs and against the state the new fields come from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_USERS } from '../src/seed/constants.js';
import { startApi, TEST_NOW } from './support/api.js';
import { request } from './support/http.js';
import { SpecValidator } from './support/spec-validator.js';
import { errors3 } from './support/spec3.js';

let env: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  env = await startApi();
});
afterAll(() => env.close());

const v2Spec = new SpecValidator('neynar-v2.yaml');
const hubSpec = new SpecValidator('hub-v1.yaml');
const [alice] = SEED_USERS;
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** A GET's JSON body, asserting a 200. */
async function get(path: string) {
  const res = await request(env.url, path, { headers: { 'x-api-key': env.apiKey } });
  expect(res.status, res.text).toBe(200);
  return res.json();
}

describe('users', () => {
  it('carry 2.44 power_badge and 3.x registered_at, auth_addresses and pro, valid under both specs', async () => {
    const fids = Array.from({ length: 60 }, (_, i) => i + 1);
    const body = await get(`/v2/farcaster/user/bulk?fids=${fids.join(',')}`);
    expect(v2Spec.errors('fetch-bulk-users', body)).toEqual([]);
    expect(errors3({ api: 'v2', id: 'fetch-bulk-users' }, body)).toEqual([]);
    const badges = body.users.filter((u: { power_badge: boolean }) => u.power_badge);
    expect(badges.length).toBeGreaterThan(0);
    expect(badges.length).toBeLessThan(body.users.length);
    for (const u of body.users) {
      expect(u.auth_addresses).toEqual([]);
      // Pro took over from the power badge: holders subscribe from registration, renewed yearly.
      if (!u.power_badge) expect(u.pro).toBeUndefined();
      else {
        expect(u.pro).toMatchObject({ status: 'subscribed', subscribed_at: u.registered_at });
        const [since, until] = [Date.parse(u.pro.subscribed_at), Date.parse(u.pro.expires_at)];
        expect(until).toBeGreaterThan(TEST_NOW);
        expect(until - TEST_NOW).toBeLessThanOrEqual(YEAR_MS);
        expect((until - since) % YEAR_MS).toBe(0);
      }
    }
  });

  it("registered_at is the fid's registration on chain", async () => {
    const { user } = await get(`/v2/farcaster/user/by_username?username=${alice!.username}`);
    const events = await get(`/v1/onChainEventsByFid?fid=${alice!.fid}&event_type=EVENT_TYPE_ID_REGISTER`);
    expect(events.events).toHaveLength(1);
    expect(Math.floor(Date.parse(user.registered_at) / 1000)).toBe(events.events[0].blockTimestamp);
  });
});

describe('hub storage limits', () => {
  it("carry 3.x's units, unitDetails and tier_subscriptions, the Pro tier as the user's pro says", async () => {
    const { users } = await get('/v2/farcaster/user/bulk?fids=1,2,3,4,5,6,7,8,9,10');
    for (const u of users) {
      const limits = await get(`/v1/storageLimitsByFid?fid=${u.fid}`);
      expect(hubSpec.errors('lookup-user-storage-limit', limits)).toEqual([]);
      expect(errors3({ api: 'hub', id: 'lookup-user-storage-limit' }, limits)).toEqual([]);
      expect(limits.unitDetails).toEqual({ unitType: 'UnitTypeLegacy', unitSize: limits.units });
      const expiry = u.pro
        ? [{ tier_type: 'Pro', expires_at: Math.floor(Date.parse(u.pro.expires_at) / 1000) }]
        : [];
      expect(limits.tier_subscriptions).toEqual(expiry);
    }
  });
});

describe('webhooks', () => {
  it('have deleted_at null until deleted, then its time, valid under 3.x', async () => {
    const created = await env.api.publishWebhook({ name: 'both', url: 'http://127.0.0.1:9/hook' });
    expect(created.webhook!.deleted_at).toBeNull();
    expect(errors3({ api: 'v2', id: 'publish-webhook' }, created)).toEqual([]);
    const deleted = await env.api.deleteWebhook({ webhookId: created.webhook!.webhook_id });
    expect(Date.parse(deleted.webhook!.deleted_at)).toBe(TEST_NOW);
    expect(errors3({ api: 'v2', id: 'delete-webhook' }, deleted)).toEqual([]);
    expect(v2Spec.errors('delete-webhook', deleted)).toEqual([]);
  });
});

describe("3.x's request changes, taken from 3.x callers only", () => {
  const send = (path: string) => request(env.url, path, { headers: { 'x-api-key': env.apiKey } });

  it("fetchFeed's feed_type is optional for 3.x and means following, as 3.x's default says", async () => {
    const implicit = await send(`/v2/farcaster/feed/?fid=${alice!.fid}&limit=5`);
    expect(implicit.status, implicit.text).toBe(200);
    const following = await get(`/v2/farcaster/feed/following?fid=${alice!.fid}&limit=5`);
    expect(implicit.json().casts.map((c: { hash: string }) => c.hash)).toEqual(
      following.casts.map((c: { hash: string }) => c.hash),
    );
    const legacy = await send(`/v2/farcaster/feed?fid=${alice!.fid}&limit=5`);
    expect([legacy.status, legacy.json().property]).toEqual([400, 'feed_type']);
  });

  it('cast metrics take 90d and 180d from 3.x callers, in 30 buckets of 3 and 6 days', async () => {
    for (const [interval, days] of [
      ['90d', 3],
      ['180d', 6],
    ] as const) {
      const res = await send(`/v2/farcaster/cast/metrics/?q=the&interval=${interval}`);
      expect(res.status, res.text).toBe(200);
      expect(errors3({ api: 'v2', id: 'fetch-cast-metrics' }, res.json())).toEqual([]);
      const { metrics } = res.json();
      expect(metrics).toHaveLength(30);
      expect(
        metrics.every((m: { resolution_in_seconds: number }) => m.resolution_in_seconds === days * 86400),
      ).toBe(true);
      const legacy = await send(`/v2/farcaster/cast/metrics?q=the&interval=${interval}`);
      expect([legacy.status, legacy.json().property]).toEqual([400, 'interval']);
    }
  });

  it("channel search takes 3.x's viewer_fid and answers each channel's viewer_context", async () => {
    const { channels } = await get('/v2/farcaster/channel/list?limit=5');
    const q = channels[0].id;
    const res = await send(`/v2/farcaster/channel/search/?q=${q}&viewer_fid=${alice!.fid}`);
    expect(res.status, res.text).toBe(200);
    expect(errors3({ api: 'v2', id: 'search-channels' }, res.json())).toEqual([]);
    const found = res.json().channels;
    expect(found.length).toBeGreaterThan(0);
    const bulk = await get(
      `/v2/farcaster/channel/bulk?ids=${found.map((c: { id: string }) => c.id).join(',')}&viewer_fid=${alice!.fid}`,
    );
    expect(found.map((c: { viewer_context: unknown }) => c.viewer_context)).toEqual(
      bulk.channels.map((c: { viewer_context: unknown }) => c.viewer_context),
    );
    const unknown = await send(`/v2/farcaster/channel/search/?q=${q}&viewer_fid=999999999`);
    expect([unknown.status, unknown.json().property]).toEqual([404, 'viewer_fid']);
  });

  it('deleteVerification requires eth_signature from 3.x callers, a 400 naming it', async () => {
    const body = JSON.stringify({
      signer_uuid: alice!.signerUuid,
      address: `0x${'1'.repeat(40)}`,
      block_hash: `0x${'2'.repeat(64)}`,
    });
    const headers = { 'x-api-key': env.apiKey, 'content-type': 'application/json' };
    const res = await request(env.url, '/v2/farcaster/user/verification/', {
      method: 'DELETE',
      headers,
      body,
    });
    expect([res.status, res.json().property]).toEqual([400, 'eth_signature']);
    // 2.44's spec has no eth_signature: its callers are not asked for one.
    const legacy = await request(env.url, '/v2/farcaster/user/verification', {
      method: 'DELETE',
      headers,
      body,
    });
    expect(legacy.json().property).not.toBe('eth_signature');
  });
});
