// The checks `npm test` runs before the tests, and everything they read beyond the files git lists:
// codegen drift, both type-checks and lint are functions of these, so run.mjs can skip them all when
// none changed since they all passed.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { oasDir } from '../codegen/spec.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const cache = join(root, 'node_modules', '.cache', 'castkit');

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

export const CHECKS = [
  ['type-check', ...tsc('tsconfig.json', 'typecheck-root')],
  ['type-check console', ...tsc('packages/console/tsconfig.json', 'typecheck-console')],
  ['codegen drift', 'node', ['tools/codegen/index.mjs', '--check']],
  ['lint', 'npx', ['biome', 'check', '.']],
];

export const INPUTS = [
  // The type-checks read the installed declarations, which change only when an install rewrites this.
  join(root, 'node_modules', '.package-lock.json'),
  // Codegen drift compares the generated files with what the specs outside this tree make now.
  oasDir,
];
