// The 3.x app host API drives the same host simulation as the developer controls: an event posted
// with a signer or signed by the user's app key changes the user's state, which the controls and
// app-host-get-user-state both read, and the app's webhook is sent the signed server event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toHex } from '../src/ground/codec.js';
import { ed25519PublicKey, ed25519Sign } from '../src/ground/keys.js';
import { SEED_USERS } from '../src/seed/constants.js';
import { startApi } from './support/api.js';
import { api3 } from './support/api3.js';
import { startPages } from './support/pages.js';

let env: Awaited<ReturnType<typeof startApi>>;
let v3: ReturnType<typeof api3>;
let hook: Awaited<ReturnType<typeof startPages>>;
let appId: number;
const DOMAIN = 'word-duel.example';
const [, bob, carol] = SEED_USERS;

beforeAll(async () => {
  env = await startApi();
  v3 = api3(env);
  hook = await startPages(() => ({ type: 'application/json', body: '{"ok":true}' }));
  const reg = await v3.control('POST', '/_emulator/miniapps', {
    url: `https://${DOMAIN}/`,
    webhook_url: `${hook.url}/webhook`,
  });
  expect(reg.status).toBe(200);
  appId = reg.body.id;
});
afterAll(async () => {
  await hook.close();
  await env.close();
});

const state = async (fid: number) => (await v3.get('/v2/farcaster/app_host/user/state/', { fid })).body;
const sentEvents = () =>
  hook.requests.map((r) => JSON.parse(Buffer.from(JSON.parse(r.body).payload, 'base64url').toString()).event);

/** What the user's client does: a JSON Farcaster Signature with the user's app key. */
function signJfs(fid: number, key: Uint8Array, payload: object): string {
  const b64 = (s: string | Uint8Array) => Buffer.from(s).toString('base64url');
  const header = b64(JSON.stringify({ fid, type: 'app_key', key: toHex(ed25519PublicKey(key)) }));
  const body = b64(JSON.stringify(payload));
  return `${header}.${body}.${b64(ed25519Sign(key, new TextEncoder().encode(`${header}.${body}`)))}`;
}

describe('app host events', () => {
  it('adds the app and turns notifications on and off for a signer’s user, as the controls see it', async () => {
    const post = (event: string) =>
      v3.post('/v2/farcaster/app_host/user/event/', {
        app_domain: DOMAIN,
        signer_uuid: bob!.signerUuid,
        fid: bob!.fid,
        event,
      });
    expect(await state(bob!.fid)).toEqual({ notifications_enabled: expect.any(Array) });
    const before = (await state(bob!.fid)).notifications_enabled.length;

    expect((await post('frame_added')).body).toMatchObject({ success: true });
    expect((await post('notifications_enabled')).body.success).toBe(true);
    const on = await state(bob!.fid);
    expect(on.notifications_enabled.length).toBe(before + 1);
    expect(on.notifications_enabled[0]).toMatchObject({ domain: DOMAIN, status: 'valid' });

    // The control turns it off: the API sees the same state.
    const off = await v3.control(
      'POST',
      `/_emulator/miniapps/${appId}/users/${bob!.fid}/notifications/disable`,
    );
    expect(off.body.state).toMatchObject({ added: true, notifications_enabled: false });
    expect((await state(bob!.fid)).notifications_enabled.length).toBe(before);

    expect((await post('frame_removed')).body.success).toBe(true);
    expect(sentEvents()).toEqual([
      'miniapp_added',
      'notifications_enabled',
      'notifications_disabled',
      'miniapp_removed',
    ]);
  });

  it('takes an event the user’s app key signed, with the token the host handed out', async () => {
    const got = await v3.get('/v2/farcaster/app_host/user/event/', {
      app_domain: DOMAIN,
      fid: carol!.fid,
      event: 'notifications_enabled',
    });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      event: 'notifications_enabled',
      notificationDetails: { url: `${env.url}/_emulator/miniapps/notify` },
    });
    const { token } = got.body.notificationDetails;

    const key = new Uint8Array(
      env.value<Buffer>('SELECT private_key FROM signers WHERE signer_uuid = ?', carol!.signerUuid),
    );
    const added = await v3.post('/v2/farcaster/app_host/user/event/', {
      app_domain: DOMAIN,
      signed_message: signJfs(carol!.fid, key, {
        event: 'frame_added',
        notificationDetails: got.body.notificationDetails,
      }),
    });
    expect(added.body.success).toBe(true);
    // The app can now notify carol with that token through the host.
    const tokens = await env.api.fetchNotificationTokens({ fids: [carol!.fid] });
    expect(tokens.notification_tokens.map((t) => [t.token, t.status])).toContainEqual([token, 'enabled']);
    expect(
      (await state(carol!.fid)).notifications_enabled.map((d: { domain: string }) => d.domain),
    ).toContain(DOMAIN);

    const forged = signJfs(carol!.fid, new Uint8Array(32).fill(7), { event: 'frame_removed' });
    const refused = await v3.post('/v2/farcaster/app_host/user/event/', {
      app_domain: DOMAIN,
      signed_message: forged,
    });
    expect([refused.status, refused.body.property]).toEqual([400, 'signed_message']);
    expect(
      (await state(carol!.fid)).notifications_enabled.map((d: { domain: string }) => d.domain),
    ).toContain(DOMAIN);
  });

  it('finds the catalogue’s own apps by the host a caller reaches this emulator at, whichever emulator seeded the data', async () => {
    // A second emulator in this process starts from a copy of the first one's seed: its catalogue
    // apps were stored under the first one's origin and are shown under its own.
    const other = await startApi();
    try {
      expect(other.url).not.toBe(env.url);
      const v3other = api3(other);
      const catalog = await v3other.get('/v2/farcaster/frame/catalog/', { limit: 1 });
      const domain = new URL(catalog.body.frames[0].frames_url).host;
      expect(domain).toBe(new URL(other.url).host);
      const event = await v3other.get('/v2/farcaster/app_host/user/event/', {
        app_domain: domain,
        fid: bob!.fid,
        event: 'frame_added',
      });
      expect([event.status, event.body]).toEqual([200, { event: 'frame_added' }]);
    } finally {
      await other.close();
    }
  });

  it('names what is missing or unknown', async () => {
    const unknown = await v3.get('/v2/farcaster/app_host/user/event/', {
      app_domain: 'nowhere.example',
      fid: 2,
      event: 'frame_added',
    });
    expect([unknown.status, unknown.body.property]).toEqual([404, 'app_domain']);
    const half = await v3.post('/v2/farcaster/app_host/user/event/', {
      app_domain: DOMAIN,
      signer_uuid: bob!.signerUuid,
    });
    expect(half.status).toBe(400);
    const wrongFid = await v3.post('/v2/farcaster/app_host/user/event/', {
      app_domain: DOMAIN,
      signer_uuid: bob!.signerUuid,
      fid: carol!.fid,
      event: 'frame_added',
    });
    expect([wrongFid.status, wrongFid.body.property]).toEqual([400, 'fid']);
  });
});
