// The client's following feed in Chromium: time to the first screen (cold: a fresh browser context
// with empty caches; warm: loaded again in it), then scrolling through 1,000 casts while a
// PerformanceObserver records long tasks. Several rounds in one run, medians printed; asserts nothing.
// Run: node --import tsx bench/console-client.mjs [--rounds 3] [--profile out.cpuprofile]
//   --profile builds unminified and records a CPU profile of the last round's scroll, then prints
//   the functions with the most self time (what a long task is spent on).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startEmulator } from '@castkit/emulator';
import { NeynarAPIClient } from '@castkit/sdk/2.x';
import { consoleRoutes } from '../packages/console/src/server/index.ts';

const { values: args } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, profile: { type: 'string' } },
});
const ROUNDS = Number(args.rounds);
const TARGET = 1000;

// vite and playwright-core are the console's devDependencies, resolved from there.
const fromConsole = createRequire(new URL('../packages/console/package.json', import.meta.url));
const load = (name) => import(pathToFileURL(fromConsole.resolve(name)).href);
const { build } = await load('vite');
const { chromium } = (await load('playwright-core')).default;

const dist = mkdtempSync(join(tmpdir(), 'castkit-bench-console-'));
process.env.NODE_ENV = 'production';
await build({
  configFile: fileURLToPath(new URL('../packages/console/vite.config.ts', import.meta.url)),
  mode: 'production',
  build: { outDir: dist, emptyOutDir: true, minify: !args.profile },
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

/** Navigation start to the first cast on screen. */
async function firstScreen(page) {
  await page.goto(`${emulator.url}/client`);
  await page.getByTestId('cast').first().waitFor();
  return page.evaluate(() => performance.now());
}

async function round(profileTo) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const cold = await firstScreen(page);
  const warm = await firstScreen(page);
  await page.evaluate(() => {
    window.__longTasks = [];
  });
  const cdp = profileTo ? await context.newCDPSession(page) : undefined;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const started = Date.now();
  let loaded = 0;
  while (loaded < TARGET && Date.now() - started < 180_000) {
    await page.evaluate(() => document.getElementById('main').scrollBy(0, 900));
    await page.waitForTimeout(16);
    loaded = await page.evaluate(() => {
      const rows = [...document.querySelectorAll('[data-index]')].map((e) =>
        Number(e.getAttribute('data-index')),
      );
      return rows.length ? Math.max(...rows) + 1 : 0;
    });
  }
  const scrollMs = Date.now() - started;
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(profileTo, JSON.stringify(profile));
    printHotFunctions(profile);
  }
  const longTasks = await page.evaluate(() => window.__longTasks);
  const domRows = await page.evaluate(() => document.querySelectorAll('[data-testid="cast"]').length);
  await context.close();
  return {
    cold,
    warm,
    loaded,
    scrollMs,
    domRows,
    over50: longTasks.filter((d) => d > 50).length,
    longest: Math.max(0, ...longTasks),
  };
}

function printHotFunctions(profile) {
  const dt = new Map();
  profile.samples.forEach((id, i) => {
    dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const self = new Map();
  for (const node of profile.nodes) {
    const f = node.callFrame;
    const name = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + (dt.get(node.id) ?? 0) / 1000);
  }
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 25);
  for (const [name, ms] of top) console.log(`${ms.toFixed(1).padStart(8)} ms  ${name}`);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

try {
  const results = [];
  for (let i = 0; i < ROUNDS; i++) {
    const r = await round(i === ROUNDS - 1 ? args.profile : undefined);
    results.push(r);
    console.log(
      `round ${i + 1}: cold ${Math.round(r.cold)} ms, warm ${Math.round(r.warm)} ms; ${r.loaded} casts in ${r.scrollMs} ms, ${r.domRows} rows in the DOM; long tasks over 50 ms: ${r.over50}, longest ${Math.round(r.longest)} ms`,
    );
  }
  const m = (k) => Math.round(median(results.map((r) => r[k])));
  console.log(
    `median of ${ROUNDS}: first screen cold ${m('cold')} ms, warm ${m('warm')} ms; long tasks over 50 ms while scrolling ${TARGET} casts: ${m('over50')}, longest ${m('longest')} ms`,
  );
} finally {
  await browser.close();
  await emulator.close();
}
