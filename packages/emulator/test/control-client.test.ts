// The typed client of the developer controls (@castkit/emulator/control) against a real emulator:
// every declared route called through it, each answer checked against its declaration by the
// client (a wrong shape would throw) and a sample of its values asserted here; the errors it raises
// for an error status, an answer that is no JSON, and JSON its declaration does not take.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NeynarAPIClient } from '@castkit/sdk/2.x';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ControlAnswer,
  type ControlCallArgs,
  type ControlClient,
  ControlError,
  type ControlRoute,
  controlRoutes,
  createControlClient,
  HOST_ACTIONS,
  hostActionRoute,
  type JsonRoute,
} from '../src/control/index.js';
import { DEV_MNEMONIC, type Emulator, SEED_USERS, startEmulator } from '../src/index.js';
import { type Receiver, startReceiver } from './support/webhook-receiver.js';

const [alice, bob] = SEED_USERS;
const APPROVAL_PAGE = 'http://127.0.0.1:1/approve';
/** Two imports rewrite every row of the seed: seconds each on a busy machine. */
const IMPORTS = 120_000;

let emu: Emulator;
let receiver: Receiver;
let control: ControlClient;
let api: NeynarAPIClient;
const called = new Set<ControlRoute>();

/** `control.call`, remembering which routes the test has sent. */
function call<R extends JsonRoute>(route: R, ...args: ControlCallArgs<R>): Promise<ControlAnswer<R>> {
  called.add(route);
  return control.call(route, ...args);
}

beforeAll(async () => {
  receiver = await startReceiver();
  emu = await startEmulator({ db: ':memory:', signerApprovalPage: APPROVAL_PAGE });
  control = createControlClient({ baseUrl: emu.url, apiKey: emu.apiKey });
  api = new NeynarAPIClient({ apiKey: emu.apiKey, baseUrl: `${emu.url}/v2`, retries: 0 });
});
afterAll(async () => {
  await emu?.close();
  await receiver?.close();
});

describe('the typed control client against a real emulator', () => {
  it('reads health and stats', async () => {
    const health = await call('GET /_emulator/health');
    expect([health.status, health.seedSize]).toEqual(['ok', 'small']);
    const { tables } = await call('GET /_emulator/stats');
    expect(tables.users).toBeGreaterThan(0);
  });

  it('takes, lists, restores and deletes snapshots, and resets to the seed', async () => {
    const { snapshot } = await call('POST /_emulator/snapshots', { body: { name: 'before' } });
    expect(snapshot.name).toBe('before');
    const { cast } = await api.publishCast({ signerUuid: alice.signerUuid, text: 'after the snapshot' });
    expect((await call('GET /_emulator/snapshots')).snapshots.map((s) => s.name)).toEqual(['before']);
    const restored = await call('POST /_emulator/snapshots/:name/restore', { params: { name: 'before' } });
    expect([restored.status, restored.name, restored.rows > 0]).toEqual(['restored', 'before', true]);
    await expect(
      api.lookupCastByHashOrWarpcastUrl({ identifier: cast.hash, type: 'hash' }),
    ).rejects.toMatchObject({ status: 404 });
    const deleted = await call('DELETE /_emulator/snapshots/:name', { params: { name: 'before' } });
    expect(deleted).toEqual({ status: 'deleted', name: 'before' });
    await call('POST /_emulator/snapshots', { body: { name: 'dropped-by-reset' } });
    const reset = await call('POST /_emulator/reset');
    expect([reset.status, reset.dropped]).toEqual(['reset', ['dropped-by-reset']]);
  });

  it('reads and moves the clock, taking times and durations as the declaration types them', async () => {
    const frozen = await call('POST /_emulator/clock/freeze', { body: { to: '2031-02-03T04:05:06Z' } });
    expect([frozen.frozen, frozen.iso]).toEqual([true, '2031-02-03T04:05:06.000Z']);
    const advanced = await call('POST /_emulator/clock/advance', { body: { by: '1h30m' } });
    expect(advanced.iso).toBe('2031-02-03T05:35:06.000Z');
    const set = await call('POST /_emulator/clock/set', { body: { to: Date.UTC(2032, 0, 1) } });
    expect(set.now).toBe(Date.UTC(2032, 0, 1));
    expect((await call('GET /_emulator/clock')).now).toBe(Date.UTC(2032, 0, 1));
    expect((await call('POST /_emulator/clock/resume')).frozen).toBe(false);
    const real = await call('POST /_emulator/clock/real');
    expect([real.frozen, real.offset]).toEqual([false, 0]);
  });

  it('adds, lists, removes and clears fault rules, and sets and clears a rate-limit plan', async () => {
    const { fault } = await call('POST /_emulator/faults', {
      body: { operation: 'publishCast', effect: 'error', status: 503, times: 1 },
    });
    expect([fault.effect, fault.status, fault.hits]).toEqual(['error', 503, 0]);
    await call('POST /_emulator/faults', { body: { path: '/v1/info', effect: 'latency', latencyMs: 1 } });
    expect((await call('GET /_emulator/faults')).faults).toHaveLength(2);
    const left = await call('DELETE /_emulator/faults/:id', { params: { id: fault.id } });
    expect(left.faults.map((f) => f.path)).toEqual(['/v1/info']);
    expect(await call('DELETE /_emulator/faults')).toEqual({ faults: [] });

    const starter = await call('POST /_emulator/rate-limits', { body: { plan: 'starter' } });
    expect(starter).toEqual({ plan: 'starter', limits: { endpoint: 300, global: 500, search: 60 } });
    expect((await call('GET /_emulator/rate-limits')).plan).toBe('starter');
    expect(await call('POST /_emulator/rate-limits', { body: { plan: 'off' } })).toEqual({
      plan: null,
      limits: null,
    });

    const { wallet } = await call('POST /_emulator/wallets', { body: { id: 'client-wallet', usdc: 5 } });
    expect(wallet.balances).toContainEqual(
      expect.objectContaining({ network: 'base', symbol: 'USDC', amount: '5' }),
    );
    const { wallets } = await call('GET /_emulator/wallets');
    expect(wallets.map((w) => w.id)).toEqual(['castkit-dev-wallet', 'client-wallet']);
  });

  it('reads the webhook delivery log page by page, one delivery, a redelivery, and rotates a secret', async () => {
    const { webhook } = await api.publishWebhook({
      name: 'control-client',
      url: `${receiver.url}/hook`,
      subscription: { 'cast.created': { author_fids: [bob.fid] } },
    });
    await api.publishCast({ signerUuid: bob.signerUuid, text: 'one' });
    await api.publishCast({ signerUuid: bob.signerUuid, text: 'two' });
    await receiver.waitFor((r) => r.length === 2);
    const delivered = { webhook_id: webhook!.webhook_id, status: 'delivered' } as const;
    await expect
      .poll(
        async () =>
          (await call('GET /_emulator/webhooks/deliveries', { query: delivered })).deliveries.length,
      )
      .toBe(2);
    const page = await call('GET /_emulator/webhooks/deliveries', { query: { ...delivered, limit: 1 } });
    const first = page.deliveries[0]!;
    expect([page.deliveries.length, first.status, first.attempt_log[0]?.response_status]).toEqual([
      1,
      'delivered',
      200,
    ]);
    const next = await call('GET /_emulator/webhooks/deliveries', {
      query: { ...delivered, limit: 1, cursor: page.next.cursor! },
    });
    expect(next.deliveries.map((d) => d.id < first.id)).toEqual([true]);

    const one = await call('GET /_emulator/webhooks/deliveries/:id', { params: { id: first.id } });
    expect(receiver.received.map((r) => JSON.parse(r.raw))).toContainEqual(one.delivery.payload);
    const again = await call('POST /_emulator/webhooks/deliveries/:id/redeliver', {
      params: { id: first.id },
    });
    expect(again.delivery.id).toBe(first.id);
    await receiver.waitFor((r) => r.length === 3);

    const rotated = await call('POST /_emulator/webhooks/:webhook_id/rotate-secret', {
      params: { webhook_id: webhook!.webhook_id },
      body: { grace_seconds: 60 },
    });
    expect(rotated.webhook.secrets).toHaveLength(2);
  });

  it('registers a mini app, acts as a user with every host action, and lists what the app sent', async () => {
    const registered = await call('POST /_emulator/miniapps', {
      body: { url: 'http://127.0.0.1:1/app', webhook_url: `${receiver.url}/miniapp`, name: 'Control app' },
    });
    expect([registered.miniapp.name, registered.miniapp.webhook_url]).toEqual([
      'Control app',
      `${receiver.url}/miniapp`,
    ]);
    const { miniapps } = await call('GET /_emulator/miniapps');
    expect(miniapps.map((a) => a.id)).toContain(registered.id);

    const params = { id: registered.id, fid: bob.fid };
    const events: string[] = [];
    let token: string | null = null;
    for (const action of HOST_ACTIONS) {
      const result = await call(hostActionRoute(action), { params, body: { notifications: true } });
      events.push(result.event);
      expect(result.webhook && 'status' in result.webhook ? result.webhook.status : result.webhook).toBe(200);
      if (action === 'notifications/enable') token = result.state.token;
      if (action === 'notifications/enable') {
        const sent = await call('POST /_emulator/miniapps/notify', {
          body: {
            notificationId: 'n-1',
            title: 'Hello',
            body: 'From the control client',
            targetUrl: 'http://127.0.0.1:1/app',
            tokens: [token!],
          },
        });
        expect(sent.result.successfulTokens).toEqual([token]);
        const opened = await call('POST /_emulator/miniapps/:id/users/:fid/notifications/open', {
          params,
          body: { notification_id: 'n-1' },
        });
        expect([opened.app_id, opened.fid, opened.notification_id]).toEqual([registered.id, bob.fid, 'n-1']);
      }
    }
    expect(events).toEqual([
      'miniapp_added',
      'notifications_enabled',
      'notifications_disabled',
      'miniapp_removed',
    ]);
    const { notifications } = await call('GET /_emulator/miniapps/:id/notifications', {
      params: { id: registered.id },
      query: { limit: 10 },
    });
    expect(notifications.map((n) => [n.fid, n.title, n.token])).toEqual([[bob.fid, 'Hello', token]]);
  });

  it('approves a pending signer as a user, and says a redirect for a browser is no answer of its own', async () => {
    const pending = await api.createSignerAndRegisterSignedKey({ farcasterDeveloperMnemonic: DEV_MNEMONIC });
    const approved = await call('GET /_emulator/signer/:uuid/approve', {
      params: { uuid: pending.signer_uuid },
      query: { fid: bob.fid },
    });
    expect([approved.status, approved.fid, approved.signer_uuid]).toEqual([
      'approved',
      bob.fid,
      pending.signer_uuid,
    ]);
    const browser = await control
      .call('GET /_emulator/signer/:uuid/approve', { params: { uuid: pending.signer_uuid } })
      .catch((e: unknown) => e);
    expect(browser).toMatchObject({ status: 302, reason: 'not-json' });
  });

  it(
    'exports a snapshot and the current state as files, as bytes or a stream, and imports them',
    async () => {
      const { cast } = await api.publishCast({ signerUuid: alice.signerUuid, text: 'in the exported file' });
      const lookup = () => api.lookupCastByHashOrWarpcastUrl({ identifier: cast.hash, type: 'hash' });
      await call('POST /_emulator/snapshots', { body: { name: 'to-export' } });
      called.add('GET /_emulator/snapshots/:name/export');
      const file = await (await control.exportSnapshot('to-export')).bytes();
      expect(Buffer.from(file.subarray(0, 16)).toString('latin1')).toBe('SQLite format 3\0');
      await call('POST /_emulator/reset');
      await expect(lookup()).rejects.toMatchObject({ status: 404 });
      called.add('POST /_emulator/import');
      const imported = await control.importSnapshot(file, { name: 'imported' });
      expect(imported).toEqual({ status: 'imported', snapshot: 'imported', dropped: [] });
      expect((await lookup()).cast.text).toBe('in the exported file');
      // The current state's file streamed straight back in: the snapshot taken by the import goes.
      called.add('GET /_emulator/export');
      const current = await control.exportSnapshot();
      const again = await control.importSnapshot(current.stream);
      expect(again).toEqual({ status: 'imported', snapshot: null, dropped: ['imported'] });
      expect((await lookup()).cast.text).toBe('in the exported file');
    },
    IMPORTS,
  );

  it('imports a slice of a live graph, and refuses to approve an auth address nobody registered', async () => {
    const report = await call('POST /_emulator/imports', {
      body: { users: [{ fid: 900_100, username: 'control-import', display_name: 'Imported' }] },
    });
    expect(report.users).toBe(1);
    expect((await api.lookupUserByUsername({ username: 'control-import' })).user.fid).toBe(900_100);
    const address = '0x00000000000000000000000000000000000000ab';
    await expect(
      call('GET /_emulator/auth-address/:address/approve', { params: { address }, query: { fid: bob.fid } }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('has sent every declared control', () => {
    expect([...called].sort()).toEqual(controlRoutes().sort());
  });
});

describe('what the control client raises', () => {
  it('a file control’s error status as a ControlError like any other', async () => {
    await expect(control.exportSnapshot('never-taken')).rejects.toMatchObject({
      route: 'GET /_emulator/snapshots/:name/export',
      status: 404,
      reason: 'status',
    });
    await expect(control.importSnapshot(new TextEncoder().encode('no database'))).rejects.toMatchObject({
      route: 'POST /_emulator/import',
      status: 400,
      reason: 'status',
    });
  });

  it('an error status as a ControlError with its message and the field at fault', async () => {
    const error = await control
      .call('POST /_emulator/clock/advance', { body: { by: 'soon' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ControlError);
    expect(error).toMatchObject({ status: 400, reason: 'status', property: 'by' });
    expect((error as ControlError).message).toMatch(/^by must be a duration/);
    const missing = await control
      .call('DELETE /_emulator/snapshots/:name', { params: { name: 'never-taken' } })
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 404, property: 'name' });
  });

  describe('from a server that is no emulator', () => {
    let server: Server;
    let impostor: ControlClient;
    beforeAll(async () => {
      server = createServer((req, res) => {
        // Never answers: what a client's timeout is for.
        if (req.url === '/_emulator/stats') return;
        if (req.url === '/_emulator/clock') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ now: 'noon', frozen: false, offset: 0, iso: 'noon' }));
        } else res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>hello</p>');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      impostor = createControlClient({
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        apiKey: 'k',
      });
    });
    afterAll(() => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('an answer its declaration does not take, naming the field', async () => {
      await expect(impostor.call('GET /_emulator/clock')).rejects.toMatchObject({
        status: 200,
        reason: 'shape',
        property: 'now',
        message: 'GET /_emulator/clock answered what its declaration does not take: now must be a number',
      });
    });

    it('a file answered as another type, not taken for the file', async () => {
      await expect(impostor.exportSnapshot()).rejects.toMatchObject({
        status: 200,
        reason: 'shape',
        message: 'GET /_emulator/export answered text/html, not application/vnd.sqlite3',
      });
    });

    it('the fetch error of a call that outlasts the client’s timeoutMs, as no answer at all', async () => {
      const patient = createControlClient({ baseUrl: impostor.baseUrl, apiKey: 'k', timeoutMs: 50 });
      const error = await patient.call('GET /_emulator/stats').catch((e: unknown) => e);
      expect(error).not.toBeInstanceOf(ControlError);
      expect(error).toMatchObject({ name: 'TimeoutError' });
    });

    it('an answer that is no JSON', async () => {
      await expect(impostor.call('GET /_emulator/health')).rejects.toMatchObject({
        status: 200,
        reason: 'not-json',
        message: expect.stringContaining('without JSON; is this a castkit emulator?'),
      });
    });
  });
});
