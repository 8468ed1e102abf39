// The console against a recording and then a replaying castkit dev, in Debian's Chromium: what the
// explorer was answered while recording (a display name only the live API has) is what it is
// answered on replay, and a request the cassette does not hold shows the 404 that names it.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Emulator, startEmulator } from '@castkit/emulator';
import { NeynarAPIClient } from '@castkit/sdk/2.x';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from '../../console/test/support/browser.js';
import { fromSource } from '../../emulator/test/support/source-build.js';
import { BIN, startDev } from './support/castkit.js';

const SERVER_KEY = 'live-server-side-key-0003';
const RECORDED_NAME = 'Alice, as recorded live';
const SLOW = 180_000;

const dir = mkdtempSync(join(tmpdir(), 'castkit-replay-console-'));
const cassette = join(dir, 'console.cassette.jsonl');
const children: ChildProcess[] = [];

function startRecorder(upstream: string): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...fromSource(BIN), 'dev', '--upstream', upstream, '--record', cassette, '--port', '0'],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NEYNAR_API_KEY: SERVER_KEY } },
    );
    children.push(child);
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url && out.includes('recording to')) resolve({ child, url });
    });
    child.stderr.on('data', (c) => {
      out += c;
    });
    child.on('exit', (code) => reject(new Error(`castkit dev exited with ${code}:\n${out}`)));
  });
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** Looks `username` up in the explorer; the answer's status line and body, or the error's. */
async function lookUp(page: Page, base: string, username: string) {
  await page.goto(`${base}/?op=v2.lookupUserByUsername`);
  await page.locator('#param-username').fill(username);
  await page.getByRole('button', { name: 'Send request' }).click();
  const answer = page.getByTestId('response-status').or(page.getByTestId('error-status'));
  await answer.first().waitFor({ timeout: 30_000 });
  if (await page.getByTestId('response-status').isVisible())
    return {
      status: await page.getByTestId('response-status').innerText(),
      text: await page.getByTestId('response-body').innerText(),
    };
  return {
    status: await page.getByTestId('error-status').innerText(),
    text: await page.getByTestId('error-message').innerText(),
  };
}

describe.skipIf(!hasChromium && process.env.CI !== 'true')('the console against castkit dev --replay', () => {
  let live: Emulator | undefined;
  let browser: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    live = await startEmulator({ db: ':memory:', apiKey: SERVER_KEY });
    const api = new NeynarAPIClient({ apiKey: SERVER_KEY, baseUrl: `${live.url}/v2`, retries: 0 });
    // Only the live API has this name: the replaying emulator's own seed says Alice Hart.
    await api.updateUser({ signerUuid: '00000000-0000-4000-8000-000000000001', displayName: RECORDED_NAME });
    browser = await launchChromium();
    page = await browser.newPage();
  }, SLOW);
  afterAll(async () => {
    await browser?.close();
    await live?.close();
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'shows on replay what the live API answered while recording, and names what was not recorded',
    async () => {
      const recorder = await startRecorder(`${live!.url}/v2`);
      const recorded = await lookUp(page, recorder.url, 'alice');
      expect(recorded.status).toBe('200 OK');
      expect(recorded.text).toContain(RECORDED_NAME);
      await stopped(recorder.child);
      await live!.close();
      live = undefined;

      const replay = await startDev(['--replay', cassette, '--port', '0', '--db', join(dir, 'replay.db')]);
      children.push(replay.child);
      const replayed = await lookUp(page, replay.url, 'alice');
      expect(replayed).toEqual(recorded);
      const missing = await lookUp(page, replay.url, 'bob');
      expect(missing.status).toBe('404 Not Found');
      expect(missing.text).toContain('not in the cassette: GET /v2/farcaster/user/by_username/?username=bob');
      await stopped(replay.child);
    },
    SLOW,
  );
});
