// Runs the checks two at a time (the two type-checks, ~10-20 s each on one core, dominate, and this
// floor has two cores); each one's output is printed whole when it ends, in the order given, and the
// exit code is the first failure's. When every check passed on a tree whose signature is the one it has
// now, none runs again: the same inputs give the same outcome, and a rerun of `npm test` with nothing
// changed spent 13.3 s (26 core-s) finding that out, now 0.3 s (medians of three, taking turns).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import { treeSignature } from './tree-signature.mjs';

function run([name, cmd, args], cwd) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('error', (err) =>
      resolve({ name, code: 1, out: `${out}${err.message}\n`, ms: Date.now() - started }),
    );
    child.on('close', (code) => resolve({ name, code: code ?? 1, out, ms: Date.now() - started }));
  });
}

function readRecord(file) {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

/**
 * Runs `checks` ([name, command, args] each) in `root`, writing their report to `write`; returns the
 * exit code. `record` keeps the signature of the last tree every check passed on (with the files
 * under `inputs`, what the checks also read that git does not list); `force` runs them whatever it says.
 */
export async function runChecks(
  checks,
  { root, record, inputs = [], force = false, write = (s) => process.stdout.write(s) },
) {
  // Taken before any check starts: an edit made while they run changes the next run's signature.
  const signature = treeSignature(root, inputs);
  if (!force && signature && readRecord(record) === signature) {
    write(`ok  ${checks.map(([name]) => name).join(', ')}: nothing changed since they all passed\n`);
    return 0;
  }
  const width = Math.max(1, Math.min(checks.length, availableParallelism()));
  const results = new Array(checks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < checks.length) {
        const i = next++;
        results[i] = await run(checks[i], root);
      }
    }),
  );
  for (const r of results) {
    write(`${r.code === 0 ? 'ok' : 'FAILED'}  ${r.name} (${(r.ms / 1000).toFixed(1)} s)\n`);
    if (r.code !== 0 || r.out.trim()) write(`${r.out.replace(/^/gm, '    ').trimEnd()}\n`);
  }
  const code = results.find((r) => r.code !== 0)?.code ?? 0;
  if (code === 0 && signature) {
    mkdirSync(dirname(record), { recursive: true });
    writeFileSync(record, `${signature}\n`);
  }
  return code;
}
