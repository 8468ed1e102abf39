// Notification campaigns: a 3.x publishFrameNotifications answers its campaign id and counts and
// records the campaign; its stats count the sends per app and move as users open the notification in
// the host simulation. A 2.44 caller keeps its per-fid answer, and its sends are campaigns too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from './support/api.js';
import { api3 } from './support/api3.js';

let env: Awaited<ReturnType<typeof startApi>>;
let v3: ReturnType<typeof api3>;
let appId: number;
let appFid: number;
let disabledFid: number;

beforeAll(async () => {
  env = await startApi();
  v3 = api3(env);
  const apps = await v3.control('GET', '/_emulator/miniapps');
  appId = apps.body.miniapps[0].id;
  appFid = apps.body.miniapps[0].author.fid;
  const tokens = await env.api.fetchNotificationTokens({ limit: 100 });
  disabledFid = Math.min(
    ...tokens.notification_tokens.filter((t) => t.status === 'disabled').map((t) => t.fid!),
  );
});
afterAll(() => env.close());

let n = 0;
const fresh = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const note = (uuid: string) => ({
  title: 'Your turn',
  body: 'Someone moved',
  target_url: 'https://demo.example/game',
  uuid,
});
const stats = async (campaignId: string) => {
  const res = await v3.get('/v2/farcaster/frame/notifications/', { campaign_id: campaignId });
  expect(res.status).toBe(200);
  expect(res.body.notificationCampaigns).toHaveLength(1);
  return res.body.notificationCampaigns[0];
};
const open = (fid: number, notificationId: string) =>
  v3.control('POST', `/_emulator/miniapps/${appId}/users/${fid}/notifications/open`, {
    notification_id: notificationId,
  });

describe('notification campaigns', () => {
  it('answers a 3.x caller with the campaign and its counts, and records them', async () => {
    env.tick(60_000);
    const stranger = (await env.fixtures.user()).fid;
    const id = fresh();
    const sent = await v3.post('/v2/farcaster/frame/notifications/', {
      target_fids: [1, 2, disabledFid, stranger],
      notification: note(id),
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ success_count: 2, failure_count: 0, not_attempted_count: 2 });
    expect(sent.body.campaign_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.body.notification_deliveries).toBeUndefined();

    const campaign = await stats(sent.body.campaign_id);
    expect(campaign).toMatchObject({
      id: sent.body.campaign_id,
      title: 'Your turn',
      body: 'Someone moved',
      status: 'completed',
    });
    expect(campaign.stats).toEqual({
      // The stranger has no token: it was never meant to get one.
      intended_recipient_notification_token_count: 3,
      intended_recipient_app_fids: [appFid],
      successful_sends: 2,
      successful_sends_by_app_fid: { [appFid]: 2 },
      total_opens: 0,
      total_opens_by_app_fid: { [appFid]: 0 },
      unique_opens: 0,
      unique_opens_by_app_fid: { [appFid]: 0 },
      error_breakdown: { delivery_errors: { token_disabled: 1 }, http_errors: {} },
    });

    expect((await open(2, id)).status).toBe(200);
    expect((await open(2, id)).status).toBe(200);
    expect((await open(1, id)).status).toBe(200);
    const opened = await stats(sent.body.campaign_id);
    expect(opened.stats).toMatchObject({
      total_opens: 3,
      unique_opens: 2,
      total_opens_by_app_fid: { [appFid]: 3 },
    });
  });

  it('opens only a notification the app delivered to that user', async () => {
    const res = await open(2, fresh());
    expect([res.status, res.body.property]).toEqual([404, 'notification_id']);
    const noApp = await v3.control('POST', `/_emulator/miniapps/999999/users/2/notifications/open`, {
      notification_id: fresh(),
    });
    expect(noApp.status).toBe(404);
  });

  it('keeps the 2.44 answer for 2.44 callers, and records their campaign as well', async () => {
    env.tick(60_000);
    const before = (await v3.get('/v2/farcaster/frame/notifications/', { limit: 1000 })).body
      .notificationCampaigns.length;
    const res = await env.api.publishFrameNotifications({ targetFids: [1], notification: note(fresh()) });
    expect(res.notification_deliveries).toEqual([
      { object: 'notification_delivery', fid: 1, status: 'success' },
    ]);
    const list = await v3.get('/v2/farcaster/frame/notifications/', { limit: 1000 });
    expect(list.body.notificationCampaigns.length).toBe(before + 1);
  });

  it('pages campaigns newest first and names a bad campaign id', async () => {
    const all = (await v3.get('/v2/farcaster/frame/notifications/', { limit: 1000 })).body
      .notificationCampaigns;
    const first = await v3.get('/v2/farcaster/frame/notifications/', { limit: 1 });
    const second = await v3.get('/v2/farcaster/frame/notifications/', {
      limit: 1,
      cursor: first.body.next.cursor,
    });
    expect([first.body.notificationCampaigns[0].id, second.body.notificationCampaigns[0].id]).toEqual(
      all.slice(0, 2).map((c: { id: string }) => c.id),
    );
    const bad = await v3.get('/v2/farcaster/frame/notifications/', { campaign_id: 'nope' });
    expect([bad.status, bad.body.property]).toEqual([400, 'campaign_id']);
  });
});
