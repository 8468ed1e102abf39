// Emulator against a bare node:http server, side by side in one run, on the large seed:
// user lookup throughput, following-feed latency at concurrency 16, and the time to seed; then,
// without a target, the feed read right after writes (nothing cached).
// Targets (issue 4): lookup >= 0.5x bare req/s; following feed p99 <= 20 ms; large seed <= 2 min.
// Usage: node bench/emulator.mjs [--size small|large] [--db PATH]   (default large, /tmp/castkit-bench-large.db)
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { load } from './load.mjs';

const { values } = parseArgs({
  options: { size: { type: 'string', default: 'large' }, db: { type: 'string' }, fresh: { type: 'boolean' } },
});
const size = values.size;
const db = values.db ?? `/tmp/castkit-bench-${size}.db`;
const emulatorBin = fileURLToPath(new URL('../packages/emulator/bin/castkit-emulator.mjs', import.meta.url));
const KEY = 'castkit-dev-key';

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
  const stats = await (
    await fetch(`${emulator.url}/_emulator/stats`, { headers: { 'x-api-key': KEY } })
  ).json();
  const users = stats.tables?.users ?? 1000;
  let seed = 7;
  const rand = (n) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return 1 + (seed % n);
  };
  const headers = { 'x-api-key': KEY };
  const lookup = () => `/v2/farcaster/user/bulk?fids=${rand(users)}`;
  // Active accounts (low fids follow the most in the seed's power law) make the feed do real work.
  const feed = () => `/v2/farcaster/feed/following?fid=${rand(Math.min(users, 2000))}&limit=25`;

  const opts = { concurrency: 16, headers };
  await load(emulator.url, { ...opts, total: 500, paths: lookup }); // warm-up
  await load(emulator.url, { ...opts, total: 300, paths: feed });
  await load(bare.url, { ...opts, total: 500, paths: lookup });

  const rounds = [];
  for (let i = 0; i < 3; i++) {
    rounds.push({
      bare: await load(bare.url, { ...opts, total: 4000, paths: lookup }),
      lookup: await load(emulator.url, { ...opts, total: 4000, paths: lookup }),
      feed: await load(emulator.url, { ...opts, total: 1000, paths: feed }),
    });
  }
  // Reads interleaved with writes: every like changes the data, so the feed read after it finds
  // nothing cached. No target; it shows what a page costs from the database alone. Each like is
  // of a different cast (liking and unliking one cast within a second is a conflict, as on a hub).
  const targets = new Set();
  for (let fid = 2; targets.size < 600 && fid < 200; fid++) {
    const page = await (
      await fetch(`${emulator.url}/v2/farcaster/feed/following?fid=${fid}&limit=100`, { headers })
    ).json();
    for (const c of page.casts) if (!c.reactions.likes.some((l) => l.fid === 1)) targets.add(c.hash);
  }
  const likes = [...targets];
  let turn = 0;
  const mixed = () => {
    const i = turn++;
    if (i % 2) return { path: feed(), kind: 'feed' };
    const body = {
      signer_uuid: '00000000-0000-4000-8000-000000000001',
      reaction_type: 'like',
      target: likes[i / 2],
    };
    return { method: 'POST', path: '/v2/farcaster/reaction', body, kind: 'write' };
  };
  const cold = await load(emulator.url, { ...opts, total: Math.min(1000, 2 * likes.length), paths: mixed });

  const best = (k, f) => rounds.map((r) => r[k][f]);
  const max = (xs) => Math.max(...xs);
  const min = (xs) => Math.min(...xs);
  const bareRps = max(best('bare', 'rps'));
  const lookupRps = max(best('lookup', 'rps'));
  const feedP99 = min(best('feed', 'p99'));
  const failures = rounds.reduce((n, r) => n + r.bare.failures + r.lookup.failures + r.feed.failures, 0);

  console.log(`emulator bench — ${size} seed (${users} users), concurrency 16, best of 3 interleaved rounds`);
  console.log(
    `  ${seeding ? 'seeded and started' : 'started on existing file'} in ${(emulator.ms / 1000).toFixed(1)} s${size === 'large' && seeding ? ` (target <= 120 s: ${emulator.ms <= 120_000 ? 'met' : 'MISSED'})` : ''}`,
  );
  console.log(`  bare node:http           ${bareRps.toFixed(0).padStart(7)} req/s`);
  console.log(
    `  user lookup (bulk)       ${lookupRps.toFixed(0).padStart(7)} req/s  = ${(lookupRps / bareRps).toFixed(2)}x bare (target >= 0.5x: ${lookupRps / bareRps >= 0.5 ? 'met' : 'MISSED'})`,
  );
  console.log(
    `                           p50 ${min(best('lookup', 'p50')).toFixed(2)} ms, p99 ${min(best('lookup', 'p99')).toFixed(2)} ms`,
  );
  console.log(
    `  following feed (25)      ${max(best('feed', 'rps')).toFixed(0).padStart(7)} req/s  p50 ${min(best('feed', 'p50')).toFixed(2)} ms, p99 ${feedP99.toFixed(2)} ms (target p99 <= 20 ms: ${feedP99 <= 20 ? 'met' : 'MISSED'})`,
  );
  const { feed: coldFeed, write } = cold.kinds;
  console.log(
    `  feed after a write       ${cold.rps.toFixed(0).padStart(7)} req/s  feed p50 ${coldFeed.p50.toFixed(2)} ms, p99 ${coldFeed.p99.toFixed(2)} ms; like p50 ${write.p50.toFixed(2)} ms, p99 ${write.p99.toFixed(2)} ms (no target: nothing cached)`,
  );
  if (failures + cold.failures) console.log(`  non-200 answers: ${failures + cold.failures}`);
} finally {
  stop();
}
