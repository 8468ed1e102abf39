// Notifications to the users of the developer's mini app through publishFrameNotifications: each
// delivery bucket, the 24 h dedupe, the 30 s and 100-a-day limits per token, all on the emulator clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from './support/api.js';
import { specErrors } from './support/pages.js';

let env: Awaited<ReturnType<typeof startApi>>;
let disabledFid: number;
let strangerFid: number;

/** The developer app's notification tokens, every page of `limit`. */
async function everyToken(limit = 100) {
  const tokens = [];
  let cursor: string | undefined;
  do {
    const page = await env.api.fetchNotificationTokens({ limit, cursor });
    tokens.push(...page.notification_tokens);
    cursor = page.next?.cursor ?? undefined;
  } while (cursor);
  return tokens;
}

beforeAll(async () => {
  env = await startApi();
  disabledFid = Math.min(...(await everyToken()).filter((t) => t.status === 'disabled').map((t) => t.fid!));
  // Someone with no token: a user the test kit registers.
  strangerFid = (await env.fixtures.user()).fid;
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
/** How many notifications the developer's app delivered to `fid`, as its log on the emulator lists them. */
async function delivered(fid: number): Promise<number> {
  const admin = (path: string) =>
    fetch(`${env.url}/_emulator/miniapps${path}`, { headers: { 'x-api-key': env.apiKey } }).then((r) =>
      r.json(),
    );
  const [app] = (await admin('')).miniapps;
  const { notifications } = await admin(`/${app.id}/notifications?limit=1000`);
  expect(notifications.length).toBeLessThan(1000);
  return notifications.filter((n: { fid: number }) => n.fid === fid).length;
}

describe('notification tokens', () => {
  it('lists the tokens of the developer’s app users, by fid when asked', async () => {
    const all = await env.api.fetchNotificationTokens({ limit: 100 });
    expect(specErrors('fetchNotificationTokens', all)).toEqual([]);
    expect(all.notification_tokens.length).toBeGreaterThan(3);
    // Pages of three make up the one page.
    expect(await everyToken(3)).toEqual(all.notification_tokens);
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
    const before = await delivered(1);
    expect(await send([1], id)).toMatchObject([{ status: 'success' }]);
    env.tick(60_000);
    expect(await send([1], id)).toMatchObject([{ status: 'success' }]);
    expect(await delivered(1)).toBe(before + 1);
    env.tick(24 * 3600_000);
    expect(await send([1], id)).toMatchObject([{ status: 'success' }]);
    expect(await delivered(1)).toBe(before + 2);
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
    const enabled = (await everyToken())
      .filter((t) => t.status === 'enabled')
      .map((t) => t.fid!)
      .sort((a, b) => a - b);
    const res = await send([], fresh(), { exclude_fids: [1] });
    expect(res.map((d) => d.fid)).toEqual(enabled.filter((f) => f !== 1));
    expect(res.every((d) => d.status === 'success')).toBe(true);
    env.tick(60_000);
    const links = await env.hub.fetchUserFollowers({ targetFid: 2, pageSize: 1000 });
    const followers = new Set(links.messages.map((m) => m.data.fid));
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
