// The checks `npm test` runs before the tests: codegen drift, both type-checks and lint. They are
// independent, and the two type-checks (~20 s each, one core apiece) dominate, so they run two at a
// time on this two-core floor; each one's output is printed whole when it ends, in the order given,
// and the exit code is the first failure's.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

// Each type-check keeps what it learned in this clone's node_modules cache: a later run re-checks only
// what changed since (the root program 28 -> 9 s of CPU when nothing did). tsc hashes every file it
// reads, sources and installed declarations alike, so the cache never answers for a changed file.
const buildInfo = (name) => join('node_modules', '.cache', 'castkit', `${name}.tsbuildinfo`);
const tsc = (project, name) => [
  'npx',
  ['tsc', '-p', project, '--noEmit', '--incremental', '--tsBuildInfoFile', buildInfo(name)],
];

const CHECKS = [
  ['type-check', ...tsc('tsconfig.json', 'typecheck-root')],
  ['type-check console', ...tsc('packages/console/tsconfig.json', 'typecheck-console')],
  ['codegen drift', 'node', ['tools/codegen/index.mjs', '--check']],
  ['lint', 'npx', ['biome', 'check', '.']],
];

function run([name, cmd, args]) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
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

const width = Math.max(1, Math.min(CHECKS.length, availableParallelism()));
const results = new Array(CHECKS.length);
let next = 0;
await Promise.all(
  Array.from({ length: width }, async () => {
    while (next < CHECKS.length) {
      const i = next++;
      results[i] = await run(CHECKS[i]);
    }
  }),
);
for (const r of results) {
  process.stdout.write(`${r.code === 0 ? 'ok' : 'FAILED'}  ${r.name} (${(r.ms / 1000).toFixed(1)} s)\n`);
  if (r.code !== 0 || r.out.trim()) process.stdout.write(`${r.out.replace(/^/gm, '    ').trimEnd()}\n`);
}
process.exitCode = results.find((r) => r.code !== 0)?.code ?? 0;
