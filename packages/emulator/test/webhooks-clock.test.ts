import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from '../src/emulator.js';
import { SEED_USERS } from '../src/seed/constants.js';
import { jsonCaller } from './support/json-call.js';
import { type Receiver, startReceiver } from './support/webhook-receiver.js';

const [alice] = SEED_USERS;
let emulator: Emulator;
let receiver: Receiver;

// A retry a minute away: only the virtual clock can bring it within the test's few seconds.
beforeAll(async () => {
  emulator = await startEmulator({
    db: ':memory:',
    webhooks: { retryBaseMs: 60_000, attemptTimeoutMs: 2000 },
  });
  receiver = await startReceiver();
});
afterAll(async () => {
  await emulator.close();
  await receiver.close();
});

const call = jsonCaller(() => emulator);

describe('webhook retries on the virtual clock', () => {
  it('sends a retry as soon as the clock is advanced past its backoff, without waiting real time', async () => {
    expect((await call('POST', '/_emulator/clock/freeze')).status).toBe(200);
    receiver.script = [500];
    const created = await call('POST', '/v2/farcaster/webhook', {
      name: 'clocked',
      url: receiver.url,
      subscription: { 'cast.created': {} },
    });
    expect(created.status).toBe(200);
    const webhookId = created.body.webhook.webhook_id as string;
    const posted = await call('POST', '/v2/farcaster/cast', {
      signer_uuid: alice!.signerUuid,
      text: 'retry me',
    });
    expect(posted.status).toBe(200);
    await receiver.waitFor((r) => r.length >= 1);
    // The failure is recorded and the retry scheduled 30-60 s of (frozen) emulator time away.
    let log: any;
    for (let i = 0; i < 100; i++) {
      log = await call('GET', `/_emulator/webhooks/deliveries?webhook_id=${webhookId}`);
      if (log.body.deliveries[0]?.attempts === 1) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(log.body.deliveries[0]).toMatchObject({ status: 'pending' });
    expect(receiver.received).toHaveLength(1);

    // Advancing answers once what became due has been sent.
    expect((await call('POST', '/_emulator/clock/advance', { by: '61s' })).status).toBe(200);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.raw).toBe(receiver.received[0]!.raw);
    const after = await call('GET', `/_emulator/webhooks/deliveries?webhook_id=${webhookId}`);
    expect(after.body.deliveries[0]).toMatchObject({ status: 'delivered' });
    await call('POST', '/_emulator/clock/real');
  });
});
