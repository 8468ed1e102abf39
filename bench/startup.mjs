// castkit dev start-up with the small seed: from spawning the command to the first 200 of a v2 call,
// as a user sees it. Runs the compiled CLI (npm run build first), three cases per round:
//   cold   — a new project folder and an empty seed-template cache: creates .castkit/emulator.db,
//            seeds it and saves the template (a user's very first start)
//   fresh  — a new project folder, the template cached: the database starts as its copy
//   reuse  — the same project again: its database is already seeded
// and prints the median (and min/max) of each over the rounds. Target (issue 14): <= 1 s.
// The bench keeps its templates in its own temporary folder (CASTKIT_CACHE_DIR), not the user's.
// Usage: node bench/startup.mjs [--rounds N]   (default 7)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '7' } } });
const ROUNDS = Math.max(1, Number(values.rounds));
const bin = fileURLToPath(new URL('../packages/cli/bin/castkit.mjs', import.meta.url));

/** Milliseconds from spawn to the first 200 of /v2/farcaster/user/by_username, polling the port. */
function startOnce(cwd, cache) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [bin, 'dev', '--port', '0'], {
      cwd,
      env: { ...process.env, CASTKIT_CACHE_DIR: cache },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let polling = false;
    const fail = (why) => {
      child.kill('SIGKILL');
      reject(new Error(`${why}\n${out}`));
    };
    child.stderr.on('data', (c) => {
      out += c;
    });
    child.stdout.on('data', async (c) => {
      out += c;
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (!url || polling) return;
      polling = true;
      for (;;) {
        const r = await fetch(`${url}/v2/farcaster/user/by_username?username=alice`, {
          headers: { 'x-api-key': 'castkit-dev-key' },
        }).catch(() => undefined);
        if (r?.status === 200) {
          const ms = performance.now() - started;
          child.once('exit', () => resolve(ms));
          child.kill('SIGTERM');
          return;
        }
        if (r && r.status !== 503) return fail(`answered ${r.status}`);
      }
    });
    child.once('exit', (code) => {
      if (!polling) fail(`exited ${code} before listening`);
    });
  });
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], min: s[0], max: s.at(-1) };
};

const results = { cold: [], fresh: [], reuse: [] };
const dirs = [];
const folder = (prefix) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
try {
  const cache = folder('castkit-startup-cache-');
  for (let round = 0; round < ROUNDS; round++) {
    // The first cold start fills the cache the fresh starts copy from.
    const empty = round === 0 ? cache : folder('castkit-startup-cache-');
    results.cold.push(await startOnce(folder('castkit-startup-'), empty));
    const project = folder('castkit-startup-');
    results.fresh.push(await startOnce(project, cache));
    results.reuse.push(await startOnce(project, cache));
  }
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
console.log(
  `castkit dev --port 0, small seed, command → first 200 (ms), ${ROUNDS} rounds, node ${process.version}`,
);
for (const [name, xs] of Object.entries(results)) {
  const { median, min, max } = stats(xs);
  console.log(
    `  ${name.padEnd(6)} median ${median.toFixed(0)}  min ${min.toFixed(0)}  max ${max.toFixed(0)}`,
  );
}
