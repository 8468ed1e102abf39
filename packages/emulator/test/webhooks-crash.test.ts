import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SEED_USERS } from '../src/seed/constants.js';
import { exited, killAll, launch } from './support/process.js';
import { castOf, type Received, signedWith, startReceiver } from './support/webhook-receiver.js';

const KEY = 'webhook-crash-key';
const dir = mkdtempSync(join(tmpdir(), 'castkit-hooks-crash-'));
const dbPath = join(dir, 'emulator.db');
const alice = SEED_USERS[0]!;

afterAll(() => {
  killAll();
  rmSync(dir, { recursive: true, force: true });
});

async function call(url: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('a webhook event acknowledged to the writer survives a SIGKILL', () => {
  it('is delivered exactly once by the emulator restarted on the same file', async () => {
    const receiver = await startReceiver();
    try {
      let running = await launch(dbPath, ['--api-key', KEY]);
      const hook = (
        await call(running.url, 'POST', '/v2/farcaster/webhook', {
          name: 'crash',
          url: receiver.url,
          subscription: { 'cast.created': { author_fids: [alice.fid] } },
        })
      ).body.webhook;
      // Answers are held, so a first attempt in flight when the process dies is never acknowledged.
      receiver.delayMs = 400;
      const written = await call(running.url, 'POST', '/v2/farcaster/cast', {
        signer_uuid: alice.signerUuid,
        text: 'acknowledged, then killed',
      });
      running.child.kill('SIGKILL');
      expect(written.status).toBe(200);
      const hash = written.body.cast.hash as string;
      await exited(running.child);
      receiver.delayMs = 0;

      running = await launch(dbPath, ['--api-key', KEY]);
      const isIt = (r: Received) => castOf(r)?.hash === hash && r.answered;
      await receiver.waitFor((r) => r.some(isIt));
      // Time for a duplicate to show up, were there one.
      await new Promise((r) => setTimeout(r, 500));
      const answered = receiver.received.filter(isIt);
      expect(answered).toHaveLength(1);
      expect(await signedWith(answered[0]!, hook.secrets[0].value)).toBe(true);
      const log = await call(
        running.url,
        'GET',
        `/_emulator/webhooks/deliveries?webhook_id=${hook.webhook_id}`,
      );
      expect(log.body.deliveries).toHaveLength(1);
      expect(log.body.deliveries[0]).toMatchObject({ status: 'delivered', type: 'cast.created' });
      running.child.kill('SIGTERM');
      await exited(running.child);
    } finally {
      await receiver.close();
    }
  }, 60_000);
});
