// Pushed events (a realtime frame, a webhook body) carry asset URLs on the origin of the emulator that
// serves them, as its v2 reads do, also when it reopens a database file seeded by another emulator.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startEmulator } from '../src/index.js';
import { actAs } from '../src/protocol/actions.js';
import { startReceiver } from './support/webhook-receiver.js';

const ALICE = '00000000-0000-4000-8000-000000000001';
const dir = mkdtempSync(join(tmpdir(), 'castkit-event-origin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Logs in, subscribes to cast.created and resolves with the first event notification's event. */
async function firstCastEvent(url: string, apiKey: string, ready: () => void): Promise<unknown> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/realtime`);
  try {
    return await new Promise((resolve, reject) => {
      ws.on('error', reject);
      ws.on('open', () =>
        ws.send(
          JSON.stringify([
            { jsonrpc: '2.0', id: 1, method: 'login', params: { api_key: apiKey } },
            { jsonrpc: '2.0', id: 2, method: 'subscribe', params: { events: ['cast.created'] } },
          ]),
        ),
      );
      ws.on('message', (data) => {
        const message = JSON.parse(String(data));
        if (Array.isArray(message)) ready();
        else if (message.method === 'event') resolve(message.params.event);
      });
    });
  } finally {
    ws.close();
  }
}

it('pushes asset URLs on the serving origin after a database seeded by another emulator is reopened', async () => {
  const file = join(dir, 'seeded.db');
  const first = await startEmulator({ db: file });
  const seededOrigin = new URL(first.url);
  await first.close();
  // Holds the first port, so the second emulator cannot be given it again.
  const holder = createServer().listen(Number(seededOrigin.port), seededOrigin.hostname);
  const emu = await startEmulator({ db: file });
  const receiver = await startReceiver();
  try {
    const hook = await fetch(`${emu.url}/v2/farcaster/webhook`, {
      method: 'POST',
      headers: { 'x-api-key': emu.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'origin', url: receiver.url, subscription: { 'cast.created': {} } }),
    });
    expect(hook.status).toBe(200);
    let subscribed!: () => void;
    const listening = new Promise<void>((resolve) => (subscribed = resolve));
    const frame = firstCastEvent(emu.url, emu.apiKey, subscribed);
    await listening;
    await actAs(emu.store, ALICE).castAdd({ text: 'whose origin?' });
    const [delivered] = await receiver.waitFor((r) => r.length >= 1);

    const avatar = `${emu.url}/_emulator/avatar/1.svg`;
    expect(emu.url).not.toBe(first.url);
    expect(((await frame) as { data: { author: { pfp_url: string } } }).data.author.pfp_url).toBe(avatar);
    expect(delivered!.body.data.author.pfp_url).toBe(avatar);
  } finally {
    await receiver.close();
    await emu.close();
    holder.close();
  }
});
