// A later in-memory emulator of a process starts as a copy of the seeding done before (an image of
// the database, seed/template.ts), not seeding again: it must then be a whole emulator of its own,
// its reads, search, caches, event log, webhooks, realtime feed and reset all working on the copy,
// and nothing it writes reaching the first one or the next copy.
import { NeynarAPIClient } from '@castkit/sdk/2.x';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type Emulator, SEED_USERS, startEmulator } from '../src/index.js';
import { type Receiver, startReceiver } from './support/webhook-receiver.js';

const [alice, bob] = SEED_USERS;
let first: Emulator;
let copy: Emulator;
let receiver: Receiver;

const client = (e: Emulator) => new NeynarAPIClient({ apiKey: e.apiKey, baseUrl: `${e.url}/v2`, retries: 0 });
const casts = (e: Emulator) => Number(e.db.prepare('SELECT COUNT(*) FROM casts').pluck().get());
const search = async (e: Emulator, q: string) =>
  (await client(e).searchCasts({ q, limit: 10 })).result.casts.map((c) => c.text);

beforeAll(async () => {
  first = await startEmulator({ db: ':memory:' });
  // Written before the copy starts: the copy is of the seeding, not of the first emulator now.
  await client(first).publishCast({ signerUuid: alice!.signerUuid, text: 'only in the first emulator' });
  copy = await startEmulator({ db: ':memory:', webhooks: { retryBaseMs: 40 } });
  receiver = await startReceiver();
}, 180_000);
afterAll(async () => {
  await copy?.close();
  await first?.close();
  await receiver?.close();
});

it('starts a later emulator as a copy of the seeding done before in this process, not seeding again', () => {
  // A seeding anchors its times to when it ran (to the second); a second seeding runs later.
  expect(copy.store.getMeta('seed_anchor')).toBe(first.store.getMeta('seed_anchor'));
  expect(casts(copy)).toBe(casts(first) - 1);
  expect(copy.snapshots.list()).toEqual([]);
});

it('answers reads and search from the copy, with its own caches and nothing of the first', async () => {
  const api = client(copy);
  const { users } = await api.fetchBulkUsers({ fids: [alice!.fid, bob!.fid] });
  expect(users.map((u) => u.username)).toEqual([alice!.username, bob!.username]);
  expect(await search(copy, 'first emulator')).toEqual([]);
  const { cast } = await api.publishCast({ signerUuid: bob!.signerUuid, text: 'only in the copy' });
  expect(await search(copy, 'copy')).toContain('only in the copy');
  expect(await search(first, 'copy')).toEqual([]);
  // A cached user is rebuilt after a write to it (the copy's change tags run on its own connection).
  await api.updateUser({ signerUuid: bob!.signerUuid, bio: 'bio on the copy' });
  expect((await api.fetchBulkUsers({ fids: [bob!.fid] })).users[0]!.profile.bio.text).toBe('bio on the copy');
  const liked = await api.publishReaction({
    signerUuid: alice!.signerUuid,
    reactionType: 'like',
    target: cast.hash,
  });
  expect(liked.success).toBe(true);
  const again = await api.lookupCastByHashOrWarpcastUrl({ identifier: cast.hash, type: 'hash' });
  expect(again.cast.reactions.likes_count).toBe(1);
});

it('delivers webhooks and streams realtime events of the copy, and resets it to the seed', async () => {
  const api = client(copy);
  const hook = await api.publishWebhook({
    name: 'on the copy',
    url: receiver.url,
    subscription: { 'cast.created': {} },
  });
  const ws = new WebSocket(`${copy.url.replace('http', 'ws')}/realtime`);
  const frames: { id?: number; method?: string; params?: { event: { data: { text: string } } } }[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'login', params: { api_key: copy.apiKey } }));
  ws.send(
    JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'subscribe', params: { events: ['cast.created'] } }),
  );
  await expect.poll(() => frames.filter((f) => f.id === 2).length).toBe(1);
  await api.publishCast({ signerUuid: alice!.signerUuid, text: 'event of the copy' });
  const got = await receiver.waitFor((r) => r.some((x) => x.raw.includes('event of the copy')));
  expect(got.filter((x) => x.raw.includes('event of the copy'))).toHaveLength(1);
  await expect
    .poll(() => frames.filter((f) => f.method === 'event').map((f) => f.params?.event.data.text))
    .toEqual(['event of the copy']);
  ws.close();

  copy.reset();
  expect(casts(copy)).toBe(casts(first) - 1);
  expect(await search(copy, 'copy')).toEqual([]);
  expect(
    copy.db
      .prepare('SELECT COUNT(*) FROM webhooks WHERE webhook_id = ?')
      .pluck()
      .get(hook.webhook!.webhook_id),
  ).toBe(0);
});

it('starts the next copy from the seeding, not from what an earlier copy wrote', async () => {
  await client(copy).publishCast({ signerUuid: alice!.signerUuid, text: 'left in the copy' });
  const next = await startEmulator({ db: ':memory:' });
  try {
    expect(await search(next, 'left')).toEqual([]);
    expect(casts(next)).toBe(casts(first) - 1);
  } finally {
    await next.close();
  }
});
