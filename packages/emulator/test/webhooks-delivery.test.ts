import { NeynarAPIClient } from '@castkit/sdk/2.x';
import { Message } from '@farcaster/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from '../src/emulator.js';
import { toFarcasterTime } from '../src/index.js';
import { signMessageData } from '../src/protocol/index.js';
import { SEED_USERS } from '../src/seed/constants.js';
import type { DeliveryView } from '../src/server/admin-webhooks.js';
import { jsonCaller } from './support/json-call.js';
import { signingKeyFor } from './support/signing-key.js';
import {
  castOf,
  hashesOf,
  type Received,
  type Receiver,
  signedWith,
  startReceiver,
} from './support/webhook-receiver.js';

const [alice, bob] = SEED_USERS;
let emulator: Emulator;
let receiver: Receiver;

beforeAll(async () => {
  emulator = await startEmulator({ db: ':memory:', webhooks: { retryBaseMs: 40, attemptTimeoutMs: 2000 } });
  receiver = await startReceiver();
});
afterAll(async () => {
  await emulator.close();
  await receiver.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.script = [];
});

const call = jsonCaller(() => emulator);

async function createHook(subscription: unknown, url = receiver.url) {
  const r = await call('POST', '/v2/farcaster/webhook', { name: 'test hook', url, subscription });
  expect(r.status).toBe(200);
  return r.body.webhook as {
    webhook_id: string;
    secrets: { value: string; expires_at: string }[];
    active: boolean;
  };
}

async function cast(signerUuid: string, text: string): Promise<string> {
  const r = await call('POST', '/v2/farcaster/cast', { signer_uuid: signerUuid, text });
  expect(r.status).toBe(200);
  return r.body.cast.hash;
}

/** What arrived that the SDK's verifier accepts under `secret`. */
async function signedBy(received: Received[], secret: string): Promise<Received[]> {
  const ok = await Promise.all(received.map((r) => signedWith(r, secret)));
  return received.filter((_, i) => ok[i]);
}

/** The delivery log under `query`, polled until `done` holds: the log is written after the receiver answers. */
async function deliveriesWhen(query: string, done: (d: DeliveryView[]) => boolean): Promise<DeliveryView[]> {
  let deliveries: DeliveryView[] = [];
  for (let i = 0; i < 200; i++) {
    const log = await call('GET', `/_emulator/webhooks/deliveries?${query}`);
    expect(log.status).toBe(200);
    deliveries = log.body.deliveries;
    if (done(deliveries)) break;
    await new Promise((res) => setTimeout(res, 50));
  }
  return deliveries;
}

describe('webhook deliveries', () => {
  it('POSTs exactly the matching events, signed with the webhook secret over the raw body', async () => {
    const hook = await createHook({ 'cast.created': { author_fids: [alice!.fid] } });
    const other = await createHook({ 'cast.created': {} });
    const mine = await cast(alice!.signerUuid, 'from alice to a webhook');
    const theirs = await cast(bob!.signerUuid, 'from bob, filtered out');
    // The catch-all webhook sees both: once it has, the filtered one has had its chance too.
    await receiver.waitFor((r) => r.filter((x) => x.body.type === 'cast.created').length >= 3);
    const secret = hook.secrets[0]!.value;
    const forHook = await signedBy(receiver.received, secret);
    expect(hashesOf(forHook)).toEqual([mine]);
    const forOther = await signedBy(receiver.received, other.secrets[0]!.value);
    expect(hashesOf(forOther).sort()).toEqual([mine, theirs].sort());
    const body = forHook[0]!.body;
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['created_at', 'type', 'data']));
    expect(body.data).toMatchObject({ object: 'cast', hash: mine, author: { fid: alice!.fid } });
    // The cast in the event is the cast the v2 API shows.
    const lookup = await call('GET', `/v2/farcaster/cast?identifier=${mine}&type=hash`);
    expect(castOf(forHook[0]!)?.text).toBe(lookup.body.cast.text);
    await call('DELETE', '/v2/farcaster/webhook', { webhook_id: hook.webhook_id });
    await call('DELETE', '/v2/farcaster/webhook', { webhook_id: other.webhook_id });
  });

  it('delivers a cast submitted through the hub API submitMessage', async () => {
    const hook = await createHook({ 'cast.created': { text: '^over the hub' } });
    const api = new NeynarAPIClient({ apiKey: emulator.apiKey, baseUrl: `${emulator.url}/v2`, retries: 0 });
    const key = await signingKeyFor(api, alice!.fid, emulator.clock.now());
    const data = {
      type: 1,
      fid: alice!.fid,
      timestamp: toFarcasterTime(Date.now()),
      network: 1,
      castAddBody: {
        text: 'over the hub',
        type: 0,
        embeds: [],
        embedsDeprecated: [],
        mentions: [],
        mentionsPositions: [],
      },
    };
    const m = signMessageData(data as never, key);
    const res = await fetch(`${emulator.url}/v1/submitMessage`, {
      method: 'POST',
      headers: { 'x-api-key': emulator.apiKey, 'content-type': 'application/octet-stream' },
      body: Message.encode(m).finish(),
    });
    expect(res.status).toBe(200);
    const [got] = await receiver.waitFor((r) => r.length >= 1);
    expect(castOf(got!)?.hash).toBe(`0x${Buffer.from(m.hash).toString('hex')}`);
    expect(await signedWith(got!, hook.secrets[0]!.value)).toBe(true);
    await call('DELETE', '/v2/farcaster/webhook', { webhook_id: hook.webhook_id });
  });

  it('sends nothing to an inactive webhook, and nothing from before a webhook was created', async () => {
    const before = await cast(alice!.signerUuid, 'before any webhook');
    const off = await createHook({ 'cast.created': {} });
    const patched = await call('PATCH', '/v2/farcaster/webhook', {
      webhook_id: off.webhook_id,
      active: 'false',
    });
    expect(patched.body.webhook.active).toBe(false);
    const on = await createHook({ 'cast.created': {} });
    const hash = await cast(alice!.signerUuid, 'only the active one hears this');
    await receiver.waitFor((r) => hashesOf(r).includes(hash));
    await new Promise((r) => setTimeout(r, 100));
    expect(receiver.received).toHaveLength(1);
    expect(await signedWith(receiver.received[0]!, on.secrets[0]!.value)).toBe(true);
    expect(hashesOf(receiver.received)).not.toContain(before);
    const log = await call('GET', `/_emulator/webhooks/deliveries?webhook_id=${off.webhook_id}`);
    expect(log.body.deliveries).toEqual([]);
    await call('DELETE', '/v2/farcaster/webhook', { webhook_id: off.webhook_id });
    await call('DELETE', '/v2/farcaster/webhook', { webhook_id: on.webhook_id });
  });

  it('sends nothing from while a webhook was off once it is turned back on, even when no other webhook listened', async () => {
    const hook = await createHook({ 'cast.created': {} });
    const patch = (active: string) =>
      call('PATCH', '/v2/farcaster/webhook', { webhook_id: hook.webhook_id, active });
    expect((await patch('false')).status).toBe(200);
    const meanwhile = await cast(alice!.signerUuid, 'while the only webhook is off');
    // Committed and settled (its turn to be matched has passed) before the webhook comes back.
    await new Promise((r) => setTimeout(r, 50));
    expect((await patch('true')).status).toBe(200);
    const after = await cast(alice!.signerUuid, 'after it is back on');
    await receiver.waitFor((r) => hashesOf(r).includes(after));
    await new Promise((r) => setTimeout(r, 100));
    expect(hashesOf(receiver.received)).toEqual([after]);
    expect(hashesOf(receiver.received)).not.toContain(meanwhile);
    await call('DELETE', '/v2/farcaster/webhook', { webhook_id: hook.webhook_id });
  });

  it('hears a webhook turned off and on by writes to its table that bypass the API', async () => {
    const hook = await createHook({ 'cast.created': {} });
    // The point is a write no API makes: the row changed under the dispatcher, in SQL.
    const setActive = emulator.db.prepare(
      'UPDATE webhooks SET active = ?, after_event_id = (SELECT max(id) FROM hub_events) WHERE webhook_id = ?',
    );
    const first = await cast(alice!.signerUuid, 'heard while on');
    await receiver.waitFor((r) => hashesOf(r).includes(first));
    setActive.run(0, hook.webhook_id);
    const off = await cast(alice!.signerUuid, 'while its row says off');
    // Settled (its turn to be matched has passed) before the row says on again.
    await new Promise((r) => setTimeout(r, 50));
    setActive.run(1, hook.webhook_id);
    const on = await cast(alice!.signerUuid, 'after its row says on again');
    await receiver.waitFor((r) => hashesOf(r).includes(on));
    expect(hashesOf(receiver.received)).toEqual([first, on]);
    expect(hashesOf(receiver.received)).not.toContain(off);
    await call('DELETE', '/v2/farcaster/webhook', { webhook_id: hook.webhook_id });
  });

  it('retries a receiver that fails twice and delivers once it recovers, logging every attempt', async () => {
    // Following someone already followed changes nothing (and sends nothing): unfollow first.
    await call('DELETE', '/v2/farcaster/user/follow', { signer_uuid: alice!.signerUuid, target_fids: [5] });
    const hook = await createHook({ 'follow.created': { fids: [alice!.fid] } });
    receiver.script = [500, 503];
    const r = await call('POST', '/v2/farcaster/user/follow', {
      signer_uuid: alice!.signerUuid,
      target_fids: [5],
    });
    expect(r.status).toBe(200);
    await receiver.waitFor((got) => got.length >= 3);
    expect(receiver.received.map((x) => x.body.type)).toEqual([
      'follow.created',
      'follow.created',
      'follow.created',
    ]);
    expect(new Set(receiver.received.map((x) => x.raw)).size).toBe(1);
    expect(receiver.received[2]!.body.data).toMatchObject({
      user: { fid: alice!.fid },
      target_user: { fid: 5 },
    });
    const [d] = await deliveriesWhen(`webhook_id=${hook.webhook_id}&status=delivered`, (ds) => ds.length > 0);
    expect(d).toMatchObject({
      type: 'follow.created',
      status: 'delivered',
      attempts: 3,
      response_status: 200,
    });
    expect(d!.attempt_log.map((a) => a.response_status)).toEqual([500, 503, 200]);
    expect(d!.payload).toEqual(receiver.received[2]!.body);
    // Each attempt logs the signature header it carried, the one the receiver got.
    expect(d!.attempt_log.map((a) => a.signature)).toEqual(receiver.received.map((x) => x.signature));
    expect(await signedWith(receiver.received[0]!, hook.secrets[0]!.value)).toBe(true);

    // Redelivery on request sends the same body again.
    receiver.received.length = 0;
    const again = await call('POST', `/_emulator/webhooks/deliveries/${d!.id}/redeliver`);
    expect(again.status).toBe(200);
    const [re] = await receiver.waitFor((got) => got.length >= 1);
    expect(re!.body).toEqual(d!.payload);
    await call('DELETE', '/v2/farcaster/webhook', { webhook_id: hook.webhook_id });
  });

  it('sends a retry that comes due while newer events of the same webhook go out', async () => {
    const hook = await createHook({ 'cast.created': { author_fids: [bob!.fid] } });
    receiver.script = [500];
    const first = await cast(bob!.signerUuid, 'fails once, then is retried');
    await receiver.waitFor((got) => got.length >= 1);
    const later: string[] = [];
    for (let i = 0; i < 5; i++) later.push(await cast(bob!.signerUuid, `sent while the retry waits ${i}`));
    const got = await receiver.waitFor(
      (r) =>
        hashesOf(r).filter((h) => h === first).length === 2 && later.every((h) => hashesOf(r).includes(h)),
    );
    // The first arrived twice (the 500, then its retry); every other once.
    expect(hashesOf(got).filter((h) => h === first)).toHaveLength(2);
    for (const h of later) expect(hashesOf(got).filter((x) => x === h)).toHaveLength(1);
    const delivered = await deliveriesWhen(
      `webhook_id=${hook.webhook_id}`,
      (ds) => ds.length === 6 && ds.every((d) => d.status === 'delivered'),
    );
    expect(delivered.map((d) => d.status)).toEqual(Array(6).fill('delivered'));
    await call('DELETE', '/v2/farcaster/webhook', { webhook_id: hook.webhook_id });
  });

  it('sends and shows a delivery written before payloads moved to their own table, body inline', async () => {
    const hook = await createHook({ 'user.updated': { fids: [999_999] } });
    const body = JSON.stringify({ created_at: 1, type: 'user.updated', data: { fid: 999_999 } });
    const at = emulator.store.now();
    // As migration 12 wrote it: the body in the delivery row, nothing in webhook_payloads. An
    // old-format row no API writes any more, so it is written in SQL.
    emulator.store.db
      .prepare(
        `INSERT INTO webhook_deliveries (webhook_id, event_id, event_type, payload, next_attempt_at, created_at,
          updated_at) VALUES (?, ?, 'user.updated', ?, ?, ?, ?)`,
      )
      .run(hook.webhook_id, 900_000_000, body, at, at, at);
    expect((await call('POST', '/_emulator/clock/advance', { by: '1s' })).status).toBe(200);
    const got = (await receiver.waitFor((r) => r.some((x) => x.raw === body))).find((x) => x.raw === body);
    expect(await signedWith(got!, hook.secrets[0]!.value)).toBe(true);
    const [d] = await deliveriesWhen(`webhook_id=${hook.webhook_id}`, (ds) => ds[0]?.status === 'delivered');
    expect(d!.payload).toEqual(JSON.parse(body));
    await call('POST', '/_emulator/clock/real');
    await call('DELETE', '/v2/farcaster/webhook', { webhook_id: hook.webhook_id });
  });

  it('marks a delivery failed after the last attempt', async () => {
    const dead = 'http://127.0.0.1:9/nobody-listens';
    const hook = await createHook({ 'user.updated': { fids: [bob!.fid] } }, dead);
    const r = await call('PATCH', '/v2/farcaster/user', {
      signer_uuid: bob!.signerUuid,
      bio: 'failing hook',
    });
    expect(r.status).toBe(200);
    const [d] = await deliveriesWhen(`webhook_id=${hook.webhook_id}`, (ds) => ds[0]?.status === 'failed');
    expect(d).toMatchObject({ status: 'failed', attempts: 6 });
    expect(d!.error).toBeTruthy();
    await call('DELETE', '/v2/farcaster/webhook', { webhook_id: hook.webhook_id });
  }, 30_000);

  it('rotates a secret: deliveries are signed with the new one, the old stays listed until it expires', async () => {
    const hook = await createHook({ 'cast.created': { author_fids: [bob!.fid] } });
    const oldSecret = hook.secrets[0]!.value;
    const rotated = await call('POST', `/_emulator/webhooks/${hook.webhook_id}/rotate-secret`, {
      grace_seconds: 3600,
    });
    expect(rotated.status).toBe(200);
    const secrets = rotated.body.webhook.secrets as { value: string; expires_at: string }[];
    expect(secrets).toHaveLength(2);
    expect(secrets[1]!.value).toBe(oldSecret);
    expect(Date.parse(secrets[1]!.expires_at)).toBeGreaterThan(emulator.store.now());
    const newSecret = secrets[0]!.value;
    expect(newSecret).not.toBe(oldSecret);
    await cast(bob!.signerUuid, 'after rotation');
    const [got] = await receiver.waitFor((r) => r.length >= 1);
    expect(await signedWith(got!, newSecret)).toBe(true);
    expect(await signedWith(got!, oldSecret)).toBe(false);
    // With no grace, the old secret is gone from the list at once.
    const now = await call('POST', `/_emulator/webhooks/${hook.webhook_id}/rotate-secret`, {
      grace_seconds: 0,
    });
    expect(now.body.webhook.secrets.map((s: { value: string }) => s.value)).not.toContain(newSecret);
    await call('DELETE', '/v2/farcaster/webhook', { webhook_id: hook.webhook_id });
  });
});

describe('webhook operations', () => {
  it('create, look up, list, update, turn off and delete on the spec wire shapes', async () => {
    const created = await createHook({ 'reaction.created': { target_fids: [1] } });
    expect(created).toMatchObject({
      object: 'webhook',
      active: true,
      title: 'test hook',
      target_url: receiver.url,
    });
    const got = await call('GET', `/v2/farcaster/webhook?webhook_id=${created.webhook_id}`);
    expect(got.body.webhook.subscription.filters).toEqual({ 'reaction.created': { target_fids: [1] } });
    const list = await call('GET', '/v2/farcaster/webhook/list');
    expect(list.body.webhooks.map((w: { webhook_id: string }) => w.webhook_id)).toContain(created.webhook_id);
    const updated = await call('PUT', '/v2/farcaster/webhook', {
      webhook_id: created.webhook_id,
      name: 'renamed',
      url: `${receiver.url}/2`,
      subscription: { 'cast.deleted': {} },
    });
    expect(updated.body.webhook).toMatchObject({
      title: 'renamed',
      subscription: { filters: { 'cast.deleted': {} } },
    });
    const deleted = await call('DELETE', '/v2/farcaster/webhook', { webhook_id: created.webhook_id });
    expect(deleted.status).toBe(200);
    expect((await call('GET', `/v2/farcaster/webhook?webhook_id=${created.webhook_id}`)).status).toBe(404);
  });

  const bad: [string, string, string, unknown, number, string][] = [
    [
      'a regex that does not compile',
      'POST',
      '/v2/farcaster/webhook',
      { name: 'x', url: 'http://127.0.0.1:1/', subscription: { 'cast.created': { text: '([a-z' } } },
      400,
      'subscription.cast.created.text',
    ],
    [
      'a regex too large a program for RE2 to match in bounded time',
      'POST',
      '/v2/farcaster/webhook',
      {
        name: 'x',
        url: 'http://127.0.0.1:1/',
        subscription: { 'cast.created': { embeds: '(?:a?){600}a{600}' } },
      },
      400,
      'subscription.cast.created.embeds',
    ],
    [
      'an unknown event type',
      'POST',
      '/v2/farcaster/webhook',
      { name: 'x', url: 'http://127.0.0.1:1/', subscription: { 'cast.liked': {} } },
      400,
      'subscription.cast.liked',
    ],
    [
      'a url that is not http(s)',
      'POST',
      '/v2/farcaster/webhook',
      { name: 'x', url: 'ftp://example.com/' },
      400,
      'url',
    ],
    [
      'an empty name',
      'POST',
      '/v2/farcaster/webhook',
      { name: ' ', url: 'http://127.0.0.1:1/' },
      400,
      'name',
    ],
    [
      'an unknown webhook',
      'PATCH',
      '/v2/farcaster/webhook',
      { webhook_id: 'NOPE', active: 'true' },
      404,
      'webhook_id',
    ],
    [
      'an unknown webhook to delete',
      'DELETE',
      '/v2/farcaster/webhook',
      { webhook_id: 'NOPE' },
      404,
      'webhook_id',
    ],
  ];
  for (const [name, method, path, body, status, property] of bad) {
    it(`answers ${status} naming ${property} for ${name}`, async () => {
      const r = await call(method, path, body);
      expect(r.status).toBe(status);
      expect(r.body.property ?? r.body.message).toContain(property);
    });
  }

  it('answers 400 for a bad delivery log query and 404 for an unknown delivery', async () => {
    expect((await call('GET', '/_emulator/webhooks/deliveries?status=lost')).body.property).toBe('status');
    expect((await call('POST', '/_emulator/webhooks/deliveries/999999/redeliver')).status).toBe(404);
    expect((await call('POST', '/_emulator/webhooks/deliveries/abc/redeliver')).status).toBe(400);
  });
});
