// The client at /client end to end: the built console and a real emulator in Debian's Chromium.
// Two tabs: alice watches her following feed while the other tab acts as someone else. Each step
// brings the tab it drives to front, as a user would: driven from behind the other tab, each of
// alice's clicks waited ~2 s inside Chromium and each screenshot ~1 s.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Emulator } from '@castkit/emulator';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, hasChromium, launchChromium } from './support/browser';
import { buildConsole, startConsoleServer } from './support/console-server';

const artifacts = fileURLToPath(new URL('../../../test-artifacts/console-client/', import.meta.url));
const run = Date.now().toString(36);

let server: Emulator;
let browser: BrowserContext;
let alice: Page;
let other: Page;
const dialogs: string[] = [];

async function screen(page: Page, name: string) {
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
  const serious = (await axeViolations(page)).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    name,
  ).toEqual([]);
}

const feedTop = (page: Page) => page.getByTestId('cast-list').getByTestId('cast').first();

async function actAs(page: Page, who: string) {
  await page.getByLabel(/Act as another user/).fill(who);
  await page.getByRole('button', { name: 'Switch' }).click();
  await expect
    .poll(() => page.getByTestId('signer-status').innerText(), { timeout: 20_000 })
    .toBe('signer approved');
}

async function post(page: Page, text: string) {
  await page.getByRole('combobox', { name: 'Compose a cast' }).fill(text);
  await page.getByRole('button', { name: 'Cast', exact: true }).click();
  await expect.poll(() => page.getByRole('combobox', { name: 'Compose a cast' }).inputValue()).toBe('');
}

describe.skipIf(!hasChromium && process.env.CI !== 'true')(
  'the client in Chromium against the emulator',
  () => {
    beforeAll(async () => {
      mkdirSync(artifacts, { recursive: true });
      server = await startConsoleServer(await buildConsole());
      browser = await launchChromium();
      alice = await browser.newPage();
      other = await browser.newPage();
      for (const p of [alice, other])
        p.on('dialog', (d) => {
          dialogs.push(d.message());
          void d.dismiss();
        });
    }, 180_000);

    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    it('acts as alice through an approved managed signer and shows her following feed', async () => {
      await alice.bringToFront();
      await alice.goto(`${server.url}/client`);
      await expect
        .poll(() => alice.getByTestId('signer-status').innerText(), { timeout: 20_000 })
        .toBe('signer approved');
      expect(await alice.getByLabel('Acting as').inputValue()).toBe('1');
      await feedTop(alice).waitFor();
      await alice.evaluate(() => {
        (window as unknown as { sameDocument: boolean }).sameDocument = true;
      });
      await screen(alice, 'feed-following');
    });

    it("shows bob's new cast at the top of alice's following feed without reloading", async () => {
      await other.bringToFront();
      await other.goto(`${server.url}/client`);
      await other.getByLabel('Acting as').selectOption('2');
      await expect
        .poll(() => other.getByTestId('signer-status').innerText(), { timeout: 20_000 })
        .toBe('signer approved');
      const text = `gm from bob ${run}`;
      await post(other, text);
      await expect
        .poll(() => feedTop(alice).getByTestId('cast-text').innerText(), { timeout: 15_000 })
        .toBe(text);
      expect(await alice.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
        true,
      );
    });

    it('counts bytes as the user types and refuses a cast over 320 bytes', async () => {
      await alice.bringToFront();
      const box = alice.getByRole('combobox', { name: 'Compose a cast' });
      await box.fill('héllo');
      expect(await alice.getByTestId('byte-counter').innerText()).toBe('6/320 bytes');
      await box.fill('é'.repeat(161));
      expect(await alice.getByTestId('byte-counter').innerText()).toBe('322/320 bytes');
      expect(await alice.getByRole('button', { name: 'Cast', exact: true }).isDisabled()).toBe(true);
      await box.fill('');
    });

    it("replies to bob's cast and sees the reply in the thread", async () => {
      const bobs = feedTop(alice);
      const hash = await bobs.getAttribute('data-hash');
      await bobs.getByRole('button', { name: /^Reply/ }).click();
      const reply = `a reply from alice ${run}`;
      await post(alice, reply);
      await alice.goto(`${server.url}/client/cast/${hash}`);
      await alice.getByTestId('focused-cast').waitFor();
      const replies = alice.getByRole('list', { name: 'Replies, level 1' });
      await expect.poll(() => replies.innerText()).toContain(reply);
      await screen(alice, 'cast-thread');
    });

    it('likes a cast: the count changes at once and persists after a reload', async () => {
      const focused = alice.getByTestId('focused-cast');
      const count = async () => Number(await focused.getByTestId('likes-count').innerText());
      const before = await count();
      await focused.getByRole('button', { name: /^Like/ }).click();
      await expect.poll(count).toBe(before + 1);
      await expect
        .poll(() => alice.getByRole('region', { name: 'Liked by' }).innerText())
        .toContain('@alice');
      await alice.reload();
      await expect.poll(count).toBe(before + 1);
      expect(
        await alice
          .getByTestId('focused-cast')
          .getByRole('button', { name: /^Like/ })
          .getAttribute('aria-pressed'),
      ).toBe('true');
    });

    it("follows a user and the following feed then holds that user's casts", async () => {
      // Someone alice does not follow, found through the API: dave is whoever is at fid 250.
      await other.bringToFront();
      await other.goto(`${server.url}/client/profile/250`);
      await other.getByRole('heading', { level: 1 }).waitFor();
      await actAs(other, '250');
      const text = `fresh words from fid 250 ${run}`;
      await post(other, text);
      await alice.bringToFront();
      await alice.goto(`${server.url}/client/profile/250`);
      const follow = alice.getByRole('button', { name: 'Follow', exact: true });
      await follow.waitFor();
      await screen(alice, 'profile');
      await alice.goto(`${server.url}/client`);
      await feedTop(alice).waitFor();
      expect(await alice.getByTestId('cast-list').innerText()).not.toContain(text);
      await alice.goto(`${server.url}/client/profile/250`);
      await alice.getByRole('button', { name: 'Follow', exact: true }).click();
      await alice.getByRole('button', { name: 'Unfollow' }).waitFor();
      await alice.getByRole('link', { name: 'Home' }).click();
      await expect
        .poll(() => feedTop(alice).getByTestId('cast-text').innerText(), { timeout: 15_000 })
        .toBe(text);
    });

    it('renders script, HTML and javascript: payloads as inert text', async () => {
      await other.bringToFront();
      await actAs(other, '2');
      const payload =
        '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"> javascript:window.__pwned=3 <a href="javascript:alert(1)">x</a> https://example.com/ok';
      await post(other, payload);
      await expect
        .poll(() => feedTop(alice).getByTestId('cast-text').innerText(), { timeout: 15_000 })
        .toBe(payload);
      const cast = feedTop(alice);
      expect(await cast.locator('script, img[src="x"], iframe').count()).toBe(0);
      const hrefs = await alice
        .locator('a[href]')
        .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
      expect(hrefs.filter((h) => !/^https?:/.test(h))).toEqual([]);
      expect(await cast.getByRole('link', { name: 'https://example.com/ok' }).getAttribute('href')).toBe(
        'https://example.com/ok',
      );
      expect(await alice.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(dialogs).toEqual([]);
    });

    it('passes axe on the channels, channel, notifications and search screens', async () => {
      await alice.bringToFront();
      await alice.goto(`${server.url}/client/channels`);
      await alice.getByRole('list', { name: 'Channels' }).waitFor();
      await screen(alice, 'channels');
      const first = alice.getByRole('list', { name: 'Channels' }).getByRole('link').first();
      await first.click();
      await alice.getByRole('heading', { level: 1 }).waitFor();
      await screen(alice, 'channel');
      await alice.goto(`${server.url}/client/notifications`);
      await alice.getByRole('list', { name: 'Notifications' }).waitFor();
      await screen(alice, 'notifications');
      await alice.goto(`${server.url}/client/search?q=bo&kind=users`);
      await alice.getByRole('list', { name: 'Users' }).waitFor();
      await screen(alice, 'search');
    }, 90_000);
  },
);
