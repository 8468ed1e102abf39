// The emulator as a test harness, today's way and this tree's side by side in one run: reset after
// 10 and 300 writes, the first and a later in-process `:memory:` emulator, RSS added per emulator and
// by importing `@castkit/emulator`, and (with --large) the large seed's build time. Every time is a
// median over rounds and also a multiple of one publishCast round trip measured in the same child.
// Each tree is measured in child processes of its own (a fresh Node, its own built dist).
// Usage: node bench/harness.mjs --base /path/to/other/checkout [--rounds N] [--large]
//   --base: a checkout of the code to compare with (built: packages/emulator/dist), "today's way".
import { execFileSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    rounds: { type: 'string', default: '7' },
    large: { type: 'boolean', default: false },
    child: { type: 'string' },
    tree: { type: 'string' },
  },
});
const here = fileURLToPath(import.meta.url);
const ROUNDS = Math.max(1, Number(values.rounds));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const KEY = 'castkit-dev-key';
const signer = (fid) => `00000000-0000-4000-8000-00000000000${fid}`;

async function importEmulator(tree) {
  return import(join(tree, 'packages/emulator/dist/index.js'));
}

function poster(url) {
  return async (path, body) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
}

/** `n` writes the way a test writes: a cast, a like of it, a follow, and again. */
async function writes(post, n, tag) {
  let last;
  for (let i = 0; i < n; i++) {
    const fid = 1 + (i % 3);
    if (i % 3 === 0)
      last = (await post('/v2/farcaster/cast', { signer_uuid: signer(fid), text: `harness ${tag} ${i}` }))
        .cast;
    else if (i % 3 === 1)
      await post('/v2/farcaster/reaction', {
        signer_uuid: signer(fid),
        reaction_type: 'like',
        target: last.hash,
      });
    else await post('/v2/farcaster/user/follow', { signer_uuid: signer(fid), target_fids: [4 + (i % 250)] });
  }
}

async function writeMs(post, tag) {
  const times = [];
  for (let i = 0; i < 40; i++) {
    const t = performance.now();
    await post('/v2/farcaster/cast', { signer_uuid: signer(1 + (i % 3)), text: `round trip ${tag} ${i}` });
    times.push(performance.now() - t);
  }
  return median(times.slice(10));
}

// ---- child processes: one measurement each, printing one JSON line ----

async function childTimes(tree) {
  const { startEmulator } = await importEmulator(tree);
  const t0 = performance.now();
  const first = await startEmulator({ db: ':memory:' });
  const firstMs = performance.now() - t0;
  const post = poster(first.url);
  const write = await writeMs(post, 'a');
  first.reset();
  const reset = {};
  for (const n of [10, 300]) {
    const times = [];
    for (let r = 0; r < ROUNDS; r++) {
      await writes(post, n, `${n}-${r}`);
      const t = performance.now();
      first.reset();
      times.push(performance.now() - t);
    }
    reset[n] = median(times);
  }
  const later = [];
  for (let r = 0; r < Math.min(ROUNDS, 5); r++) {
    const t = performance.now();
    const emu = await startEmulator({ db: ':memory:' });
    later.push(performance.now() - t);
    await emu.close();
  }
  await first.close();
  return { write, firstMs, laterMs: median(later), reset10: reset[10], reset300: reset[300] };
}

async function childRss(tree) {
  const { startEmulator } = await importEmulator(tree);
  const emus = [await startEmulator({ db: ':memory:' })];
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  const N = 4;
  for (let i = 0; i < N; i++) emus.push(await startEmulator({ db: ':memory:' }));
  globalThis.gc?.();
  const after = process.memoryUsage().rss;
  for (const e of emus) await e.close();
  return { perEmulatorMb: (after - before) / N / 2 ** 20 };
}

async function childImport(tree) {
  globalThis.gc?.();
  const bare = process.memoryUsage().rss;
  await importEmulator(tree);
  globalThis.gc?.();
  return { importMb: (process.memoryUsage().rss - bare) / 2 ** 20 };
}

async function childLarge(tree) {
  const { startEmulator } = await importEmulator(tree);
  const t = performance.now();
  const emu = await startEmulator({ db: ':memory:', seedSize: 'large' });
  const ms = performance.now() - t;
  const peakMb = process.resourceUsage().maxRSS / 1024;
  await emu.close();
  return { largeMs: ms, largePeakMb: peakMb };
}

const CHILDREN = { times: childTimes, rss: childRss, import: childImport, large: childLarge };

if (values.child) {
  const out = await CHILDREN[values.child](values.tree);
  process.stdout.write(`${JSON.stringify(out)}\n`);
  process.exit(0);
}

// ---- the parent: each tree's children in turn, then one table ----

if (!values.base) {
  console.error('usage: node bench/harness.mjs --base /path/to/checkout-of-today [--rounds N] [--large]');
  process.exit(2);
}
const trees = { today: resolve(values.base), new: resolve(dirname(here), '..') };

function run(child, tree) {
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', here, '--child', child, '--tree', tree, '--rounds', String(ROUNDS)],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, CASTKIT_CACHE_DIR: 'off' },
    },
  );
  return JSON.parse(out.trim().split('\n').at(-1));
}

const results = {};
for (const [name, tree] of Object.entries(trees)) {
  results[name] = {
    ...run('times', tree),
    ...run('rss', tree),
    ...run('import', tree),
    ...(values.large ? run('large', tree) : {}),
  };
}

const fmt = (ms, write) => `${ms.toFixed(1)} ms (${(ms / write).toFixed(1)} writes)`;
const rows = [
  ['one publishCast round trip', (r) => `${r.write.toFixed(2)} ms`],
  ['reset after 10 writes', (r) => fmt(r.reset10, r.write)],
  ['reset after 300 writes', (r) => fmt(r.reset300, r.write)],
  ['first in-process emulator', (r) => fmt(r.firstMs, r.write)],
  ['later in-process emulator', (r) => fmt(r.laterMs, r.write)],
  ['RSS per further emulator', (r) => `${r.perEmulatorMb.toFixed(1)} MB`],
  ['RSS added by import', (r) => `${r.importMb.toFixed(1)} MB`],
  ...(values.large
    ? [
        [
          'large seed build',
          (r) => `${(r.largeMs / 1000).toFixed(1)} s, peak RSS ${r.largePeakMb.toFixed(0)} MB`,
        ],
      ]
    : []),
];
console.log(
  `harness: ${ROUNDS} rounds, medians; "writes" = multiples of one publishCast round trip in the same run`,
);
console.log(`today = ${trees.today}\nnew   = ${trees.new}\n`);
const w = Math.max(...rows.map(([l]) => l.length));
console.log(`${''.padEnd(w)}  ${'today'.padEnd(28)}  new`);
for (const [label, f] of rows)
  console.log(`${label.padEnd(w)}  ${f(results.today).padEnd(28)}  ${f(results.new)}`);
