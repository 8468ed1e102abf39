// The emulator as a mini-app host: a real app server receives the signed server events (verified
// here with @noble/curves against the user's app key), then sends notifications to the URL and token
// it was given, as @farcaster/miniapp-node apps do, and meets the host's rules.
import { ed25519 } from '@noble/curves/ed25519';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from './support/api.js';
import { startPages } from './support/pages.js';

let env: Awaited<ReturnType<typeof startApi>>;
let app: Awaited<ReturnType<typeof startPages>>;
let appId: number;
const FID = 2;

interface Verified {
  fid: number;
  key: string;
  event: { event: string; notificationDetails?: { url: string; token: string } };
}
const events: Verified[] = [];

/** What an app's webhook handler does: decode the JFS and check the signature over `header.payload`. */
function verifyJfs(body: string): Verified {
  const { header, payload, signature } = JSON.parse(body) as Record<string, string>;
  const h = JSON.parse(Buffer.from(header!, 'base64url').toString()) as {
    fid: number;
    type: string;
    key: string;
  };
  expect(h.type).toBe('app_key');
  const ok = ed25519.verify(
    Buffer.from(signature!, 'base64url'),
    new TextEncoder().encode(`${header}.${payload}`),
    Buffer.from(h.key.slice(2), 'hex'),
  );
  if (!ok) throw new Error('bad signature');
  return { fid: h.fid, key: h.key, event: JSON.parse(Buffer.from(payload!, 'base64url').toString()) };
}

beforeAll(async () => {
  env = await startApi();
  app = await startPages((req) => {
    try {
      events.push(verifyJfs(req.body));
      return { type: 'application/json', body: '{"ok":true}' };
    } catch {
      return { status: 401, body: 'unverified' };
    }
  });
});
afterAll(async () => {
  await app.close();
  await env.close();
});

const admin = async (path: string, body?: object) => {
  const res = await fetch(`${env.url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'x-api-key': env.apiKey, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as any };
};
const notify = async (url: string, tokens: string[], notificationId: string, title = 'Hello') => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ notificationId, title, body: 'from the app', targetUrl: `${app.url}/x`, tokens }),
  });
  return { status: res.status, body: (await res.json()) as any };
};

describe('mini-app host simulation', () => {
  it('registers the developer’s app with its webhook', async () => {
    const res = await admin('/_emulator/miniapps', {
      url: `${app.url}/`,
      name: 'Local app',
      webhook_url: `${app.url}/webhook`,
    });
    expect(res.status).toBe(200);
    appId = res.body.id;
    expect(res.body.miniapp).toMatchObject({ frames_url: `${app.url}/`, webhook_url: `${app.url}/webhook` });
    const list = await admin('/_emulator/miniapps');
    expect(list.body.miniapps.map((a: { id: number }) => a.id)).toContain(appId);
  });

  it('adds the app as a user, signing the event with that user’s app key, and answers what the app replied', async () => {
    const res = await admin(`/_emulator/miniapps/${appId}/users/${FID}/add`, { notifications: true });
    expect(res.body).toMatchObject({
      event: 'miniapp_added',
      state: { added: true, notifications_enabled: true },
      webhook: { status: 200, body: '{"ok":true}' },
    });
    const got = events.at(-1)!;
    expect(got.fid).toBe(FID);
    // A key the user added on chain, as the hub lists them.
    const keys = await env.hub.fetchUserOnChainEvents({ fid: FID, eventType: 'EVENT_TYPE_SIGNER' });
    expect(keys.events.map((e) => ('signerEventBody' in e ? e.signerEventBody.key : ''))).toContain(got.key);
    expect(got.event.event).toBe('miniapp_added');
    expect(got.event.notificationDetails).toEqual({
      url: `${env.url}/_emulator/miniapps/notify`,
      token: res.body.state.token,
    });
  });

  it('takes the app’s notifications at the URL it gave, with the host’s rules, and lists them', async () => {
    const { url, token } = events.at(-1)!.event.notificationDetails!;
    const first = await notify(url, [token, 'unknown-token'], 'n-1');
    expect(first).toEqual({
      status: 200,
      body: {
        result: { successfulTokens: [token], invalidTokens: ['unknown-token'], rateLimitedTokens: [] },
      },
    });
    const soon = await notify(url, [token], 'n-2');
    expect(soon.body.result.rateLimitedTokens).toEqual([token]);
    env.tick(30_000);
    expect((await notify(url, [token], 'n-2')).body.result.successfulTokens).toEqual([token]);
    expect((await notify(url, [token], 'n-3', 'x'.repeat(33))).status).toBe(400);

    const received = await admin(`/_emulator/miniapps/${appId}/notifications`);
    expect(received.body.notifications.map((n: { notification_id: string }) => n.notification_id)).toEqual([
      'n-2',
      'n-1',
    ]);
  });

  it('disables, re-enables with a new token, and removes; old tokens stop working', async () => {
    const before = events.at(-1)!.event.notificationDetails!;
    const off = await admin(`/_emulator/miniapps/${appId}/users/${FID}/notifications/disable`, {});
    expect(off.body).toMatchObject({
      event: 'notifications_disabled',
      state: { notifications_enabled: false },
    });
    expect(events.at(-1)!.event).toEqual({ event: 'notifications_disabled' });
    env.tick(60_000);
    expect((await notify(before.url, [before.token], 'n-4')).body.result.invalidTokens).toEqual([
      before.token,
    ]);

    const on = await admin(`/_emulator/miniapps/${appId}/users/${FID}/notifications/enable`, {});
    const now = events.at(-1)!.event;
    expect(now.event).toBe('notifications_enabled');
    expect(now.notificationDetails!.token).not.toBe(before.token);
    expect(on.body.state.token).toBe(now.notificationDetails!.token);

    const gone = await admin(`/_emulator/miniapps/${appId}/users/${FID}/remove`, {});
    expect(gone.body).toMatchObject({ event: 'miniapp_removed', state: { added: false } });
    expect(events.at(-1)!.event).toEqual({ event: 'miniapp_removed' });
    env.tick(60_000);
    const after = await notify(now.notificationDetails!.url, [now.notificationDetails!.token], 'n-5');
    expect(after.body.result.invalidTokens).toEqual([now.notificationDetails!.token]);
  });

  it('refuses unknown apps, users who never added it, and bad input, naming what is wrong', async () => {
    expect(await admin('/_emulator/miniapps/9999/users/1/add', {})).toMatchObject({ status: 404 });
    expect(await admin(`/_emulator/miniapps/${appId}/users/3/remove`, {})).toMatchObject({ status: 409 });
    expect(await admin('/_emulator/miniapps', { url: 'not a url' })).toMatchObject({
      status: 400,
      body: { property: 'url' },
    });
    expect(await admin(`/_emulator/miniapps/${appId}/users/1/add`, { notifications: 'yes' })).toMatchObject({
      status: 400,
      body: { property: 'notifications' },
    });
  });
});
