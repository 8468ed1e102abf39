// Pushed events (a realtime frame, a webhook body) carry asset URLs on the origin of the emulator that
// serves them, as its v2 reads do, also when it reopens a database file seeded by another emulator.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RealtimeClient } from '@castkit/sdk/realtime';
import { afterAll, expect, it } from 'vitest';
import { startEmulator } from '../src/index.js';
import { actAs } from '../src/protocol/actions.js';
import { SEED_USERS } from '../src/seed/constants.js';
import { castOf, startReceiver } from './support/webhook-receiver.js';

const [alice] = SEED_USERS;
const dir = mkdtempSync(join(tmpdir(), 'castkit-event-origin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('pushes asset URLs on the serving origin after a database seeded by another emulator is reopened', async () => {
  const file = join(dir, 'seeded.db');
  const first = await startEmulator({ db: file });
  const seededOrigin = new URL(first.url);
  await first.close();
  // Holds the first port, so the second emulator cannot be given it again.
  const holder = createServer().listen(Number(seededOrigin.port), seededOrigin.hostname);
  const emu = await startEmulator({ db: file });
  const receiver = await startReceiver();
  const realtime = new RealtimeClient({ url: emu.url, apiKey: emu.apiKey, reconnectAttempts: 0 });
  try {
    const hook = await fetch(`${emu.url}/v2/farcaster/webhook`, {
      method: 'POST',
      headers: { 'x-api-key': emu.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'origin', url: receiver.url, subscription: { 'cast.created': {} } }),
    });
    expect(hook.status).toBe(200);
    await realtime.connect();
    const frames = (await realtime.subscribe({ events: ['cast.created'] }))[Symbol.asyncIterator]();
    await actAs(emu.store, alice!.signerUuid).castAdd({ text: 'whose origin?' });
    const [delivered] = await receiver.waitFor((r) => r.length >= 1);
    const frame = (await frames.next()).value;

    const avatar = `${emu.url}/_emulator/avatar/1.svg`;
    expect(emu.url).not.toBe(first.url);
    expect(frame?.event).toMatchObject({ type: 'cast.created', data: { author: { pfp_url: avatar } } });
    expect(castOf(delivered!)?.author.pfp_url).toBe(avatar);
  } finally {
    realtime.close();
    await receiver.close();
    await emu.close();
    holder.close();
  }
});
