// One rule for where the emulator sends on a client's behalf (outbound/targets.ts): webhook targets,
// mini-app webhook URLs and every hop of the frame crawler refuse the same addresses and spellings,
// and loopback receivers stay allowed. Nothing is ever sent to a refused target: each is refused
// before any connection, and a target accepted by mistake is deleted before anything is written.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from '../src/index.js';
import { SEED_USERS } from '../src/seed/constants.js';
import { jsonCaller } from './support/json-call.js';
import { castOf, type Receiver, startReceiver } from './support/webhook-receiver.js';

const [alice] = SEED_USERS;
const dir = mkdtempSync(join(tmpdir(), 'castkit-outbound-'));
let emu: Emulator;
let receiver: Receiver;
beforeAll(async () => {
  emu = await startEmulator({ db: join(dir, 'outbound.db'), webhooks: { maxAttempts: 1 } });
  receiver = await startReceiver();
});
afterAll(async () => {
  await emu.close();
  await receiver.close();
  rmSync(dir, { recursive: true, force: true });
});

const call = jsonCaller(() => emu);

const port = () => new URL(receiver.url).port;
/** Refused whatever the emulator listens on: metadata, link-local, private, and disguised loopback. */
const REFUSED = () => [
  'http://169.254.169.254/latest/meta-data/',
  'http://[fd00:ec2::254]/latest/meta-data/',
  'http://metadata.google.internal/computeMetadata/v1/',
  `http://0x7f000001:${port()}/hook`,
  `http://2130706433:${port()}/hook`,
  `http://0177.0.0.1:${port()}/hook`,
  `http://[::ffff:127.0.0.1]:${port()}/hook`,
  'http://10.1.2.3/',
  'http://192.168.0.1/',
  'http://[fe80::1]/',
  'http://100.64.0.1/',
];

describe('a target the emulator never sends to', () => {
  it('is refused as a webhook url on create and update, a 400 naming url', async () => {
    const kept = await call('POST', '/v2/farcaster/webhook', {
      name: 'ok',
      url: receiver.url,
      subscription: {},
    });
    expect(kept.status).toBe(200);
    const id = kept.body.webhook.webhook_id;
    try {
      for (const url of REFUSED()) {
        const created = await call('POST', '/v2/farcaster/webhook', { name: 'x', url, subscription: {} });
        // Accepted by mistake: gone again before anything is written that it could be sent.
        if (created.status === 200)
          await call('DELETE', '/v2/farcaster/webhook', { webhook_id: created.body.webhook.webhook_id });
        expect([url, created.status, created.body.property]).toEqual([url, 400, 'url']);
        expect(created.body.message).toContain('refused');
        const updated = await call('PUT', '/v2/farcaster/webhook', { webhook_id: id, name: 'ok', url });
        if (updated.status === 200)
          await call('PUT', '/v2/farcaster/webhook', { webhook_id: id, name: 'ok', url: receiver.url });
        expect([url, updated.status, updated.body.property]).toEqual([url, 400, 'url']);
      }
    } finally {
      await call('DELETE', '/v2/farcaster/webhook', { webhook_id: id });
    }
  });

  it('is refused by the frame crawler and as a mini app webhook_url, with the same words', async () => {
    for (const url of REFUSED()) {
      const crawled = await call('GET', `/v2/farcaster/frame/crawl?url=${encodeURIComponent(url)}`);
      expect([url, crawled.status, crawled.body.property]).toEqual([url, 400, 'url']);
      expect(crawled.body.message, url).toContain('refused');
      const app = await call('POST', '/_emulator/miniapps', {
        url: 'http://127.0.0.1:1/app',
        webhook_url: url,
      });
      expect([url, app.status, app.body.property]).toEqual([url, 400, 'webhook_url']);
    }
  });

  it('keeps loopback receivers: a webhook on 127.0.0.1 or localhost is delivered to', async () => {
    for (const url of [receiver.url, receiver.url.replace('127.0.0.1', 'localhost')]) {
      const hook = await call('POST', '/v2/farcaster/webhook', {
        name: 'local',
        url,
        subscription: { 'cast.created': { author_fids: [alice!.fid] } },
      });
      expect([url, hook.status]).toEqual([url, 200]);
      const cast = await call('POST', '/v2/farcaster/cast', {
        signer_uuid: alice!.signerUuid,
        text: `to ${url}`,
      });
      await receiver.waitFor((r) => r.some((x) => castOf(x)?.hash === cast.body.cast.hash));
      await call('DELETE', '/v2/farcaster/webhook', { webhook_id: hook.body.webhook.webhook_id });
    }
  });

  it('stored by an older emulator, is never sent to: its attempts fail as refused', async () => {
    const hook = await call('POST', '/v2/farcaster/webhook', {
      name: 'old',
      url: `${receiver.url}/old`,
      subscription: { 'cast.created': { author_fids: [alice!.fid] } },
    });
    // The older emulator took loopback written in hex; it would reach this receiver, were it sent.
    const db = new Database(join(dir, 'outbound.db'));
    db.prepare('UPDATE webhooks SET target_url = ?, updated_at = updated_at + 1 WHERE webhook_id = ?').run(
      `http://0x7f000001:${port()}/hook/old`,
      hook.body.webhook.webhook_id,
    );
    db.close();
    receiver.received.length = 0;
    const cast = await call('POST', '/v2/farcaster/cast', {
      signer_uuid: alice!.signerUuid,
      text: 'not there',
    });
    expect(cast.status).toBe(200);
    let log: { body: { deliveries: { status: string; error: string | null }[] } } | undefined;
    await expect
      .poll(async () => {
        log = await call('GET', `/_emulator/webhooks/deliveries?webhook_id=${hook.body.webhook.webhook_id}`);
        return log.body.deliveries[0]?.status;
      })
      .toBe('failed');
    expect(log!.body.deliveries[0]!.error).toContain('target refused');
    expect(receiver.received.filter((r) => r.path.endsWith('/old'))).toEqual([]);
    await call('DELETE', '/v2/farcaster/webhook', { webhook_id: hook.body.webhook.webhook_id });
  });
});
