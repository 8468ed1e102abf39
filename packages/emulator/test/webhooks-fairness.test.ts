import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from '../src/emulator.js';
import { actAs } from '../src/protocol/actions.js';
import { SEED_USERS } from '../src/seed/constants.js';
import { castOf, type Receiver, startReceiver } from './support/webhook-receiver.js';

const [alice] = SEED_USERS;
let emulator: Emulator;
let slow: Receiver;
let fast: Receiver;

beforeAll(async () => {
  emulator = await startEmulator({ db: ':memory:', webhooks: { attemptTimeoutMs: 5000 } });
  slow = await startReceiver();
  fast = await startReceiver();
  slow.delayMs = 400;
});
afterAll(async () => {
  await emulator.close();
  await slow.close();
  await fast.close();
});

async function hook(url: string) {
  const res = await fetch(`${emulator.url}/v2/farcaster/webhook`, {
    method: 'POST',
    headers: { 'x-api-key': emulator.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'fair', url, subscription: { 'cast.created': {} } }),
  });
  expect(res.status).toBe(200);
}

describe('webhook deliveries across webhooks', () => {
  it("sends a webhook's event at once while another webhook works through a long backlog", async () => {
    await hook(slow.url);
    const me = actAs(emulator.store, alice!.signerUuid);
    // More due deliveries for the slow webhook than any one read of the outbox takes.
    for (let i = 0; i < 300; i++) await me.castAdd({ text: `backlog ${i}` });
    await slow.waitFor((r) => r.length >= 1);
    await hook(fast.url);
    await me.castAdd({ text: 'for the fast one' });
    // The slow backlog needs 300 / 16 x 400 ms to drain; the fast webhook must not wait for it.
    const [got] = await fast.waitFor((r) => r.length >= 1, 4000);
    expect(castOf(got!)?.text).toBe('for the fast one');
    expect(slow.received.length).toBeLessThan(300);
  }, 60_000);

  it('keeps at most 16 requests open per receiver and sends a backlog longer than it holds in memory once each', async () => {
    const busy = await startReceiver();
    busy.delayMs = 20;
    try {
      await hook(busy.url);
      const me = actAs(emulator.store, alice!.signerUuid);
      // Written in one go, the events are matched together: more than the 1,000 a webhook keeps in
      // memory, so the rest is read back from the outbox while the first are in flight.
      const n = 1200;
      for (let i = 0; i < n; i++) await me.castAdd({ text: `queued ${i}` });
      const got = await busy.waitFor((r) => r.length >= n, 30_000);
      await new Promise((r) => setTimeout(r, 200));
      const texts = got.map((r) => castOf(r)?.text);
      expect(new Set(texts).size).toBe(n);
      expect(texts.length).toBe(n);
      expect(busy.maxOpen).toBe(16);
    } finally {
      await busy.close();
    }
  }, 60_000);
});
