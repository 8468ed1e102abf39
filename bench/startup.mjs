// castkit dev start-up with the small seed: from spawning the command to the first 200 of a v2 call,
// as a user sees it. Runs the compiled CLI (npm run build first), alternating two cases per round:
//   fresh   — a new project folder: creates .castkit/emulator.db and seeds it
//   reuse   — the same project again: its database is already seeded
// and prints the median (and min/max) of each over the rounds. Target (issue 14): <= 1 s.
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
function startOnce(cwd) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [bin, 'dev', '--port', '0'], {
      cwd,
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

const results = { fresh: [], reuse: [] };
const dirs = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    const project = mkdtempSync(join(tmpdir(), 'castkit-startup-'));
    dirs.push(project);
    results.fresh.push(await startOnce(project));
    results.reuse.push(await startOnce(project));
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
