// A reset or snapshot restore puts the event log, the webhooks and their outbox back; the
// dispatcher's cursor and the realtime feed's read position must follow: nothing of the restored
// log is sent again, nothing written after is missed.
import { NeynarHubClient } from '@castkit/sdk/2.x';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type Emulator, startEmulator } from '../src/emulator.js';
import { actAs } from '../src/protocol/actions.js';
import { SEED_USERS } from '../src/seed/constants.js';
import { onEventsAppended } from '../src/store/commit-signal.js';
import { jsonCaller } from './support/json-call.js';
import { nextHubEventId } from './support/reads.js';
import { castOf, type Received, type Receiver, startReceiver } from './support/webhook-receiver.js';

const [alice] = SEED_USERS;
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

const call = jsonCaller(() => emulator);

const texts = (received: readonly Received[]) => received.map((x) => castOf(x)?.text);
/** The id of the newest event in the hub's log. */
const maxEventId = async () =>
  (await nextHubEventId(
    new NeynarHubClient({ apiKey: emulator.apiKey, baseUrl: emulator.url, retries: 0 }),
  )) - 1;
/** The statuses of a webhook's deliveries in the delivery log, newest first. */
const statuses = async (webhookId: string): Promise<string[]> =>
  (await call('GET', `/_emulator/webhooks/deliveries?webhook_id=${webhookId}`)).body.deliveries.map(
    (d: { status: string }) => d.status,
  );

/** A webhook on the receiver taking every cast; its id. */
async function castHook(name: string): Promise<string> {
  const hook = await call('POST', '/v2/farcaster/webhook', {
    name,
    url: receiver.url,
    subscription: { 'cast.created': {} },
  });
  expect(hook.status).toBe(200);
  return hook.body.webhook.webhook_id as string;
}

describe('webhooks across a restore', () => {
  it('does not deliver an event of the restored log again, even one taken before its pump ran, and delivers new ones', async () => {
    const webhookId = await castHook('restored');
    // The snapshot is taken right after the cast's commit, before the dispatcher has matched it.
    let armed = true;
    const stop = onEventsAppended(emulator.store, () => {
      if (!armed) return;
      armed = false;
      emulator.snapshots.snapshot('before-pump');
    });
    await actAs(emulator.store, alice!.signerUuid).castAdd({ text: 'old: in the snapshot' });
    stop();
    await receiver.waitFor((r) => r.length >= 1);
    const before = await maxEventId();

    expect((await call('POST', '/_emulator/snapshots/before-pump/restore')).status).toBe(200);
    await actAs(emulator.store, alice!.signerUuid).castAdd({ text: 'new: after the restore' });
    await receiver.waitFor((r) => texts(r).includes('new: after the restore'));
    // The undo log does not put sqlite_sequence back: ids go on increasing.
    expect(await maxEventId()).toBeGreaterThan(before);
    // Any second copy of the old event would have been matched before the new one.
    expect(texts(receiver.received)).toEqual(['old: in the snapshot', 'new: after the restore']);
    await call('DELETE', '/v2/farcaster/webhook', { webhook_id: webhookId });
  });

  it('sends again a delivery the snapshot holds as pending, though it was delivered after the snapshot', async () => {
    // Created before the snapshot: the restore leaves the webhooks table as it is, and the
    // dispatcher, which held this webhook as caught up, must look in the outbox again.
    const webhookId = await castHook('in flight');
    receiver.received.length = 0;
    receiver.delayMs = 300;
    try {
      await actAs(emulator.store, alice!.signerUuid).castAdd({ text: 'pending in the snapshot' });
      await expect.poll(() => statuses(webhookId)).toEqual(['pending']);
      emulator.snapshots.snapshot('in-flight');
    } finally {
      receiver.delayMs = 0;
    }
    await expect.poll(() => statuses(webhookId)).toEqual(['delivered']);
    expect(texts(receiver.received)).toEqual(['pending in the snapshot']);

    expect((await call('POST', '/_emulator/snapshots/in-flight/restore')).status).toBe(200);
    await receiver.waitFor((r) => r.length >= 2);
    expect(texts(receiver.received)).toEqual(['pending in the snapshot', 'pending in the snapshot']);
    await call('DELETE', '/v2/farcaster/webhook', { webhook_id: webhookId });
  });

  it('sends none of the deliveries it held in memory when the restore takes their rows away', async () => {
    const webhookId = await castHook('held');
    // One delivered first: the webhook is caught up, so what the pump adds next is kept in memory.
    await actAs(emulator.store, alice!.signerUuid).castAdd({ text: 'caught up' });
    // On record as delivered, or the snapshot would hold it pending and the restore send it again.
    await receiver.waitFor((r) => texts(r).includes('caught up'));
    await expect.poll(() => statuses(webhookId)).toEqual(['delivered']);
    emulator.snapshots.snapshot('before-the-backlog');
    receiver.received.length = 0;
    receiver.maxOpen = 0;
    receiver.delayMs = 400;
    try {
      // 16 in flight (the webhook's slots); the other 4 wait in the dispatcher's memory.
      for (let i = 0; i < 20; i++)
        await actAs(emulator.store, alice!.signerUuid).castAdd({ text: `held ${i}` });
      await expect.poll(() => receiver.maxOpen).toBe(16);
      expect((await call('POST', '/_emulator/snapshots/before-the-backlog/restore')).status).toBe(200);
    } finally {
      receiver.delayMs = 0;
    }
    await receiver.waitFor((r) => r.length >= 16);
    // Time for any of the 4 to arrive, were they sent.
    await new Promise((r) => setTimeout(r, 500));
    expect(texts(receiver.received).sort()).toEqual(Array.from({ length: 16 }, (_, i) => `held ${i}`).sort());
    await call('DELETE', '/v2/farcaster/webhook', { webhook_id: webhookId });
  });
});

describe('the realtime feed across a restore', () => {
  it('keeps sending new events after a reset that put event ids back below its position', async () => {
    const ws = new WebSocket(`${emulator.url.replace('http', 'ws')}/realtime`);
    const messages: any[] = [];
    const waiters: (() => void)[] = [];
    ws.on('message', (d) => {
      messages.push(JSON.parse(String(d)));
      for (const w of waiters.splice(0)) w();
    });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const until = async (check: () => boolean, ms = 10_000) => {
      const deadline = performance.now() + ms;
      while (!check()) {
        if (performance.now() > deadline) throw new Error(`timed out; got ${JSON.stringify(messages)}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100);
        });
      }
    };
    ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'login', params: { api_key: emulator.apiKey } }));
    ws.send(
      JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'subscribe', params: { events: ['cast.created'] } }),
    );
    await until(() => messages.some((m) => m.id === 2));
    const events = () => messages.filter((m) => m.method === 'event').map((m) => m.params.event.data.text);
    const me = actAs(emulator.store, alice!.signerUuid);
    await me.castAdd({ text: 'live before reset 1' });
    await me.castAdd({ text: 'live before reset 2' });
    await until(() => events().length === 2);

    // Ids do not go back on their own (see above); force the worst case: the sequence forgotten, a
    // state only SQL makes.
    emulator.db.prepare(`UPDATE sqlite_sequence SET seq = 0 WHERE name = 'hub_events'`).run();
    const high = await maxEventId();
    expect((await call('POST', '/_emulator/reset')).status).toBe(200);
    await me.castAdd({ text: 'live after reset' });
    expect(await maxEventId()).toBeLessThanOrEqual(high);
    await until(() => events().length === 3);
    expect(events()).toEqual(['live before reset 1', 'live before reset 2', 'live after reset']);
    ws.close();
  });
});
