// SDK speed, side by side in one run: raw node:http keep-alive, castkit (node:http and fetch) and the
// established SDK against the same local server, at concurrency 16 and 1. Each figure is the median
// over rounds that alternate the contenders' order; ratios are to raw node:http. Then the import time
// (fresh process) and install size (node_modules of a project that installs only the package).
// Targets (issue 10): c16 >= 0.9x raw and >= 3x the established SDK; c1 >= 0.85x raw. Never asserts.
// Usage: npm run bench:sdk   (env: BENCH_ROUNDS=7, BENCH_REQUESTS=10000, BENCH_NO_BUILD=1 keeps dist/)
import { execFileSync, fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';

const here = fileURLToPath(new URL('.', import.meta.url));
const sdkDir = join(here, '../packages/sdk');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10000);
const ROUNDS = Math.max(5, Number(process.env.BENCH_ROUNDS ?? 7));
const IMPORT_RUNS = 7;

if (!process.env.BENCH_NO_BUILD) execFileSync('npx', ['tsup', '--silent'], { cwd: sdkDir, stdio: 'inherit' });
const load = loadavg()[0];
// A full collection before each run, so no contender pays for the garbage the previous one left.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc');

const child = fork(join(here, 'sdk-server.mjs'));
const { port } = await new Promise((r) => child.once('message', r));
const base = `http://127.0.0.1:${port}`;

const castkit = await import('../packages/sdk/dist/2x.cjs');
const neynar = await import('@neynar/nodejs-sdk');
const neynarVersion = (await import('@neynar/nodejs-sdk/package.json', { with: { type: 'json' } })).default
  .version;

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const raw = () =>
  new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/v2/farcaster/user/by_username?username=dwr`,
      { agent, headers: { 'x-api-key': 'k' } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString())));
      },
    );
    req.on('error', reject);
    req.end();
  });

const ck = new castkit.NeynarAPIClient({ apiKey: 'k', baseUrl: `${base}/v2` });
const ckFetch = new castkit.NeynarAPIClient({ apiKey: 'k', baseUrl: `${base}/v2`, fetch: globalThis.fetch });
const ny = new neynar.NeynarAPIClient(new neynar.Configuration({ apiKey: 'k', basePath: `${base}/v2` }));

const RAW = 'raw node:http';
const CASTKIT = 'castkit (node:http)';
const INCUMBENT = `@neynar/nodejs-sdk ${neynarVersion}`;
const contenders = {
  [RAW]: raw,
  [CASTKIT]: () => ck.lookupUserByUsername({ username: 'dwr' }),
  'castkit (fetch)': () => ckFetch.lookupUserByUsername({ username: 'dwr' }),
  [INCUMBENT]: () => ny.lookupUserByUsername({ username: 'dwr' }),
};
const names = Object.keys(contenders);

/** Requests per second, and this process's CPU time per request (the client's own cost, steadier on a busy machine). */
async function run(fn, concurrency, requests) {
  collectGarbage();
  let next = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < requests) {
        const r = await fn();
        if (r.user?.fid !== 3) throw new Error('bad response');
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return { rps: requests / seconds, cpuUs: (used.user + used.system) / requests };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function throughput(concurrency) {
  const requests = concurrency === 1 ? REQUESTS >> 1 : REQUESTS;
  for (const name of names) await run(contenders[name], concurrency, requests >> 2); // warm-up: JIT, sockets
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < ROUNDS; round++) {
    // Each round starts with a different contender and reverses direction every other round.
    const order = names.map((_, i) => names[(i + round) % names.length]);
    if (round % 2) order.reverse();
    for (const name of order) samples[name].push(await run(contenders[name], concurrency, requests));
  }
  const medians = (key) => Object.fromEntries(names.map((n) => [n, median(samples[n].map((s) => s[key]))]));
  return { requests, rps: medians('rps'), cpu: medians('cpuUs') };
}

console.log(
  `lookupUserByUsername on loopback; medians of ${ROUNDS} alternating rounds; load average ${load.toFixed(2)} at start`,
);
for (const concurrency of [16, 1]) {
  const { requests, rps, cpu } = await throughput(concurrency);
  console.log(`concurrency ${concurrency}, ${requests} requests per run`);
  for (const name of names) {
    console.log(
      `  ${name.padEnd(28)} ${rps[name].toFixed(0).padStart(7)} req/s ${(rps[name] / rps[RAW]).toFixed(2)}x raw` +
        `   client CPU ${cpu[name].toFixed(1).padStart(6)} µs/req`,
    );
  }
  const vsRaw = rps[CASTKIT] / rps[RAW];
  const vsIncumbent = rps[CASTKIT] / rps[INCUMBENT];
  const targets = concurrency === 16 ? 'targets >= 0.90x raw, >= 3x established' : 'target >= 0.85x raw';
  console.log(
    `  castkit (node:http): ${vsRaw.toFixed(2)}x raw, ${vsIncumbent.toFixed(2)}x the established SDK (${targets})`,
  );
}
child.disconnect();
agent.destroy();

// Install size and import time, of castkit as npm would install it and of the established SDK.
const work = mkdtempSync(join(tmpdir(), 'castkit-bench-'));
try {
  const project = join(work, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'probe', private: true }));
  const [{ filename }] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: sdkDir, encoding: 'utf8' }),
  );
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', join(work, filename)], {
    cwd: project,
    stdio: 'ignore',
  });
  const installs = {
    castkit: { dir: project, specifier: '@castkit/sdk/2.x' },
    [INCUMBENT]: { dir: here, specifier: '@neynar/nodejs-sdk' }, // bench/ installs only the established SDK
  };
  const times = Object.fromEntries(Object.keys(installs).map((k) => [k, []]));
  for (let i = 0; i < IMPORT_RUNS; i++) {
    for (const [name, { dir, specifier }] of Object.entries(installs))
      times[name].push(importMs(dir, specifier));
  }
  console.log(`import time, fresh process, median of ${IMPORT_RUNS}:`);
  for (const name of Object.keys(installs))
    console.log(`  ${name.padEnd(28)} ${median(times[name]).toFixed(1)} ms`);
  console.log('install size, node_modules of a project that depends on the package alone:');
  for (const [name, { dir }] of Object.entries(installs)) {
    const { bytes, packages } = sizeOf(join(dir, 'node_modules'));
    console.log(`  ${name.padEnd(28)} ${(bytes / 1024 / 1024).toFixed(2)} MB in ${packages} package(s)`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(0);

function importMs(cwd, specifier) {
  const script = `const t = performance.now(); await import(${JSON.stringify(specifier)}); console.log(performance.now() - t);`;
  return Number(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd, encoding: 'utf8' }),
  );
}

function sizeOf(dir) {
  let bytes = 0;
  let packages = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = sizeOf(path);
      bytes += inner.bytes;
      packages += inner.packages;
    } else if (entry.isFile()) {
      bytes += statSync(path).size;
      if (entry.name === 'package.json' && /node_modules[\\/](@[^\\/]+[\\/])?[^\\/@]+$/.test(dir)) packages++;
    }
  }
  return { bytes, packages };
}
