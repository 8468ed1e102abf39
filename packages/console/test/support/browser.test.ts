// The browser tests' accessibility check passes a screen when it finds nothing serious: it must
// still find what is there, whatever options it runs axe with.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, hasChromium, launchChromium } from './browser';

// Known failures of each impact the screens are held to, beside markup that passes.
const PAGE = `<!doctype html><html lang="en"><head><title>axe check</title></head><body><main>
  <h1>Fixture</h1>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" id="no-alt">
  <button id="no-name"></button>
  <p id="faint" style="color:#bbb;background:#fff">barely readable text</p>
  <p>readable text</p>
</main></body></html>`;

describe.skipIf(!hasChromium && process.env.CI !== 'true')('axeViolations in Chromium', () => {
  let browser: BrowserContext;

  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('reports each failing rule with its impact and the elements that fail it', async () => {
    const page = await browser.newPage();
    await page.setContent(PAGE);
    const found = Object.fromEntries(
      (await axeViolations(page)).map((v) => [
        v.id,
        { impact: v.impact, targets: v.nodes.map((n) => n.target) },
      ]),
    );
    expect(found['image-alt']).toEqual({ impact: 'critical', targets: [['#no-alt']] });
    expect(found['button-name']).toEqual({ impact: 'critical', targets: [['#no-name']] });
    expect(found['color-contrast']).toEqual({ impact: 'serious', targets: [['#faint']] });
  });

  it('reports nothing for a page that passes every rule', async () => {
    const page = await browser.newPage();
    await page.setContent(
      PAGE.replace(/<img[^>]*>\s*<button[^>]*><\/button>\s*<p id="faint"[^>]*>[^<]*<\/p>/, ''),
    );
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe.skipIf(!hasChromium && process.env.CI !== 'true')('the worker browser at exit', () => {
  it('leaves nothing in the temp folder when its process exits with the browser open', async () => {
    const temp = mkdtempSync(join(tmpdir(), 'castkit-browser-exit-'));
    try {
      // A worker's exit the way vitest ends it: the browser still open, killed by the exit handlers.
      const script = [
        `const { launchChromium } = await import(${JSON.stringify(fileURLToPath(new URL('./browser.ts', import.meta.url)))});`,
        'const context = await launchChromium();',
        "await (await context.newPage()).setContent('<title>open</title>');",
        'process.exit(0);',
      ].join('\n');
      await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        env: { ...process.env, TMPDIR: temp },
        timeout: 60_000,
      });
      // tsx, which runs the script, keeps its compile cache there (tsx-<uid>): not the browser's.
      expect(readdirSync(temp).filter((name) => !name.startsWith('tsx-'))).toEqual([]);
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }
  }, 60_000);
});
