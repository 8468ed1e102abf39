// The client's following feed in Chromium: time to the first screen, then scrolling through 1,000
// casts while a PerformanceObserver records long tasks. Prints figures; asserts nothing.
// Run: node --import tsx bench/console-client.mjs   (needs /usr/bin/chromium)
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startEmulator } from '@castkit/emulator';
import { NeynarAPIClient } from '@castkit/sdk';
import { consoleRoutes } from '../packages/console/src/server/index.ts';

// vite and playwright-core are the console's devDependencies, resolved from there.
const fromConsole = createRequire(new URL('../packages/console/package.json', import.meta.url));
const load = (name) => import(pathToFileURL(fromConsole.resolve(name)).href);
const { build } = await load('vite');
const { chromium } = (await load('playwright-core')).default;

const TARGET = 1000;
const dist = mkdtempSync(join(tmpdir(), 'castkit-bench-console-'));
process.env.NODE_ENV = 'production';
await build({
  configFile: fileURLToPath(new URL('../packages/console/vite.config.ts', import.meta.url)),
  mode: 'production',
  build: { outDir: dist, emptyOutDir: true },
  logLevel: 'warn',
});
const emulator = await startEmulator({
  port: 0,
  db: ':memory:',
  seedSize: 'small',
  ...consoleRoutes({ environment: 'emulator', apiKey: 'castkit-dev-key' }, { distDir: dist }),
});
// alice follows everyone, so her following feed holds well over 1,000 casts.
const v2 = new NeynarAPIClient({ apiKey: 'castkit-dev-key', baseUrl: `${emulator.url}/v2` });
const fids = Array.from({ length: 297 }, (_, i) => i + 4);
for (let i = 0; i < fids.length; i += 100) {
  await v2.followUser({
    signerUuid: '00000000-0000-4000-8000-000000000001',
    targetFids: fids.slice(i, i + 100),
  });
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  // Warm once (browser and emulator caches), then measure a fresh load.
  await page.goto(`${emulator.url}/client`);
  await page.getByTestId('cast').first().waitFor();
  await page.goto(`${emulator.url}/client`);
  await page.getByTestId('cast').first().waitFor();
  const firstScreen = await page.evaluate(() => performance.now());
  await page.evaluate(() => {
    window.__longTasks = [];
  });
  const started = Date.now();
  let loaded = 0;
  while (loaded < TARGET && Date.now() - started < 180_000) {
    await page.evaluate(() => {
      const main = document.getElementById('main');
      main.scrollBy(0, 900);
    });
    await page.waitForTimeout(16);
    loaded = await page.evaluate(() => {
      const rows = [...document.querySelectorAll('[data-index]')].map((e) =>
        Number(e.getAttribute('data-index')),
      );
      return rows.length ? Math.max(...rows) + 1 : 0;
    });
  }
  const longTasks = await page.evaluate(() => window.__longTasks);
  const domRows = await page.evaluate(() => document.querySelectorAll('[data-testid="cast"]').length);
  console.log(`first screen (navigation start to first cast rendered, warm): ${Math.round(firstScreen)} ms`);
  console.log(
    `scrolled through ${loaded} casts in ${Date.now() - started} ms; ${domRows} cast rows in the DOM at the end`,
  );
  console.log(
    `long tasks while scrolling: ${longTasks.length}, over 50 ms: ${longTasks.filter((d) => d > 50).length}, longest ${Math.round(Math.max(0, ...longTasks))} ms`,
  );
} finally {
  await browser.close();
  await emulator.close();
}
