// A reset is what a test harness does before every test: it must cost about what the writes since
// cost, which rules out DDL (dropping and making triggers again recompiles every prepared statement
// of the connection on its next use), and still put back what triggers did beside the rows.
import { NeynarAPIClient } from '@castkit/sdk/2.x';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Emulator, SEED_USERS, startEmulator } from '../src/index.js';
import { castOf, type Receiver, startReceiver } from './support/webhook-receiver.js';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const [alice, bob] = SEED_USERS;
let e: Emulator;
let api: NeynarAPIClient;
let receiver: Receiver;

beforeAll(async () => {
  e = await startEmulator({ db: ':memory:', now: () => NOW, webhooks: { retryBaseMs: 40 } });
  api = new NeynarAPIClient({ apiKey: e.apiKey, baseUrl: `${e.url}/v2`, retries: 0 });
  receiver = await startReceiver();
}, 120_000);
afterAll(async () => {
  await e.close();
  await receiver.close();
});

const schemaVersion = () => Number(e.db.pragma('schema_version', { simple: true }));
const channel = () => {
  const row = e.db
    .prepare<[], { id: string; follower_count: number }>(
      'SELECT id, follower_count FROM channels ORDER BY id LIMIT 1',
    )
    .get();
  if (!row) throw new Error('the seed has no channel');
  return row;
};

it('resets without changing the schema, so no prepared statement compiles again', async () => {
  const { cast } = await api.publishCast({ signerUuid: alice!.signerUuid, text: 'in place one' });
  await api.publishReaction({ signerUuid: bob!.signerUuid, reactionType: 'like', target: cast.hash });
  const before = schemaVersion();
  e.reset();
  expect(schemaVersion()).toBe(before);
  expect(e.db.prepare('SELECT COUNT(*) FROM casts WHERE hash = ?').pluck().get(cast.hash)).toBe(0);
});

it('puts a channel follower count back, its counting triggers off while the rows go back', async () => {
  const seeded = channel();
  const following = await api.fetchUserChannels({ fid: alice!.fid, limit: 100 });
  if (following.channels.some((c) => c.id === seeded.id))
    await api.unfollowChannel({ signerUuid: alice!.signerUuid, channelId: seeded.id });
  else await api.followChannel({ signerUuid: alice!.signerUuid, channelId: seeded.id });
  expect(channel().follower_count).not.toBe(seeded.follower_count);
  e.reset();
  expect(channel().follower_count).toBe(seeded.follower_count);
  const counted = e.db
    .prepare('SELECT COUNT(*) FROM channel_follows WHERE channel_id = ?')
    .pluck()
    .get(seeded.id);
  expect(counted).toBe(seeded.follower_count);
  // The triggers are back: a follow after the reset counts again.
  await api.followChannel({ signerUuid: bob!.signerUuid, channelId: seeded.id }).catch(() => undefined);
  const after = e.db
    .prepare('SELECT COUNT(*) FROM channel_follows WHERE channel_id = ?')
    .pluck()
    .get(seeded.id);
  expect(channel().follower_count).toBe(after);
});

it('records writes after a reset, so a second reset undoes them too', async () => {
  await api.publishCast({ signerUuid: alice!.signerUuid, text: 'in place two' });
  e.reset();
  const casts = () => e.db.prepare('SELECT COUNT(*) FROM casts').pluck().get();
  const seeded = casts();
  await api.publishCast({ signerUuid: alice!.signerUuid, text: 'in place three' });
  expect(casts()).toBe(Number(seeded) + 1);
  e.reset();
  expect(casts()).toBe(seeded);
  expect((await api.searchCasts({ q: 'three', limit: 10 })).result.casts.map((c) => c.text)).not.toContain(
    'in place three',
  );
});

it('forgets a webhook delivery in flight across a reset: nothing recorded or sent again, later webhooks served', async () => {
  const count = (sql: string) => Number(e.db.prepare(sql).pluck().get());
  const seeded = count('SELECT COUNT(*) FROM webhook_deliveries');
  const subscription = { 'cast.created': {} };
  await api.publishWebhook({ name: 'in flight', url: `${receiver.url}/old`, subscription });
  receiver.delayMs = 400;
  try {
    await api.publishCast({ signerUuid: alice!.signerUuid, text: 'sent while resetting' });
    await receiver.waitFor((r) => r.length >= 1);
    e.reset();
  } finally {
    receiver.delayMs = 0;
  }
  expect(count('SELECT COUNT(*) FROM webhooks')).toBe(0);
  await api.publishWebhook({ name: 'after', url: `${receiver.url}/new`, subscription });
  await api.publishCast({ signerUuid: bob!.signerUuid, text: 'after the reset' });
  await receiver.waitFor((r) => r.some((x) => x.path.endsWith('/new')));
  // Time for the answer in flight to land and for any retry of it (40 ms base) to be sent.
  await new Promise((r) => setTimeout(r, 600));
  expect(receiver.received.map((x) => `${x.path.split('/').at(-1)} ${castOf(x)?.text}`)).toEqual([
    'old sent while resetting',
    'new after the reset',
  ]);
  expect(count('SELECT COUNT(*) FROM webhook_deliveries')).toBe(seeded + 1);
  expect(count(`SELECT COUNT(*) FROM webhook_deliveries WHERE status = 'delivered'`)).toBe(
    count(
      `SELECT COUNT(*) FROM webhook_deliveries WHERE status = 'delivered' AND event_type = 'cast.created'`,
    ),
  );
});
