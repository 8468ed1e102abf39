// Emulator against a bare node:http server, side by side in one run, on the large seed. Rounds
// alternate a read-only phase (user lookups vs bare, then the following feed) with a mixed phase
// (80% following feed, 10% lookups, 10% writes: likes of distinct casts and new casts), all at
// concurrency 16; every figure is the median over the rounds.
// Targets (issue 9): mixed-feed p99 <= 1.5x read-only-feed p99; lookups >= 0.5x bare. Writes: reported.
// Usage: node bench/emulator.mjs [--size small|large] [--db PATH] [--rounds N] [--fresh]
//   (default large, /tmp/castkit-bench-large.db, 5 rounds; the file is kept: seeding large takes ~65-80 s)
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { load } from './load.mjs';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: 'large' },
    db: { type: 'string' },
    rounds: { type: 'string', default: '5' },
    fresh: { type: 'boolean' },
  },
});
const size = values.size;
const db = values.db ?? `/tmp/castkit-bench-${size}.db`;
const ROUNDS = Math.max(1, Number(values.rounds));
const emulatorBin = fileURLToPath(new URL('../packages/emulator/bin/castkit-emulator.mjs', import.meta.url));
const KEY = 'castkit-dev-key';
const CONCURRENCY = 16;
/** Requests per phase and round. */
const LOOKUPS = 4000;
const FEEDS = 2000;
const MIXED = 2500;
const MIXED_WARMUP = 500;
/** The seed's named users, whose managed signers are known (src/seed/constants.ts). */
const WRITERS = [1, 2, 3].map((fid) => ({ fid, signer: `00000000-0000-4000-8000-00000000000${fid}` }));

function startChild(args, label) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      const m = out.match(/listening on (http:\/\/\S+)/);
      if (m) resolve({ child, url: m[1], ms: performance.now() - started });
    });
    child.on('exit', (code) => reject(new Error(`${label} exited with ${code}`)));
  });
}

if (values.fresh && existsSync(db)) rmSync(db);
const seeding = !existsSync(db);
const emulator = await startChild([emulatorBin, '--port', '0', '--db', db, '--seed-size', size], 'emulator');
const bare = await startChild([fileURLToPath(new URL('bare-server.mjs', import.meta.url))], 'bare server');
const stop = () => {
  emulator.child.kill();
  bare.child.kill();
};

try {
  const headers = { 'x-api-key': KEY };
  const get = async (path) => (await fetch(`${emulator.url}${path}`, { headers })).json();
  const stats = await get('/_emulator/stats');
  const users = stats.tables?.users ?? 1000;
  let seed = 7;
  const rand = (n) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return 1 + (seed % n);
  };
  const lookup = () => `/v2/farcaster/user/bulk?fids=${rand(users)}`;
  // Active accounts (low fids follow the most in the seed's power law) make the feed do real work.
  const feed = () => `/v2/farcaster/feed/following?fid=${rand(Math.min(users, 2000))}&limit=25`;

  // Like targets: casts each writer has not liked (viewer_context says), each cast liked once in the run.
  const perWriter = Math.ceil(((ROUNDS * MIXED + MIXED_WARMUP) * 0.05) / WRITERS.length) + 10;
  const taken = new Set();
  for (const w of WRITERS) {
    w.targets = [];
    for (let fid = 4; w.targets.length < perWriter && fid < 2000; fid++) {
      const page = await get(`/v2/farcaster/feed/following?fid=${fid}&limit=100&viewer_fid=${w.fid}`);
      for (const c of page.casts ?? []) {
        if (c.viewer_context?.liked || taken.has(c.hash) || w.targets.length >= perWriter) continue;
        taken.add(c.hash);
        w.targets.push(c.hash);
      }
    }
  }
  const run = `${Date.now().toString(36)}`;
  let writes = 0;
  /** Every 10th request a write (likes and new casts by turns, writers in turn), every 10th a lookup. */
  const mixed = () => {
    const i = mixed.turn++;
    if (i % 10 === 1) return { path: lookup(), kind: 'lookup' };
    if (i % 10 !== 0) return { path: feed(), kind: 'feed' };
    const n = writes++;
    const w = WRITERS[n % WRITERS.length];
    if (n % 2 === 0) {
      const target = w.targets.shift();
      if (target) {
        const body = { signer_uuid: w.signer, reaction_type: 'like', target };
        return { method: 'POST', path: '/v2/farcaster/reaction', body, kind: 'write' };
      }
    }
    const body = { signer_uuid: w.signer, text: `bench ${run} cast ${n}: what changed since the last one` };
    return { method: 'POST', path: '/v2/farcaster/cast', body, kind: 'write' };
  };
  mixed.turn = 0;

  const opts = { concurrency: CONCURRENCY, headers };
  await load(emulator.url, { ...opts, total: 500, paths: lookup }); // warm-up
  await load(emulator.url, { ...opts, total: 300, paths: feed });
  await load(bare.url, { ...opts, total: 500, paths: lookup });
  // The first writes of a run read cold pages of indexes: not what a round should measure.
  await load(emulator.url, { ...opts, total: MIXED_WARMUP, paths: mixed });
  const warmupWrites = writes;

  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    const bareRound = await load(bare.url, { ...opts, total: LOOKUPS, paths: lookup });
    const lookupRound = await load(emulator.url, { ...opts, total: LOOKUPS, paths: lookup });
    const feedRound = await load(emulator.url, { ...opts, total: FEEDS, paths: feed });
    const mixedRound = await load(emulator.url, { ...opts, total: MIXED, paths: mixed });
    rounds.push({ bare: bareRound, lookup: lookupRound, feed: feedRound, mixed: mixedRound });
  }

  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    const m = s.length >> 1;
    return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
  };
  const med = (f) => median(rounds.map(f));
  const ms = (x) => `${x.toFixed(2)} ms`;
  const bareRps = med((r) => r.bare.rps);
  const lookupRps = med((r) => r.lookup.rps);
  const feedP50 = med((r) => r.feed.p50);
  const feedP99 = med((r) => r.feed.p99);
  const mixedFeedP50 = med((r) => r.mixed.kinds.feed.p50);
  const mixedFeedP99 = med((r) => r.mixed.kinds.feed.p99);
  const ratio = mixedFeedP99 / feedP99;
  const failures = rounds.reduce(
    (n, r) => n + r.bare.failures + r.lookup.failures + r.feed.failures + r.mixed.failures,
    0,
  );

  console.log(
    `emulator bench — ${size} seed (${users} users), concurrency ${CONCURRENCY}, medians of ${ROUNDS} rounds (read-only and mixed phases alternating)`,
  );
  console.log(
    `  ${seeding ? 'seeded and started' : 'started on existing file'} in ${(emulator.ms / 1000).toFixed(1)} s`,
  );
  console.log(`  bare node:http             ${bareRps.toFixed(0).padStart(7)} req/s`);
  console.log(
    `  user lookup (bulk)         ${lookupRps.toFixed(0).padStart(7)} req/s = ${(lookupRps / bareRps).toFixed(2)}x bare (target >= 0.5x: ${lookupRps / bareRps >= 0.5 ? 'met' : 'MISSED'}); p50 ${ms(med((r) => r.lookup.p50))}, p99 ${ms(med((r) => r.lookup.p99))}`,
  );
  console.log(
    `  following feed, read-only  ${med((r) => r.feed.rps)
      .toFixed(0)
      .padStart(7)} req/s  p50 ${ms(feedP50)}, p99 ${ms(feedP99)}`,
  );
  console.log(
    `  mixed 80/10/10             ${med((r) => r.mixed.rps)
      .toFixed(0)
      .padStart(
        7,
      )} req/s  feed p50 ${ms(mixedFeedP50)}, p99 ${ms(mixedFeedP99)}; lookup p99 ${ms(med((r) => r.mixed.kinds.lookup.p99))}`,
  );
  console.log(
    `  mixed / read-only feed p99 ${ratio.toFixed(2).padStart(7)}x (target <= 1.5x: ${ratio <= 1.5 ? 'met' : 'MISSED'})`,
  );
  console.log(
    `  writes (likes, casts)      p50 ${ms(med((r) => r.mixed.kinds.write.p50))}, p99 ${ms(med((r) => r.mixed.kinds.write.p99))} (no target; ${writes - warmupWrites} writes)`,
  );
  console.log(
    `  per round, feed p99 read-only / mixed: ${rounds.map((r) => `${r.feed.p99.toFixed(1)}/${r.mixed.kinds.feed.p99.toFixed(1)}`).join('  ')}`,
  );
  if (failures) console.log(`  non-200 answers: ${failures}`);
} finally {
  stop();
}
