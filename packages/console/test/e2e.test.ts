// End to end: the built console and a real in-process emulator on one origin, composed as
// `castkit dev` composes them, driven in Debian's headless Chromium.
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Emulator } from '@castkit/emulator';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, hasChromium, launchChromium } from './support/browser';
import { buildConsole, startConsoleServer } from './support/console-server';
import { megabyteFeed } from './support/megabyte-feed';

const artifacts = fileURLToPath(new URL('../../../test-artifacts/console/', import.meta.url));
const run = promisify(execFile);

let emulator: Emulator;
let server: Emulator;
let browser: BrowserContext;
let page: Page;
const a11y: Record<string, string[]> = {};

async function screen(name: string) {
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
  const violations = await axeViolations(page);
  a11y[name] = violations.map(
    (v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    name,
  ).toEqual([]);
}

const preview = () => page.getByTestId('preview-code').innerText();

// Outside CI a machine without Chromium skips the browser run; in CI (.ci/run installs Chromium) a
// missing browser must fail, not pass silently.
describe.skipIf(!hasChromium && process.env.CI !== 'true')(
  'the console in Chromium against the emulator',
  () => {
    beforeAll(async () => {
      mkdirSync(artifacts, { recursive: true });
      emulator = await startConsoleServer(await buildConsole());
      server = emulator;
      browser = await launchChromium();
      await browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      page = await browser.newPage();
    }, 120_000);

    afterAll(async () => {
      if (Object.keys(a11y).length)
        console.info('axe findings (none serious/critical):', JSON.stringify(a11y, null, 1));
      await browser?.close();
      await emulator?.close();
    });

    it('opens on the explorer with the active environment in the header', async () => {
      await page.goto(server.url);
      await expect.poll(() => page.getByTestId('env-badge').innerText()).toContain('Local emulator');
      expect(await page.getByRole('heading', { name: 'API explorer' }).isVisible()).toBe(true);
      await screen('explorer-empty');
    });

    it('lists 3.x operations by default and 2.44 ones when switched, keeping the choice in the URL', async () => {
      const version = page.getByLabel('SDK version');
      const list = page.getByRole('navigation', { name: 'Operations' });
      expect(await version.inputValue()).toBe('3');
      await list.locator('a[data-op="v2.lookupCastByHashOrUrl"]').waitFor();
      expect(await list.locator('a[data-op="v2.lookupCastByHashOrWarpcastUrl"]').count()).toBe(0);
      // An operation both generations have stays open across the switch, its request that generation's.
      const inputs = encodeURIComponent(JSON.stringify({ fid: '1', type: ['follows', 'likes'] }));
      await page.goto(`${server.url}/?op=v2.fetchAllNotifications&in=${inputs}`);
      await page.getByRole('heading', { name: 'fetchAllNotifications' }).waitFor();
      expect(await page.getByTestId('op-generation').innerText()).toBe('SDK 3.x');
      await expect
        .poll(preview)
        .toContain(`curl -X GET '${server.url}/v2/farcaster/notifications/?fid=1&type=follows&type=likes'`);
      await page.getByRole('tab', { name: 'castkit SDK' }).click();
      await expect.poll(preview).toContain("import { Configuration, NeynarAPIClient } from '@castkit/sdk';");
      expect(await preview()).toContain(`basePath: '${server.url}',`);
      expect(await preview()).toContain(
        "client.fetchAllNotifications({\n  fid: 1,\n  type: ['follows', 'likes'],\n})",
      );
      await screen('explorer-3x');

      await version.selectOption('2.44');
      await expect.poll(() => page.getByTestId('op-generation').innerText()).toBe('SDK 2.44');
      expect(decodeURIComponent(page.url())).toMatch(/[?&]api="?2\.44/);
      await list.locator('a[data-op="v2.lookupCastByHashOrWarpcastUrl"]').waitFor();
      expect(await list.locator('a[data-op="v2.lookupCastByHashOrUrl"]').count()).toBe(0);
      await expect
        .poll(preview)
        .toContain(`curl -X GET '${server.url}/v2/farcaster/notifications?fid=1&type=follows,likes'`);
      await page.getByRole('tab', { name: 'castkit SDK' }).click();
      await expect.poll(preview).toContain("import { NeynarAPIClient } from '@castkit/sdk/2.x';");
      // A reload, or the link in a fresh tab, opens 2.44 again.
      await page.reload();
      await page.getByRole('heading', { name: 'fetchAllNotifications' }).waitFor();
      expect(await page.getByLabel('SDK version').inputValue()).toBe('2.44');
      expect(await page.getByTestId('op-generation').innerText()).toBe('SDK 2.44');
      await screen('explorer-2.44');
      // Back to 3.x: the calls below are 3.x's, sent to the emulator's trailing-slash paths.
      await page.getByLabel('SDK version').selectOption('3');
      await expect.poll(() => page.getByTestId('op-generation').innerText()).toBe('SDK 3.x');
    });

    it('finds lookupUserByUsername with Ctrl-K and opens it', async () => {
      await page.keyboard.press('Control+k');
      const search = page.getByRole('combobox', { name: /Search operations/ });
      await search.fill('user by username');
      const found = page.getByRole('dialog').getByRole('option');
      await expect.poll(() => found.first().innerText()).toContain('lookupUserByUsername');
      await screen('command-palette');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'lookupUserByUsername' }).waitFor();
      expect(new URL(page.url()).searchParams.get('op')).toBe('v2.lookupUserByUsername');
    });

    it('suggests usernames from the emulator, sends the request and shows alice', async () => {
      const username = page.locator('#param-username');
      await username.fill('ali');
      await expect
        .poll(() =>
          page
            .locator('#param-username-suggestions option')
            .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value)),
        )
        .toContain('alice');
      await username.fill('alice');
      // fid fields suggest too: typing a name offers the matching fids.
      await page.locator('#param-viewerFid').fill('bo');
      await expect
        .poll(() =>
          page
            .locator('#param-viewerFid-suggestions option')
            .evaluateAll((o) => o.map((x) => `${(x as HTMLOptionElement).value} ${x.textContent}`)),
        )
        .toContain('2 @bob');
      await page.locator('#param-viewerFid').fill('');
      await page.getByRole('button', { name: 'Send request' }).click();
      await expect.poll(() => page.getByTestId('response-status').innerText()).toBe('200 OK');
      const body = await page.getByTestId('response-body').innerText();
      expect(body).toContain('"alice"');
      expect(body).toContain('"Alice Hart"');
      await screen('explorer-response');
    });

    it('shows the missing-parameter message, then the API error with its message and property', async () => {
      await page.locator('#param-username').fill('');
      await page.getByRole('button', { name: 'Send request' }).click();
      expect(await page.getByRole('alert').innerText()).toBe(
        'Required parameter username was null or undefined when calling lookupUserByUsername.',
      );
      await page.locator('#param-username').fill('nobody-such-user');
      // Ctrl+Enter sends from any field, without reaching for the mouse.
      await page.locator('#param-username').press('Control+Enter');
      await expect.poll(() => page.getByTestId('error-status').innerText()).toBe('404 Not Found');
      expect(await page.getByTestId('error-message').innerText()).toContain('nobody-such-user');
      expect(await page.getByTestId('error-property').innerText()).toBe('username');
      await screen('explorer-error');
    });

    it('reproduces the same request preview from a deep link in a fresh tab', async () => {
      await page.locator('#param-username').fill('alice');
      await page.locator('#param-viewerFid').fill('2');
      // The URL follows the form through the router; wait until it holds the last input.
      await expect.poll(() => decodeURIComponent(page.url())).toContain('viewerFid');
      const link = page.url();
      const expected = await preview();
      expect(expected).toContain('/v2/farcaster/user/by_username/?username=alice&viewer_fid=2');
      const fresh = await browser.newPage();
      await fresh.goto(link);
      await fresh.getByRole('heading', { name: 'lookupUserByUsername' }).waitFor();
      await expect.poll(() => fresh.getByTestId('preview-code').innerText()).toBe(expected);
      expect(await fresh.locator('#param-username').inputValue()).toBe('alice');
      await fresh.close();
    });

    it('copies a curl command that gets the same answer from the emulator', async () => {
      await page.getByRole('button', { name: 'Send request' }).click();
      await expect.poll(() => page.getByTestId('response-status').innerText()).toBe('200 OK');
      await page.getByRole('button', { name: 'Copy curl' }).click();
      const curl = await page.evaluate(() => navigator.clipboard.readText());
      expect(curl).toBe(await preview());
      const { stdout } = await run('sh', ['-c', `${curl} -s -w '\\n%{http_code}'`]);
      const [json, status] = [
        stdout.slice(0, stdout.lastIndexOf('\n')),
        stdout.slice(stdout.lastIndexOf('\n') + 1),
      ];
      expect(status).toBe('200');
      const viaCurl = JSON.parse(json);
      const viaApp = await page.evaluate(
        async (url) => (await fetch(url, { headers: { 'x-api-key': 'castkit-dev-key' } })).json(),
        new URL(curl.match(/'(http[^']+)'/)![1]!).toString(),
      );
      expect(viaCurl).toEqual(viaApp);
      expect(viaCurl.user.username).toBe('alice');
      expect(await page.getByTestId('response-body').innerText()).toContain(`"${viaCurl.user.display_name}"`);
    });

    it('edits a JSON body as structured fields or as raw JSON, and the preview follows', async () => {
      await page.goto(`${server.url}/?op=v2.publishCast`);
      await page.getByRole('heading', { name: 'publishCast' }).waitFor();
      await page.locator('#param-signerUuid').fill('signer-1');
      await page.locator('#param-text').fill('gm from the console');
      await page.locator('#param-embeds').fill('[{"url":"https://example.com"}]');
      await expect.poll(preview).toContain(
        // 3.x's body, its fields in the order 3.x's SDK sends them.
        `--data-raw '{"embeds":[{"url":"https://example.com"}],"signer_uuid":"signer-1","text":"gm from the console"}'`,
      );
      await page.getByRole('checkbox', { name: 'Raw JSON body' }).check();
      const raw = page.getByRole('textbox', { name: 'JSON body' });
      expect(JSON.parse(await raw.inputValue())).toEqual({
        signer_uuid: 'signer-1',
        text: 'gm from the console',
        embeds: [{ url: 'https://example.com' }],
      });
      await raw.fill('{"signer_uuid":"signer-1","text":"edited raw"}');
      await expect.poll(preview).toContain(`--data-raw '{"signer_uuid":"signer-1","text":"edited raw"}'`);
      await page.getByRole('tab', { name: '@neynar/nodejs-sdk' }).click();
      await expect
        .poll(preview)
        .toContain("client.publishCast({\n  signerUuid: 'signer-1',\n  text: 'edited raw',\n})");
      await screen('explorer-json-body');
      const fresh = await browser.newPage();
      await fresh.goto(page.url());
      expect(await fresh.getByRole('textbox', { name: 'JSON body' }).inputValue()).toBe(
        '{"signer_uuid":"signer-1","text":"edited raw"}',
      );
      await fresh.close();
    });

    it('sends a 3.x hub operation to the hub API of the same origin', async () => {
      await page.goto(`${server.url}/?op=hub.fetchUserData`);
      expect(await page.getByTestId('op-generation').innerText()).toBe('SDK 3.x');
      await page.locator('#param-fid').fill('1');
      await page.getByRole('button', { name: 'Send request' }).click();
      await expect.poll(() => page.getByTestId('response-status').innerText()).toBe('200 OK');
      expect(await preview()).toContain(`curl -X GET '${server.url}/v1/userDataByFid?fid=1'`);
      expect(await page.getByTestId('response-body').innerText()).toContain('messages');
    });

    it('shows a 1 MB response quickly, with the tree collapsed below the top', async () => {
      const { casts, next } = megabyteFeed();
      const body = JSON.stringify({ result: { casts }, next });
      expect(body.length).toBeGreaterThan(1_000_000);
      // Only this perf check stubs the response: the emulator's seed has no megabyte-sized answer. The
      // stub answers 3.x's path (its trailing slash), the request the default generation sends.
      await page.route('**/v2/farcaster/casts/?**', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body }),
      );
      await page.goto(
        `${server.url}/?op=v2.fetchBulkCasts&in=${encodeURIComponent(JSON.stringify({ casts: ['0xabc'] }))}`,
      );
      await page.getByRole('heading', { name: 'fetchBulkCasts' }).waitFor();
      const started = Date.now();
      await page.getByRole('button', { name: 'Send request' }).click();
      await page.getByRole('button', { name: 'casts: [2600 items]' }).waitFor();
      const ms = Date.now() - started;
      console.info(`1.0 MB response: send → tree shown in ${ms} ms (Chromium, includes JSON parse)`);
      expect(ms).toBeLessThan(3000);
      expect(await page.getByTestId('response-body').locator('*').count()).toBeLessThan(200);
      const expandStarted = Date.now();
      await page.getByRole('button', { name: 'casts: [2600 items]' }).click();
      await page.getByRole('button', { name: /^Show 100 more/ }).waitFor();
      console.info(`expanding 2600 items (first 100 rendered) took ${Date.now() - expandStarted} ms`);
      await page.unroute('**/v2/farcaster/casts/?**');
    });

    it('keeps sent requests in the history and reopens one', async () => {
      const history = page.getByRole('region', { name: 'History' });
      const entries = history.getByRole('link');
      expect(await entries.count()).toBeGreaterThanOrEqual(3);
      await page.goto(server.url);
      await page
        .getByRole('region', { name: 'History' })
        .getByRole('link', { name: /lookupUserByUsername/ })
        .first()
        .click();
      await page.getByRole('heading', { name: 'lookupUserByUsername' }).waitFor();
      expect(await page.locator('#param-username').inputValue()).toBe('alice');
    });
  },
);
