// Every time the emulator accepts is one it can render: a clock move or a duration that would leave
// that range is a 400 naming the field and moves nothing; a time already stored out of range (by an
// older emulator that let the clock run past it) neither fails a read nor stops the dispatcher or a
// restart on that file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from '../src/index.js';
import { SEED_USERS } from '../src/seed/constants.js';
import { isoTime, MAX_TIME_MS } from '../src/store/clock.js';
import { exited, killAll, launch } from './support/process.js';
import { castOf, startReceiver } from './support/webhook-receiver.js';

const [alice] = SEED_USERS;
const dir = mkdtempSync(join(tmpdir(), 'castkit-time-range-'));
afterAll(() => {
  killAll();
  rmSync(dir, { recursive: true, force: true });
});

async function call(url: string, key: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    // A hang fails the test, not a busy machine: a restarted child loads the protocol code lazily
    // (from sources, through tsx) on its first write, seconds under load.
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, body: await res.json() };
}

describe('a time or duration a client gives', () => {
  let emu: Emulator;
  const api = (method: string, path: string, body?: unknown) => call(emu.url, emu.apiKey, method, path, body);
  beforeAll(async () => {
    emu = await startEmulator({ db: ':memory:' });
  });
  afterAll(() => emu.close());

  it('is refused with a 400 naming it when the emulator could not render where it leads, and moves nothing', async () => {
    const hook = (
      await api('POST', '/v2/farcaster/webhook', { name: 'r', url: 'http://127.0.0.1:1/', subscription: {} })
    ).body.webhook;
    const before = (await api('GET', '/_emulator/clock')).body.now as number;
    for (const [path, body, property] of [
      ['/_emulator/clock/advance', { by: '1000000000d' }, 'by'],
      ['/_emulator/clock/advance', { by: 1e308 }, 'by'],
      ['/_emulator/clock/advance', { by: MAX_TIME_MS }, 'by'],
      ['/_emulator/clock/set', { to: 8.64e15 }, 'to'],
      ['/_emulator/clock/set', { to: MAX_TIME_MS + 1 }, 'to'],
      ['/_emulator/clock/set', { to: '+275760-09-13T00:00:00Z' }, 'to'],
      ['/_emulator/clock/freeze', { to: 8.64e15 }, 'to'],
      [`/_emulator/webhooks/${hook.webhook_id}/rotate-secret`, { grace_seconds: 1e308 }, 'grace_seconds'],
      [`/_emulator/webhooks/${hook.webhook_id}/rotate-secret`, { grace_seconds: 8.64e12 }, 'grace_seconds'],
    ] as const) {
      const reply = await api('POST', path, body);
      expect([path, JSON.stringify(body), reply.status, reply.body.property]).toEqual([
        path,
        JSON.stringify(body),
        400,
        property,
      ]);
    }
    const clock = await api('GET', '/_emulator/clock');
    expect(clock.status).toBe(200);
    expect(clock.body.frozen).toBe(false);
    expect(clock.body.now - before).toBeLessThan(60_000);
    const after = await api('GET', `/v2/farcaster/webhook?webhook_id=${hook.webhook_id}`);
    expect(after.status).toBe(200);
    expect(after.body.webhook.secrets).toHaveLength(1);
  });

  it('is taken up to the last second a Farcaster message can carry, and everything renders there', async () => {
    const set = await api('POST', '/_emulator/clock/freeze', { to: MAX_TIME_MS - 3_600_000 });
    expect(set.body.iso).toBe('2157-02-07T05:28:15.000Z');
    const moved = await api('POST', '/_emulator/clock/advance', { by: '1h' });
    expect([moved.status, moved.body.iso]).toEqual([200, '2157-02-07T06:28:15.000Z']);
    expect((await api('POST', '/_emulator/clock/advance', { by: '1s' })).status).toBe(400);
    const cast = await api('POST', '/v2/farcaster/cast', {
      signer_uuid: alice!.signerUuid,
      text: 'at the end',
    });
    expect(cast.status).toBe(200);
    const read = await api('GET', `/v2/farcaster/cast?identifier=${cast.body.cast.hash}&type=hash`);
    expect(read.body.cast.timestamp).toBe('2157-02-07T06:28:15.000Z');
    expect((await api('POST', '/_emulator/clock/real')).status).toBe(200);
  });
});

describe('a time stored out of range by an older emulator', () => {
  it('renders clamped, so reads answer and the dispatcher and restarts on that file stay up', async () => {
    const file = join(dir, 'old.db');
    const receiver = await startReceiver();
    try {
      const first = await startEmulator({ db: file });
      const hook = (
        await call(first.url, first.apiKey, 'POST', '/v2/farcaster/webhook', {
          name: 'old',
          url: receiver.url,
          subscription: { 'cast.created': {} },
        })
      ).body.webhook;
      const cast = await call(first.url, first.apiKey, 'POST', '/v2/farcaster/cast', {
        signer_uuid: alice!.signerUuid,
        text: 'written after the clock ran past the end',
      });
      await receiver.waitFor((r) => r.length === 1);
      const rotated = await call(
        first.url,
        first.apiKey,
        'POST',
        `/_emulator/webhooks/${hook.webhook_id}/rotate-secret`,
        {
          grace_seconds: 60,
        },
      );
      expect(rotated.status).toBe(200);
      await first.close();

      // What the old emulator left after `clock/advance {"by":"1000000000d"}` (answered 500, moved
      // the clock) and a cast, before its dispatcher died on the event: the cast, its event and
      // the dispatcher's cursor before it, and a secret rotated with grace_seconds 1e308.
      const far = Date.now() + 1e9 * 86_400_000;
      const db = new Database(file);
      const event = db.prepare('SELECT max(id) FROM hub_events').pluck().get() as number;
      db.prepare('UPDATE hub_events SET ts = ? WHERE id = ?').run(far, event);
      db.prepare('UPDATE casts SET ts = ? WHERE hash = ?').run(far, cast.body.cast.hash);
      db.prepare('UPDATE webhook_dispatch SET cursor = ?').run(event - 1);
      const deliveries = 'SELECT id FROM webhook_deliveries WHERE event_id = ?';
      db.prepare(`DELETE FROM webhook_attempts WHERE delivery_id IN (${deliveries})`).run(event);
      db.prepare('DELETE FROM webhook_deliveries WHERE event_id = ?').run(event);
      db.prepare('DELETE FROM webhook_payloads WHERE event_id = ?').run(event);
      db.prepare('UPDATE webhook_secrets SET expires_at = ? WHERE expires_at IS NOT NULL').run(
        Number.POSITIVE_INFINITY,
      );
      db.close();
      receiver.received.length = 0;

      const KEY = 'time-range-key';
      for (const round of [1, 2]) {
        const running = await launch(file, ['--api-key', KEY]);
        if (round === 1) {
          const [delivered] = await receiver.waitFor((r) => r.length === 1);
          expect(castOf(delivered!)?.timestamp).toBe(isoTime(8.64e15));
        }
        const lookup = await call(
          running.url,
          KEY,
          'GET',
          `/v2/farcaster/webhook?webhook_id=${hook.webhook_id}`,
        );
        expect([round, lookup.status]).toEqual([round, 200]);
        expect(lookup.body.webhook.secrets.map((s: { expires_at: string }) => s.expires_at)).toContain(
          '+275760-09-13T00:00:00.000Z',
        );
        expect((await call(running.url, KEY, 'GET', '/v2/farcaster/webhook/list')).status).toBe(200);
        const read = await call(
          running.url,
          KEY,
          'GET',
          `/v2/farcaster/cast?identifier=${cast.body.cast.hash}&type=hash`,
        );
        expect([round, read.status, read.body.cast?.timestamp]).toEqual([
          round,
          200,
          '+275760-09-13T00:00:00.000Z',
        ]);
        const written = await call(running.url, KEY, 'POST', '/v2/farcaster/cast', {
          signer_uuid: alice!.signerUuid,
          text: `restart ${round}`,
        });
        expect(written.status).toBe(200);
        await receiver.waitFor((r) => r.some((x) => castOf(x)?.text === `restart ${round}`));
        const health = await fetch(`${running.url}/_emulator/health`);
        expect([round, health.status, running.child.exitCode]).toEqual([round, 200, null]);
        running.child.kill('SIGTERM');
        await exited(running.child);
      }
    } finally {
      await receiver.close();
    }
  }, 90_000);
});
