// Notifications to the users of the developer's mini app through publishFrameNotifications: each
// delivery bucket, the 24 h dedupe, the 30 s and 100-a-day limits per token, all on the emulator clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from './support/api.js';
import { specErrors } from './support/pages.js';

let env: Awaited<ReturnType<typeof startApi>>;
let disabledFid: number;
let strangerFid: number;

beforeAll(async () => {
  env = await startApi();
  disabledFid = env.value<number>('SELECT fid FROM miniapp_users WHERE enabled = 0 ORDER BY fid LIMIT 1');
  strangerFid = env.value<number>(
    'SELECT MAX(fid) FROM users WHERE fid NOT IN (SELECT fid FROM miniapp_users)',
  );
});
afterAll(() => env.close());

const note = (uuid: string, title = 'Your turn') => ({
  title,
  body: 'Someone moved in Word Duel',
  target_url: 'https://demo.miniapps.example/game',
  uuid,
});
let n = 0;
const fresh = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const send = async (fids: number[], uuid = fresh(), filters?: object) =>
  (await env.api.publishFrameNotifications({ targetFids: fids, notification: note(uuid), filters }))
    .notification_deliveries;
const delivered = (fid: number) =>
  env.value<number>('SELECT COUNT(*) FROM miniapp_deliveries WHERE fid = ?', fid);

describe('notification tokens', () => {
  it('lists the tokens of the developer’s app users, by fid when asked', async () => {
    const all = await env.api.fetchNotificationTokens({ limit: 100 });
    expect(specErrors('fetchNotificationTokens', all)).toEqual([]);
    expect(all.notification_tokens.length).toBe(
      env.value<number>(
        'SELECT COUNT(*) FROM miniapp_users u JOIN miniapps m ON m.id = u.app_id WHERE m.developer = 1 AND token IS NOT NULL',
      ),
    );
    expect(all.notification_tokens[0]!.url).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/_emulator\/miniapps\/notify$/,
    );
    const some = await env.api.fetchNotificationTokens({ fids: [1, disabledFid] });
    expect(Object.fromEntries(some.notification_tokens.map((t) => [t.fid, t.status]))).toEqual({
      1: 'enabled',
      [disabledFid]: 'disabled',
    });
  });
});

describe('publishing notifications', () => {
  it('answers each target in its bucket: delivered, disabled token, no token', async () => {
    const res = await env.api.publishFrameNotifications({
      targetFids: [1, 2, disabledFid, strangerFid],
      notification: note(fresh()),
    });
    expect(specErrors('publishFrameNotifications', res)).toEqual([]);
    expect(res.notification_deliveries.map((d) => [d.fid, d.status])).toEqual([
      [1, 'success'],
      [2, 'success'],
      [disabledFid, 'token_disabled'],
      [strangerFid, 'token_not_found'],
    ]);
  });

  it('holds a token to one notification per 30 seconds, by the emulator clock', async () => {
    env.tick(60_000);
    expect(await send([3])).toMatchObject([{ status: 'success' }]);
    env.tick(29_000);
    expect(await send([3])).toMatchObject([{ status: 'failed' }]);
    env.tick(1_000);
    expect(await send([3])).toMatchObject([{ status: 'success' }]);
  });

  it('delivers a (fid, notification id) once in 24 hours and again after', async () => {
    env.tick(60_000);
    const id = fresh();
    const before = delivered(1);
    expect(await send([1], id)).toMatchObject([{ status: 'success' }]);
    env.tick(60_000);
    expect(await send([1], id)).toMatchObject([{ status: 'success' }]);
    expect(delivered(1)).toBe(before + 1);
    env.tick(24 * 3600_000);
    expect(await send([1], id)).toMatchObject([{ status: 'success' }]);
    expect(delivered(1)).toBe(before + 2);
  });

  it('stops a token at 100 a day until the oldest leaves the day', async () => {
    env.tick(25 * 3600_000);
    const first = env.store.now();
    for (let i = 0; i < 100; i++) {
      expect(await send([2])).toMatchObject([{ status: 'success' }]);
      env.tick(31_000);
    }
    expect(await send([2])).toMatchObject([{ status: 'failed' }]);
    env.tick(first + 24 * 3600_000 - env.store.now());
    expect(await send([2])).toMatchObject([{ status: 'success' }]);
  });

  it('sends to everyone with notifications on when no fids are given, less the filtered out', async () => {
    env.tick(25 * 3600_000);
    const enabled = env.column('SELECT fid FROM miniapp_users WHERE enabled = 1 ORDER BY fid').map(Number);
    const res = await send([], fresh(), { exclude_fids: [1] });
    expect(res.map((d) => d.fid)).toEqual(enabled.filter((f) => f !== 1));
    expect(res.every((d) => d.status === 'success')).toBe(true);
    env.tick(60_000);
    const followers = new Set(
      env.column("SELECT fid FROM links WHERE target_fid = 2 AND type = 'follow'").map(Number),
    );
    const following = await send([], fresh(), { following_fid: 2 });
    expect(following.map((d) => d.fid)).toEqual(enabled.filter((f) => followers.has(f)));
  });

  it('refuses a long title, a long body and more than 100 fids, naming the field', async () => {
    await expect(
      env.api.publishFrameNotifications({ targetFids: [1], notification: note(fresh(), 'x'.repeat(33)) }),
    ).rejects.toMatchObject({ status: 400, property: expect.stringContaining('title') });
    await expect(
      env.api.publishFrameNotifications({
        targetFids: [1],
        notification: { ...note(fresh()), body: 'y'.repeat(129) },
      }),
    ).rejects.toMatchObject({ status: 400, property: expect.stringContaining('body') });
    await expect(
      env.api.publishFrameNotifications({
        targetFids: Array.from({ length: 101 }, (_, i) => i + 1),
        notification: note(fresh()),
      }),
    ).rejects.toMatchObject({ status: 400, property: expect.stringContaining('target_fids') });
  });
});
