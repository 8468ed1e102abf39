// The emulator as a test harness, today's way and this tree's side by side in one run: reset after
// 10 and 300 writes, a typical test (10 writes, 5 reads) right after a reset and after another test,
// the first and a later in-process `:memory:` emulator, RSS added per emulator and by importing
// `@castkit/emulator`, and (with --large) the large seed's build time and peak RSS.
// Each tree is measured in child processes of its own (a fresh Node, its own built dist), and the two
// trees take turns round by round (today, new, today, new...), so a change of the machine's load
// falls on both. Every figure is a median over rounds, and each time also a multiple of one
// publishCast round trip measured in the same child (the median of those per-round multiples).
// Usage: node bench/harness.mjs --base /path/to/other/checkout [--rounds N] [--large] [--large-rounds N]
//   --base: a checkout of the code to compare with (built: packages/emulator/dist), "today's way".
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    rounds: { type: 'string', default: '7' },
    large: { type: 'boolean', default: false },
    'large-rounds': { type: 'string', default: '1' },
    child: { type: 'string' },
    tree: { type: 'string' },
  },
});
const here = fileURLToPath(import.meta.url);
const ROUNDS = Math.max(1, Number(values.rounds));
const LARGE_ROUNDS = Math.max(1, Number(values['large-rounds']));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const KEY = 'castkit-dev-key';
const signer = (fid) => `00000000-0000-4000-8000-00000000000${fid}`;

async function importEmulator(tree) {
  // Through the package's own exports: a tree's build may be ESM (older) or CommonJS.
  const entry = createRequire(join(tree, 'packages/emulator/package.json')).resolve('@castkit/emulator');
  return import(pathToFileURL(entry).href);
}

/** A function sending `method` requests to the emulator at `url`, answering their JSON. */
function caller(url, method) {
  return async (path, body) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
}

const poster = (url) => caller(url, 'POST');

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
  return last;
}

/** A typical test, timed: ten writes, then the reads that check them. */
async function testBody(url, post, tag) {
  const get = caller(url, 'GET');
  const t = performance.now();
  const last = await writes(post, 10, tag);
  await get('/v2/farcaster/feed/following?fid=1');
  await get('/v2/farcaster/user/bulk?fids=1,2,3');
  await get(`/v2/farcaster/cast?identifier=${last.hash}&type=hash`);
  await get('/v2/farcaster/cast/search?q=harness');
  await get('/v2/farcaster/followers?fid=5');
  return performance.now() - t;
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

// ---- child processes: one round of one kind of measurement each, printing one JSON line ----

async function childTimes(tree) {
  const { startEmulator } = await importEmulator(tree);
  const t0 = performance.now();
  const first = await startEmulator({ db: ':memory:' });
  const firstMs = performance.now() - t0;
  const post = poster(first.url);
  // The first write also loads the protocol code (@farcaster/core): what a test's first write waits.
  const t1 = performance.now();
  await post('/v2/farcaster/cast', { signer_uuid: signer(1), text: 'first write' });
  const firstWriteMs = performance.now() - t1;
  const write = await writeMs(post, 'a');
  first.reset();
  // Each reset's time, by the writes before it. The first reset after 300 writes in a process runs the
  // rollback's statements over that many rows for the first time and takes up to twice the time of the
  // next ones: both are reported.
  const resets = {};
  for (const [n, times] of [
    [10, 5],
    [300, 3],
  ]) {
    resets[n] = [];
    for (let r = 0; r < times; r++) {
      await writes(post, n, `${n}-${r}`);
      const t = performance.now();
      first.reset();
      resets[n].push(performance.now() - t);
    }
  }
  // What a reset leaves the test after it to pay (caches to build again): the same test body right
  // after a reset, and after another test with none.
  const afterReset = [];
  const afterTest = [];
  for (let r = 0; r < 8; r++) {
    await testBody(first.url, post, `x${r}`);
    afterTest.push(await testBody(first.url, post, `a${r}`));
    first.reset();
    afterReset.push(await testBody(first.url, post, `b${r}`));
  }
  const later = [];
  for (let r = 0; r < 3; r++) {
    const t = performance.now();
    const emu = await startEmulator({ db: ':memory:' });
    later.push(performance.now() - t);
    await emu.close();
  }
  await first.close();
  return {
    write,
    firstMs,
    firstWriteMs,
    laterMs: median(later),
    reset10: median(resets[10]),
    reset300: median(resets[300]),
    reset300First: resets[300][0],
    testAfterReset: median(afterReset),
    testAfterTest: median(afterTest),
  };
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
  // The floor beside it: an in-memory copy (SQLite deserialize, which better-sqlite3 copies) holds
  // the whole database image, whatever else an emulator keeps.
  const imageMb = emus[0].store.serialize().length / 2 ** 20;
  for (const e of emus) await e.close();
  return { perEmulatorMb: (after - before) / N / 2 ** 20, imageMb };
}

async function childImport(tree) {
  globalThis.gc?.();
  const bare = process.memoryUsage().rss;
  await importEmulator(tree);
  globalThis.gc?.();
  return { importMb: (process.memoryUsage().rss - bare) / 2 ** 20 };
}

// The large seed as it is used: a project's database file (`castkit dev --seed-size large`); in
// memory its 2+ GB would be the process's RSS whatever the build does.
async function childLarge(tree) {
  const { startEmulator } = await importEmulator(tree);
  const dir = mkdtempSync(join(tmpdir(), 'castkit-harness-'));
  try {
    const t = performance.now();
    const emu = await startEmulator({ db: join(dir, 'large.db'), seedSize: 'large' });
    const ms = performance.now() - t;
    const peakMb = process.resourceUsage().maxRSS / 1024;
    const write = await writeMs(poster(emu.url), 'large');
    await emu.close();
    return { largeMs: ms, largePeakMb: peakMb, largeWrite: write };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const CHILDREN = { times: childTimes, rss: childRss, import: childImport, large: childLarge };

if (values.child) {
  const out = await CHILDREN[values.child](values.tree);
  process.stdout.write(`${JSON.stringify(out)}\n`);
  process.exit(0);
}

// ---- the parent: the trees take turns, round by round; then one table of medians ----

if (!values.base) {
  console.error(
    'usage: node bench/harness.mjs --base /path/to/checkout-of-today [--rounds N] [--large] [--large-rounds N]',
  );
  process.exit(2);
}
const trees = { today: resolve(values.base), new: resolve(dirname(here), '..') };

function run(child, tree) {
  const out = execFileSync(process.execPath, ['--expose-gc', here, '--child', child, '--tree', tree], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, CASTKIT_CACHE_DIR: 'off' },
  });
  return JSON.parse(out.trim().split('\n').at(-1));
}

/** Per tree, every round's figures; a time also as a multiple of that round's write. */
const loadAtStart = loadavg();
const rounds = { today: [], new: [] };
const plan = [
  ...Array.from({ length: ROUNDS }, () => ['times', 'rss', 'import']),
  ...(values.large ? Array.from({ length: LARGE_ROUNDS }, () => ['large']) : []),
];
for (const [i, kinds] of plan.entries()) {
  for (const [name, tree] of Object.entries(trees)) {
    const round = {};
    for (const kind of kinds) Object.assign(round, run(kind, tree));
    rounds[name].push(round);
    process.stderr.write(`round ${i + 1}/${plan.length} ${name}: ${JSON.stringify(round)}\n`);
  }
}

/** The median of a figure over the rounds that measured it, and of its multiples of a write. */
function figure(name, key, unit = 'write') {
  const rs = rounds[name].filter((r) => r[key] !== undefined);
  return { value: median(rs.map((r) => r[key])), writes: median(rs.map((r) => r[key] / r[unit])) };
}

const time = (key, unit) => (name) => {
  const f = figure(name, key, unit);
  return `${f.value.toFixed(1)} ms (${f.writes.toFixed(1)} writes)`;
};
const rows = [
  ['one publishCast round trip', (n) => `${figure(n, 'write').value.toFixed(2)} ms`],
  ['reset after 10 writes', time('reset10')],
  ['reset after 300 writes', time('reset300')],
  ['  the first one in a process', time('reset300First')],
  ['a test right after a reset', time('testAfterReset')],
  ['  the same test after a test', time('testAfterTest')],
  ['first in-process emulator', time('firstMs')],
  ['  then its first write', time('firstWriteMs')],
  ['later in-process emulator', time('laterMs')],
  ['RSS per further emulator', (n) => `${figure(n, 'perEmulatorMb').value.toFixed(1)} MB`],
  ['  its database image (floor)', (n) => `${figure(n, 'imageMb').value.toFixed(1)} MB`],
  ['RSS added by import', (n) => `${figure(n, 'importMb').value.toFixed(1)} MB`],
  ...(values.large
    ? [
        ['large seed: build (file)', (n) => `${(figure(n, 'largeMs').value / 1000).toFixed(1)} s`],
        ['large seed: peak RSS', (n) => `${figure(n, 'largePeakMb').value.toFixed(0)} MB`],
        ['large seed: a write on it', (n) => `${figure(n, 'largeWrite').value.toFixed(2)} ms`],
      ]
    : []),
];
console.log(
  `harness: ${ROUNDS} rounds${values.large ? ` (+${LARGE_ROUNDS} of the large seed)` : ''}, the trees in turn; ` +
    'medians; "writes" = multiples of one publishCast round trip in the same child',
);
const load = (l) => l.map((x) => x.toFixed(2)).join(' ');
console.log(`load average (1, 5, 15 min) at the start: ${load(loadAtStart)}; at the end: ${load(loadavg())}`);
console.log(`today = ${trees.today}\nnew   = ${trees.new}\n`);
const w = Math.max(...rows.map(([l]) => l.length));
console.log(`${''.padEnd(w)}  ${'today'.padEnd(28)}  new`);
for (const [label, f] of rows) console.log(`${label.padEnd(w)}  ${f('today').padEnd(28)}  ${f('new')}`);
