// The checks `npm test` runs before the tests: codegen drift, both type-checks and lint (run.mjs runs
// them, and skips them when nothing changed since they all passed). `--force` runs them regardless.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { oasDir } from '../codegen/spec.mjs';
import { runChecks } from './run.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cache = join(root, 'node_modules', '.cache', 'castkit');

// Each type-check keeps what it learned in this clone's node_modules cache: a later run re-checks only
// what changed since (the root program 28 -> 9 s of CPU when nothing did). tsc hashes every file it
// reads, sources and installed declarations alike, so the cache never answers for a changed file.
const tsc = (project, name) => [
  'npx',
  [
    'tsc',
    '-p',
    project,
    '--noEmit',
    '--incremental',
    '--tsBuildInfoFile',
    join(cache, `${name}.tsbuildinfo`),
  ],
];

const CHECKS = [
  ['type-check', ...tsc('tsconfig.json', 'typecheck-root')],
  ['type-check console', ...tsc('packages/console/tsconfig.json', 'typecheck-console')],
  ['codegen drift', 'node', ['tools/codegen/index.mjs', '--check']],
  ['lint', 'npx', ['biome', 'check', '.']],
];

process.exitCode = await runChecks(CHECKS, {
  root,
  record: join(cache, 'checks-passed'),
  // Codegen drift compares the generated files with what the specs outside this tree make now.
  outside: [oasDir],
  force: process.argv.includes('--force'),
});
