import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

// Vitest's module cache (`fsModuleCache`) keys a transformed module by its content and the config, but
// the module holds its imports already resolved to files: renaming `x.ts` to `x.tsx` under an unchanged
// importer left it asking for `x.ts` ("Cannot find module"). This plugin adds the list of source files
// to every key, so adding, moving or removing one starts the cache afresh.

/** What the tests' own output and the installed packages are, not sources. */
const SKIP = new Set(['node_modules', 'dist', 'test-artifacts', 'packs']);
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|json)$/;

/** A hash of the source file paths under `root`'s folders `tops` (hidden folders left out). */
export function sourceFileSet(root, tops) {
  const names = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (SOURCE.test(entry.name)) names.push(path);
    }
  };
  for (const top of tops) walk(join(root, top));
  return createHash('sha256').update(names.sort().join('\n')).digest('hex');
}

/** The vitest plugin: the file set, listed once per run, in every module's cache key. */
export function sourceFileSetKey(root, tops) {
  return {
    name: 'castkit:source-file-set',
    configureVitest({ experimental_defineCacheKeyGenerator }) {
      const files = sourceFileSet(root, tops);
      experimental_defineCacheKeyGenerator(() => files);
    },
  };
}
