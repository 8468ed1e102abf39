// SDK throughput, side by side in one run: raw node:http, castkit (node:http and fetch), and the
// established SDK, against the same local server. Prints ratios to the raw baseline; never asserts.
import { fork } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const child = fork(join(here, 'sdk-server.mjs'));
const { port } = await new Promise((r) => child.once('message', r));
const base = `http://127.0.0.1:${port}`;

const castkit = await import('../packages/sdk/dist/index.js');
const neynar = await import('@neynar/nodejs-sdk');

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

const contenders = {
  'raw node:http': raw,
  'castkit (node:http)': () => ck.lookupUserByUsername({ username: 'dwr' }),
  'castkit (fetch)': () => ckFetch.lookupUserByUsername({ username: 'dwr' }),
  '@neynar/nodejs-sdk 2.x': () => ny.lookupUserByUsername({ username: 'dwr' }),
};

async function run(fn) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < REQUESTS) {
        const r = await fn();
        if (r.user?.fid !== 3) throw new Error('bad response');
      }
    }),
  );
  return REQUESTS / ((performance.now() - started) / 1000);
}

for (const fn of Object.values(contenders)) await run(fn); // warm-up: JIT, sockets
const best = Object.fromEntries(Object.keys(contenders).map((k) => [k, 0]));
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, fn] of Object.entries(contenders)) best[name] = Math.max(best[name], await run(fn));
}

const dirSize = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (sum, e) =>
      sum +
      (e.isDirectory()
        ? dirSize(join(dir, e.name))
        : /\.(c?js|mjs)$/.test(e.name)
          ? statSync(join(dir, e.name)).size
          : 0),
    0,
  );
const ckSize = statSync(join(here, '../packages/sdk/dist/index.js')).size;
const nySize = dirSize(join(here, 'node_modules/@neynar/nodejs-sdk/build'));

console.log(
  `lookupUserByUsername, ${REQUESTS} requests x concurrency ${CONCURRENCY}, best of ${ROUNDS} interleaved rounds`,
);
const baseline = best['raw node:http'];
for (const [name, rps] of Object.entries(best)) {
  console.log(
    `  ${name.padEnd(26)} ${rps.toFixed(0).padStart(7)} req/s   ${(rps / baseline).toFixed(2)}x raw`,
  );
}
console.log(
  `  castkit vs established SDK: ${(best['castkit (node:http)'] / best['@neynar/nodejs-sdk 2.x']).toFixed(2)}x throughput`,
);
console.log(
  `JavaScript shipped: castkit ESM bundle ${(ckSize / 1024).toFixed(0)} KiB vs established SDK build ${(nySize / 1024).toFixed(0)} KiB (${(nySize / ckSize).toFixed(1)}x), excluding its dependencies`,
);
child.disconnect();
agent.destroy();
process.exit(0);
