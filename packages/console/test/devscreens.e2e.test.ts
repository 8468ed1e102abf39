// The developer screens end to end: the built console served with a real emulator as castkit dev
// serves them, driven in Debian's headless Chromium.
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_MNEMONIC, type Emulator, SEED_USERS } from '@castkit/emulator';
import { NeynarAPIClient } from '@castkit/sdk/2.x';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEV_MNEMONIC } from '../src/dev/signers/app-account';
import { axeViolations, hasChromium, launchChromium } from './support/browser';
import { buildConsole, startConsoleServer } from './support/console-server';

const artifacts = fileURLToPath(new URL('../../../test-artifacts/console/devscreens/', import.meta.url));

let server: Emulator;
let browser: BrowserContext;
let page: Page;
let api: NeynarAPIClient;

/** Saves a screenshot and fails on any serious or critical axe finding. */
async function screen(p: Page, name: string) {
  await p.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
  const serious = (await axeViolations(p)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    name,
  ).toEqual([]);
}

/** A receiver on loopback that keeps every body and signature it gets; GET / is a page frame. */
async function startReceiver() {
  const received: { path: string; body: string; signature: string | undefined }[] = [];
  const http: Server = createServer((req, res) => {
    if (req.method === 'GET') {
      res.setHeader('content-type', 'text/html');
      res.end(`<meta name="fc:frame" content="vNext"><meta name="fc:frame:image" content="http://x.example/i.png">
        <meta name="fc:frame:button:1" content="Next"><meta name="fc:frame:post_url" content="http://x.example/post">`);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const signature = req.headers['x-neynar-signature'];
      received.push({
        path: req.url ?? '/',
        body: Buffer.concat(chunks).toString('utf8'),
        signature: [signature].flat()[0],
      });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/hook`;
  return { url, received, close: () => new Promise((resolve) => http.close(resolve)) };
}

/** A frame on loopback: every request gets the same frame page; POST bodies (signed packets) are kept. */
async function startFrameServer() {
  const posts: string[] = [];
  const http: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST') posts.push(Buffer.concat(chunks).toString('utf8'));
      res.setHeader('content-type', 'text/html');
      res.end(`<meta name="fc:frame" content="vNext"><meta name="fc:frame:image" content="http://x.example/i.png">
        <meta name="fc:frame:button:1" content="Again">`);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return { url, posts, close: () => new Promise((resolve) => http.close(resolve)) };
}

const signerRow = (uuid: string) =>
  server.store.db.prepare('SELECT status, fid FROM signers WHERE signer_uuid = ?').get(uuid) as {
    status: string;
    fid: number | null;
  };

describe.skipIf(!hasChromium && process.env.CI !== 'true')('the developer screens in Chromium', () => {
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    server = await startConsoleServer(await buildConsole());
    browser = await launchChromium();
    page = await browser.newPage();
    api = new NeynarAPIClient({ apiKey: server.apiKey, baseUrl: `${server.url}/v2` });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('offers the emulator its own public dev mnemonic as the app custody account', () => {
    expect(EMULATOR_DEV_MNEMONIC).toBe(DEV_MNEMONIC);
  });

  it('creates and registers a signer, opens its approval URL on the approval screen and approves it as bob', async () => {
    await page.goto(`${server.url}/signers`);
    await page.getByRole('heading', { name: 'Signers', level: 1 }).waitFor();
    await screen(page, 'signers-empty');
    await page.getByRole('button', { name: 'Create and register signer' }).click();
    const card = page.getByTestId('signer-card').first();
    await expect.poll(() => card.getByTestId('signer-status').innerText()).toBe('pending_approval');
    const uuid = (await card.getAttribute('data-signer'))!;
    expect(signerRow(uuid)).toEqual({ status: 'pending_approval', fid: null });
    const approvalLink = card.getByRole('link', { name: /\/_emulator\/signer\/.+\/approve$/ });
    expect(await approvalLink.getAttribute('href')).toBe(`${server.url}/_emulator/signer/${uuid}/approve`);
    await screen(page, 'signers-pending');

    // The URL the API handed out opens the console's approval screen.
    await approvalLink.click();
    await page.waitForURL(`${server.url}/signers/approve/${uuid}`);
    await expect.poll(() => page.getByTestId('approve-status').innerText()).toBe('pending_approval');
    await page.getByLabel('Approve as user (fid)').fill('2');
    await expect.poll(() => page.getByTestId('approving-user').innerText()).toContain('@bob');
    await screen(page, 'signer-approval');
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => page.getByTestId('approve-status').innerText()).toBe('approved (fid 2)');
    expect(signerRow(uuid)).toEqual({ status: 'approved', fid: 2 });

    await page.getByRole('link', { name: 'Back to signers' }).click();
    const same = page.locator(`[data-signer="${uuid}"]`);
    await expect.poll(() => same.getByTestId('signer-status').innerText()).toBe('approved');
    expect(await same.innerText()).toContain('(fid 2)');
  });

  it('shows a signer approved in another tab without reloading, after registering its key in two steps', async () => {
    await page.goto(`${server.url}/signers`);
    await page.getByRole('button', { name: 'Create signer only' }).click();
    const card = page.getByTestId('signer-card').first();
    await expect.poll(() => card.getByTestId('signer-status').innerText()).toBe('generated');
    const uuid = (await card.getAttribute('data-signer'))!;
    expect(await card.getByRole('link').count()).toBe(0);
    await card.getByRole('button', { name: 'Register signed key' }).click();
    await expect.poll(() => card.getByTestId('signer-status').innerText()).toBe('pending_approval');

    const other = await browser.newPage();
    await other.goto(`${server.url}/_emulator/signer/${uuid}/approve`);
    await other.getByLabel('Approve as user (fid)').fill('3');
    await expect.poll(() => other.getByTestId('approving-user').innerText()).toContain('@carol');
    await other.getByRole('button', { name: 'Approve' }).click();
    await other.getByRole('status').waitFor();
    await other.close();

    // The first tab polls: the card turns approved by itself.
    await expect.poll(() => card.getByTestId('signer-status').innerText()).toBe('approved');
    expect(signerRow(uuid)).toEqual({ status: 'approved', fid: 3 });
  });

  it('registers a developer managed key generated in the page and follows its approval', async () => {
    await page.goto(`${server.url}/signers`);
    await page.getByRole('button', { name: 'Generate key' }).click();
    const keyField = page.getByLabel('Ed25519 public key');
    await expect.poll(() => keyField.inputValue()).toMatch(/^0x[0-9a-f]{64}$/);
    const publicKey = await keyField.inputValue();
    await page.getByRole('button', { name: 'Register developer key' }).click();
    const card = page.locator(`[data-signer="${publicKey}"]`);
    await expect.poll(() => card.getByTestId('signer-status').innerText()).toBe('pending_approval');
    const href = (await card.getByRole('link').getAttribute('href'))!;
    await screen(page, 'signers-developer-key');

    const other = await browser.newPage();
    await other.goto(href);
    await other.getByRole('button', { name: 'Approve' }).click();
    await other.getByRole('status').waitFor();
    await other.close();
    await expect.poll(() => card.getByTestId('signer-status').innerText()).toBe('approved');
    expect(await card.innerText()).toContain('(fid 1)');
  });

  it('names what is wrong when the mnemonic is not one, and registers nothing', async () => {
    await page.goto(`${server.url}/signers`);
    const before = (server.store.db.prepare('SELECT COUNT(*) AS n FROM signers').get() as { n: number }).n;
    await page.getByLabel('App custody mnemonic').fill('not a mnemonic');
    await page.getByRole('button', { name: 'Create and register signer' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('not a valid BIP-39 phrase');
    expect((server.store.db.prepare('SELECT COUNT(*) AS n FROM signers').get() as { n: number }).n).toBe(
      before,
    );
  });

  it('charts the casts matching a query over 1d, 7d and 30d, and counts a cast posted meanwhile', async () => {
    const word = `zebrafish${Date.now().toString(36)}`;
    await page.goto(`${server.url}/metrics`);
    await page.getByLabel('Search query').fill(word);
    await expect.poll(() => page.getByTestId('metrics-total').innerText()).toMatch(/^0 casts matching/);
    await api.publishCast({ signerUuid: SEED_USERS[1]!.signerUuid, text: `a ${word} swims by` });
    await page.reload();
    await page.getByLabel('Search query').fill(word);
    for (const interval of ['1d', '7d', '30d'] as const) {
      await page.getByRole('radio', { name: interval }).check({ force: true });
      const { metrics } = await api.fetchCastMetrics({ q: word, interval });
      await expect
        .poll(() => page.getByTestId('metrics-total').innerText())
        .toBe(`1 cast matching “${word}” in the last ${interval}, in ${metrics.length} buckets.`);
      // A bar for each bucket holding casts (recharts draws none for a zero), here the new cast's one.
      const filled = metrics.filter((m) => m.cast_count > 0).length;
      expect(filled).toBe(1);
      await expect
        .poll(() => page.locator('[data-testid="count-chart"] .recharts-bar-rectangle').count())
        .toBe(filled);
    }
    await screen(page, 'metrics');
  });

  it('shows storage usage and allocations, and a purchase adds its units', async () => {
    await page.goto(`${server.url}/storage`);
    await page.getByLabel('User fid').fill('2');
    const units = page.getByTestId('storage-units');
    await expect.poll(() => units.innerText()).toMatch(/^\d+$/);
    const before = Number(await units.innerText());
    const rentsBefore = await page.getByTestId('allocations').locator('tr').count();
    expect(before).toBe((await api.lookupUserStorageAllocations({ fid: 2 })).total_active_units);
    await screen(page, 'storage');
    await page.getByLabel('Units').fill('2');
    await page.getByRole('button', { name: 'Buy storage' }).click();
    await expect.poll(() => units.innerText()).toBe(String(before + 2));
    expect(await page.getByTestId('allocations').locator('tr').count()).toBe(rentsBefore + 1);
    expect((await api.lookupUserStorageAllocations({ fid: 2 })).total_active_units).toBe(before + 2);
    await page.getByLabel('Units').fill('0');
    expect(await page.getByRole('alert').innerText()).toBe('Units must be a positive integer.');
    expect(await page.getByRole('button', { name: 'Buy storage' }).isDisabled()).toBe(true);
  });

  it('creates a webhook to a test receiver, shows the delivery of a matching cast and checks its signature', async () => {
    const receiver = await startReceiver();
    try {
      const word = `hookfish${Date.now().toString(36)}`;
      await page.goto(`${server.url}/webhooks`);
      await page.getByRole('button', { name: 'New webhook' }).click();
      const form = page.getByRole('form', { name: 'New webhook' });
      await form.getByLabel('Name').fill('e2e receiver');
      await form.getByLabel('Target URL').fill(receiver.url);
      await form.getByLabel('cast.created · Text matches (regex)').fill(word);
      await screen(page, 'webhooks-new');
      await form.getByRole('button', { name: 'Create webhook' }).click();
      const item = page.getByTestId('webhook').filter({ hasText: 'e2e receiver' });
      await item.waitFor();
      const webhookId = (await item.getAttribute('data-webhook'))!;

      // A cast that does not match sends nothing; the matching one is delivered and logged.
      await api.publishCast({ signerUuid: SEED_USERS[1]!.signerUuid, text: 'nothing to see here' });
      const { cast } = await api.publishCast({ signerUuid: SEED_USERS[1]!.signerUuid, text: `a ${word}` });
      const delivery = item.getByTestId('delivery');
      await expect
        .poll(() => delivery.getByTestId('delivery-status').innerText(), { timeout: 15_000 })
        .toBe('delivered');
      expect(await delivery.count()).toBe(1);
      expect(receiver.received).toHaveLength(1);
      const sent = receiver.received[0]!;
      expect(JSON.parse(sent.body)).toMatchObject({ type: 'cast.created', data: { hash: cast.hash } });
      await delivery.locator('summary').click();
      expect(await delivery.innerText()).toContain('HTTP 200');
      expect(await delivery.innerText()).toContain(cast.hash);

      // The log's body serialised again is the exact body sent, so the check runs over sent bytes.
      const logged = await fetch(`${server.url}/_emulator/webhooks/deliveries?webhook_id=${webhookId}`, {
        headers: { 'x-api-key': server.apiKey },
      }).then((r) => r.json() as Promise<{ deliveries: { payload: unknown }[] }>);
      expect(JSON.stringify(logged.deliveries[0]!.payload)).toBe(sent.body);

      const { webhook } = await api.lookupWebhook({ webhookId });
      const signingUid = webhook!.secrets[0]!.uid;
      const check = delivery.getByRole('form', { name: 'Signature check' });
      await check.getByLabel('X-Neynar-Signature your receiver got').fill(sent.signature!);
      await check.getByRole('button', { name: 'Check signature' }).click();
      await expect
        .poll(() => check.getByTestId('signature-verdict').innerText())
        .toBe(`Valid: signed with secret ${signingUid} (the current signing secret).`);
      await screen(page, 'webhooks-delivery');
      const tampered = (sent.signature!.startsWith('0') ? '1' : '0') + sent.signature!.slice(1);
      await check.getByLabel('X-Neynar-Signature your receiver got').fill(tampered);
      await check.getByRole('button', { name: 'Check signature' }).click();
      await expect
        .poll(() => check.getByTestId('signature-verdict').innerText())
        .toBe("Invalid: matches none of the webhook's 1 secrets.");

      // After a rotation the old signature still verifies, now with the older secret named.
      await item.getByRole('button', { name: 'Rotate secret' }).click();
      await expect.poll(() => item.getByTestId('webhook-secret').count()).toBe(2);
      await check.getByLabel('X-Neynar-Signature your receiver got').fill(sent.signature!);
      await check.getByRole('button', { name: 'Check signature' }).click();
      await expect
        .poll(() => check.getByTestId('signature-verdict').innerText())
        .toBe(`Valid: signed with secret ${signingUid} (an older secret, still valid).`);

      // Redeliver sends the same body again, signed with the new secret.
      await delivery.getByRole('button', { name: 'Redeliver' }).click();
      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
      expect(receiver.received[1]!.body).toBe(sent.body);
      expect(receiver.received[1]!.signature).not.toBe(sent.signature);
      await expect.poll(() => delivery.innerText()).toMatch(/2 attempts/);
    } finally {
      await receiver.close();
    }
  });

  it('streams matching casts live through the realtime client, holds them while paused and shows the raw frames', async () => {
    const word = `streamfish${Date.now().toString(36)}`;
    await page.goto(`${server.url}/stream`);
    await page.getByLabel('cast.created · Text matches (regex)').fill(word);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const status = page.getByTestId('stream-status');
    await expect.poll(() => status.innerText()).toMatch(/^Live, from event \d+\.$/);
    const events = page.getByTestId('stream-event');

    await api.publishCast({ signerUuid: SEED_USERS[2]!.signerUuid, text: 'not for the stream' });
    const hostile = `${word} <img src=x onerror="window.__pwned=1"> <script>window.__pwned=2</script>`;
    const { cast } = await api.publishCast({ signerUuid: SEED_USERS[2]!.signerUuid, text: hostile });
    await expect.poll(() => events.count()).toBe(1);
    expect(await events.first().locator('summary').innerText()).toContain(`@carol: ${hostile}`);
    expect(await events.first().locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

    // The frames are the connection's own: the login and subscribe sent, the event received.
    const sent = await page.locator('[data-testid="frame"][data-direction="sent"]').allInnerTexts();
    expect(sent.map((t) => JSON.parse(t.slice(2)).method).sort()).toEqual(['login', 'subscribe']);
    const received = await page.locator('[data-testid="frame"][data-direction="received"]').allInnerTexts();
    const eventFrame = received.map((t) => JSON.parse(t.slice(2))).find((f) => f.method === 'event');
    expect(eventFrame.params.event).toMatchObject({ type: 'cast.created', data: { hash: cast.hash } });
    await screen(page, 'stream');

    await page.getByRole('button', { name: 'Pause' }).click();
    await api.publishCast({ signerUuid: SEED_USERS[2]!.signerUuid, text: `${word} held one` });
    await api.publishCast({ signerUuid: SEED_USERS[2]!.signerUuid, text: `${word} held two` });
    await expect.poll(() => status.innerText()).toContain('Paused: 2 new events held.');
    expect(await events.count()).toBe(1);
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => events.count()).toBe(3);
    const summaries = await events.locator('summary').allInnerTexts();
    expect(summaries[0]).toContain('held two');
    expect(summaries[1]).toContain('held one');

    await page.getByRole('button', { name: 'Disconnect' }).click();
    await expect.poll(() => status.innerText()).toBe('Closed.');
    await api.publishCast({ signerUuid: SEED_USERS[2]!.signerUuid, text: `${word} after disconnect` });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await events.count()).toBe(3);
  });

  it('lists the mini-app catalog by category, searches it, shows relevant apps and crawls an app page', async () => {
    const site = await startReceiver();
    try {
      await page.goto(`${server.url}/miniapps`);
      const catalog = page.getByRole('list', { name: 'Catalog' });
      await page.getByLabel('Category', { exact: true }).selectOption('games');
      await page.getByLabel('Time window').selectOption('24h');
      const { frames } = await api.fetchFrameCatalog({ categories: ['games'], timeWindow: '24h', limit: 50 });
      expect(frames!.length).toBeGreaterThan(0);
      await expect.poll(() => catalog.getByTestId('miniapp').count()).toBe(frames!.length);
      for (const text of await catalog.getByTestId('miniapp').allInnerTexts())
        expect(text).toContain('games ·');

      await page.getByLabel('Search mini apps').fill('Pixel');
      await expect.poll(() => catalog.getByTestId('miniapp').first().innerText()).toContain('Pixel Quest');

      await page.getByLabel('Viewer fid').fill('2');
      const { relevant_frames } = await api.fetchRelevantFrames({ viewerFid: 2 });
      await expect.poll(() => page.getByTestId('relevant-miniapp').count()).toBe(relevant_frames.length);

      await page.getByLabel('Mini app URL').fill(`${site.url.replace('/hook', '/')}`);
      await page.getByRole('button', { name: 'Crawl meta tags' }).click();
      await expect.poll(() => page.getByTestId('meta-tags').innerText()).toContain('http://x.example/post');
      await screen(page, 'miniapps');
    } finally {
      await site.close();
    }
  });

  it('registers an app with the host simulation and adds it as bob with notifications, the app webhook answering', async () => {
    const app = await startReceiver();
    try {
      await page.goto(`${server.url}/miniapps`);
      const form = page.getByRole('form', { name: 'Register a mini app' });
      await form.getByLabel('App home URL').fill(app.url.replace('/hook', '/'));
      await form.getByLabel('App webhook URL (optional)').fill(app.url);
      await form.getByLabel('App name (optional)').fill('E2E app');
      await form.getByRole('button', { name: 'Register mini app' }).click();
      const hosted = page.getByTestId('hosted-app').filter({ hasText: 'E2E app' });
      await hosted.waitFor();
      await hosted.getByLabel('Act as user (fid)').fill('2');
      await hosted.getByRole('button', { name: 'Add app' }).click();
      const outcome = hosted.getByTestId('host-outcome');
      await expect
        .poll(() => outcome.innerText())
        .toMatch(/^Sent miniapp_added as fid 2: added, notifications on \(token [0-9a-f]{32}\)\./);
      expect(await hosted.getByTestId('host-webhook').innerText()).toBe(
        "The app's webhook answered HTTP 200: ok",
      );
      expect(app.received).toHaveLength(1);
      // The app got a JSON Farcaster Signature envelope whose payload is the added event.
      const jfs = JSON.parse(app.received[0]!.body) as { payload: string };
      expect(JSON.parse(Buffer.from(jfs.payload, 'base64url').toString())).toMatchObject({
        event: 'miniapp_added',
      });
      await screen(page, 'miniapps-host');

      await hosted.getByRole('button', { name: 'Disable notifications' }).click();
      await expect
        .poll(() => outcome.innerText())
        .toContain('Sent notifications_disabled as fid 2: added, notifications off');
      expect(app.received).toHaveLength(2);
    } finally {
      await app.close();
    }
  });

  it('charts who interacted with a validated frame, a bar per user as tall as their count', async () => {
    const frame = await startFrameServer();
    try {
      const frameUrl = `${frame.url}/frame`;
      const castHash = (
        server.store.db
          .prepare('SELECT hash FROM casts WHERE deleted = 0 ORDER BY ts DESC LIMIT 1')
          .get() as {
          hash: string;
        }
      ).hash;
      const [alice, bob] = SEED_USERS;
      for (const user of [bob!, bob!, alice!]) {
        await api.postFrameAction({
          signerUuid: user.signerUuid,
          castHash,
          action: {
            button: { index: 1, action_type: 'post', title: 'Go' },
            frames_url: frameUrl,
            post_url: `${frame.url}/post`,
          },
        });
        const packet = JSON.parse(frame.posts.at(-1)!) as { trustedData: { messageBytes: string } };
        await api.validateFrameAction({ messageBytesInHex: packet.trustedData.messageBytes });
      }

      await page.goto(`${server.url}/miniapps`);
      await page.getByLabel('Frame URL').fill(frameUrl);
      await expect
        .poll(() => page.getByTestId('analytics-total').innerText())
        .toBe('interactors: 3 in 2 bars.');
      const bars = page.locator('[data-testid="analytics-chart"] .recharts-bar-rectangle path');
      await expect.poll(() => bars.count()).toBe(2);
      const heights = await Promise.all([0, 1].map(async (i) => (await bars.nth(i).boundingBox())!.height));
      // bob's two interactions stand twice as tall as alice's one.
      expect(heights[0]! / heights[1]!).toBeCloseTo(2, 1);
      await screen(page, 'miniapps-analytics');

      await page.getByLabel('Analytics', { exact: true }).selectOption('total-interactors');
      await expect
        .poll(() => page.getByTestId('analytics-total').innerText())
        .toBe('total-interactors: 2 in 1 bar.');
    } finally {
      await frame.close();
    }
  });

  it('adds a fault rule making publishReaction answer 503 for the next call, which the SDK then gets, and the rule goes', async () => {
    await page.goto(`${server.url}/controls`);
    const form = page.getByRole('form', { name: 'Add a fault rule' });
    await form.getByLabel('Operation', { exact: true }).fill('publishReaction');
    await form.getByLabel('Effect').selectOption('error');
    await form.getByLabel('Status').selectOption('503');
    await form.getByLabel('the next N calls').check();
    await form.getByLabel('Number of calls').fill('1');
    await form.getByRole('button', { name: 'Add fault rule' }).click();
    const rules = page.getByTestId('fault-rule');
    await expect.poll(() => rules.count()).toBe(1);
    expect(await rules.first().innerText()).toContain('publishReaction answers 503, for the next 1 call');
    await screen(page, 'controls-fault');

    const cast = (
      server.store.db.prepare('SELECT hash FROM casts WHERE deleted = 0 ORDER BY ts DESC LIMIT 1').get() as {
        hash: string;
      }
    ).hash;
    const like = () =>
      // No retries: the SDK would retry a 503 and get past the one-call rule.
      api.publishReaction(
        { signerUuid: SEED_USERS[1]!.signerUuid, reactionType: 'like', target: cast },
        { retries: 0 },
      );
    await expect(like()).rejects.toMatchObject({ status: 503 });
    await expect.poll(() => rules.count()).toBe(0);
    expect(await page.getByText('No fault rules in force.').count()).toBe(1);
    await expect(like()).resolves.toMatchObject({ success: true });

    // A bad rule gets the emulator's 400 naming the field; delete and clear take rules away.
    await form.getByLabel('Operation', { exact: true }).fill('noSuchOperation');
    await form.getByRole('button', { name: 'Add fault rule' }).click();
    await expect
      .poll(() => page.getByRole('alert').innerText())
      .toContain('no operation named noSuchOperation');
    await form.getByLabel('Operation', { exact: true }).fill('publishCast');
    await form.getByLabel('every matching call').check();
    await form.getByRole('button', { name: 'Add fault rule' }).click();
    await form.getByRole('button', { name: 'Add fault rule' }).click();
    await expect.poll(() => rules.count()).toBe(2);
    const first = (await rules.first().getAttribute('data-fault'))!;
    await page.getByRole('button', { name: `Delete rule ${first}` }).click();
    await expect.poll(() => rules.count()).toBe(1);
    await page.getByRole('button', { name: 'Clear all rules' }).click();
    await expect.poll(() => rules.count()).toBe(0);
    const left = await fetch(`${server.url}/_emulator/faults`, { headers: { 'x-api-key': server.apiKey } });
    expect(await left.json()).toEqual({ faults: [] });
  });

  it('takes a snapshot, and restoring it drops a cast posted since', async () => {
    await page.goto(`${server.url}/controls`);
    const name = `before-${Date.now().toString(36)}`;
    await page.getByLabel('Snapshot name').fill(name);
    await page.getByRole('button', { name: 'Take snapshot' }).click();
    await page.getByRole('button', { name: `Restore ${name}` }).waitFor();
    const { cast } = await api.publishCast({
      signerUuid: SEED_USERS[0]!.signerUuid,
      text: 'gone after restore',
    });
    expect((await api.lookupCastByHashOrWarpcastUrl({ identifier: cast.hash, type: 'hash' })).cast.text).toBe(
      'gone after restore',
    );
    await page.getByRole('button', { name: `Restore ${name}` }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toBe(`Restored ${name}.`);
    await expect(
      api.lookupCastByHashOrWarpcastUrl({ identifier: cast.hash, type: 'hash' }),
    ).rejects.toMatchObject({ status: 404 });
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await expect.poll(() => page.getByRole('button', { name: `Restore ${name}` }).count()).toBe(0);
  });

  it('resets the emulator to its seed from the controls screen, dropping a cast posted since', async () => {
    const { cast } = await api.publishCast({
      signerUuid: SEED_USERS[0]!.signerUuid,
      text: 'gone after reset',
    });
    expect((await api.lookupCastByHashOrWarpcastUrl({ identifier: cast.hash, type: 'hash' })).cast.text).toBe(
      'gone after reset',
    );
    await page.goto(`${server.url}/controls`);
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Reset to seed' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toBe('Reset to the seed.');
    await expect(
      api.lookupCastByHashOrWarpcastUrl({ identifier: cast.hash, type: 'hash' }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });

  it('freezes the emulator clock and advances it by a typed duration, as the API then sees it', async () => {
    await page.goto(`${server.url}/controls`);
    const clock = page.getByTestId('clock-now');
    const shown = async () => Date.parse((await clock.innerText()).replace('Emulator time: ', ''));
    await page.getByRole('button', { name: 'Freeze' }).click();
    // The click resolves before the freeze reaches the emulator: wait for the clock to stand still,
    // then the screen must show the very instant it stands at.
    await expect.poll(() => server.store.clock.state().frozen).toBe(true);
    await expect.poll(shown).toBe(server.store.now());
    const frozen = await shown();
    await page.getByLabel(/^Advance by/).fill('2h');
    await page.getByRole('button', { name: 'Advance', exact: true }).click();
    await expect.poll(shown).toBe(frozen + 2 * 3_600_000);
    expect(server.store.now()).toBe(frozen + 2 * 3_600_000);
    await page.getByRole('button', { name: 'Back to real time' }).click();
    await expect.poll(shown).not.toBe(frozen + 2 * 3_600_000);
  });

  it('opens every developer screen from the header, and axe finds nothing serious on any', async () => {
    await page.goto(`${server.url}/`);
    const nav = page.getByRole('navigation', { name: 'Developer screens' });
    for (const [name, path, heading] of [
      ['Webhooks', '/webhooks', 'Webhooks'],
      ['Stream', '/stream', 'Stream'],
      ['Signers', '/signers', 'Signers'],
      ['Metrics', '/metrics', 'Metrics'],
      ['Storage', '/storage', 'Storage'],
      ['Mini apps', '/miniapps', 'Mini apps'],
      ['Controls', '/controls', 'Data and controls'],
    ] as const) {
      await nav.getByRole('link', { name }).click();
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      await screen(page, `screen-${name.toLowerCase().replace(' ', '-')}`);
    }
  });
});
