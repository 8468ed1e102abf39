// Debian's Chromium driven by playwright-core (never a downloaded browser). One browser per test
// worker (vitest shares modules across a worker's files), each caller in a fresh context of its own:
// its own cookies, storage and permissions, as a new profile gives, without a browser start (~1.7 s of
// CPU) per file. Playwright's exit handler kills the browser and removes its profile synchronously when
// the worker exits (its graceful close on SIGTERM did not finish before vitest's SIGKILL under load, and
// the profile, ~6 MB, stayed in the temp folder): SIGTERM exits (worker-exit.ts).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { exitOnSigterm } from './worker-exit.js';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

let shared: Promise<Browser> | undefined;

/**
 * Chromium makes a folder in TMPDIR for its single-instance socket and removes it only when it closes
 * itself; killed at the worker's exit, it left one in the temp folder per run. It makes that folder
 * in one of ours instead, removed at exit.
 */
function chromiumTemp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'castkit-chromium-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function browser(): Promise<Browser> {
  shared ??= chromium
    .launch({
      executablePath: CHROMIUM,
      headless: true,
      handleSIGTERM: false,
      env: { ...process.env, TMPDIR: chromiumTemp() },
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    })
    .then((launched) => {
      exitOnSigterm();
      return launched;
    })
    .catch((error: unknown) => {
      shared = undefined;
      throw error;
    });
  return shared;
}

/** A fresh browser context (close it when done); the browser under it is the worker's one. */
export async function launchChromium(): Promise<BrowserContext> {
  let running = await browser();
  if (!running.isConnected()) {
    shared = undefined;
    running = await browser();
  }
  return running.newContext({ viewport: { width: 1400, height: 900 } });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core inside the page; returns every violation (callers pick the impacts that fail). Every
 * rule runs; only the violations are collected in full: the passes' nodes, which nothing reads, took
 * half of each run's CPU in Chromium (0.69 -> 0.32 s on the client's feed).
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    // The script tag above put axe on the page's window; its types do not reach this function's body.
    const axe: {
      run: (ctx: Document, options: { resultTypes: string[] }) => Promise<{ violations: AxeViolation[] }>;
    } = Reflect.get(window, 'axe');
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
}
