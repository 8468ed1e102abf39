#!/usr/bin/env node
// Makes `@castkit/sdk` today's API (the 3.x surface) and moves every consumer of 2.44's names in the
// repository to `@castkit/sdk/2.x`, mechanically, so it can be run again after a rebase:
//   node tools/swap-sdk-root.mjs
// It rewrites the root entries, drops the temporary `@castkit/sdk/3` entry, points imports of the
// root at `@castkit/sdk/2.x` and imports of `@castkit/sdk/3` at the root, regenerates the generated
// code and the API reference, formats what it touched, and removes itself.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const touched = new Set();

function edit(file, change) {
  const path = join(root, file);
  const before = readFileSync(path, 'utf8');
  const after = change(before);
  if (after === before) return;
  writeFileSync(path, after);
  touched.add(file);
}

/** Replaces `from` with `to`, and fails when `from` is not there (the tree is not what this expects). */
const replace = (from, to) => (text) => {
  if (!text.includes(from)) throw new Error(`swap-sdk-root: expected ${JSON.stringify(from)}`);
  return text.replace(from, to);
};

function* files(dir) {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['node_modules', 'dist', '.git', 'test-artifacts', '.castkit'].includes(entry.name))
        yield* files(path);
    } else if (/\.(ts|tsx|mjs|js|md)$/.test(entry.name) && !path.startsWith('docs/')) yield path;
  }
}

// 1. The root entries export the 3.x surface.
edit(
  'packages/sdk/src/index.ts',
  () =>
    "// The package's root entry on Node: today's API, the 3.x surface (`@castkit/sdk/2.x` is 2.44's).\nexport * from './3x/index.js';\n",
);
edit(
  'packages/sdk/src/browser.ts',
  () =>
    "// The package's root entry in browsers and other fetch-only runtimes: the 3.x surface.\nexport * from './3x/browser.js';\n",
);

// 2. The temporary `./3` entry goes.
edit('packages/sdk/package.json', (text) => {
  const pkg = JSON.parse(text);
  delete pkg.exports['./3'];
  delete pkg.typesVersions['*']['3'];
  delete pkg.browser['./dist/3.js'];
  delete pkg.browser['./dist/3.cjs'];
  return `${JSON.stringify(pkg, null, 2)}\n`;
});
edit('packages/sdk/tsup.config.ts', (text) =>
  replace(
    '  // The root is one surface, `2.x` the other; `3` reaches the 3.x surface until the root becomes it.\n',
    '  // The root is the 3.x surface, `2.x` 2.44’s.\n',
  )(text)
    .replace("    '3': 'src/3x/index.ts',\n", '')
    .replace("    '3-browser': 'src/3x/browser.ts',\n", ''),
);
edit('tsconfig.json', replace('      "@castkit/sdk/3": ["./packages/sdk/src/3x/index.ts"],\n', ''));
edit(
  'vitest.config.ts',
  replace(
    "      { find: /^@castkit\\/sdk\\/3$/, replacement: src('./packages/sdk/src/3x/index.ts') },\n",
    '',
  ),
);
edit('packages/sdk/test/package-types.test.ts', (text) =>
  replace(
    "    // Each surface has the root's shape: `./2.x` (2.44's) and, until the root is 3.x's, `./3`.\n",
    "    // `./2.x` (2.44's surface) has the root's shape.\n",
  )(text).replace("      ['./3', '3'],\n", ''),
);

// 3. Where the repository resolves `@castkit/sdk` to source, `@castkit/sdk/2.x` resolves too.
edit(
  'packages/console/vite.config.ts',
  replace(
    "      { find: /^@castkit\\/sdk$/, replacement: here('../sdk/src/browser.ts') },\n",
    "      { find: /^@castkit\\/sdk\\/2\\.x$/, replacement: here('../sdk/src/2x/browser.ts') },\n      { find: /^@castkit\\/sdk$/, replacement: here('../sdk/src/browser.ts') },\n",
  ),
);
edit(
  'packages/console/tsconfig.json',
  replace(
    '      "@castkit/sdk": ["../sdk/src/browser.ts"],\n',
    '      "@castkit/sdk": ["../sdk/src/browser.ts"],\n      "@castkit/sdk/2.x": ["../sdk/src/2x/browser.ts"],\n',
  ),
);
edit(
  'examples/browser/tsconfig.json',
  replace(
    '"paths": { "@castkit/sdk": ["../../packages/sdk/src/browser.ts"] }',
    '"paths": {\n      "@castkit/sdk": ["../../packages/sdk/src/browser.ts"],\n      "@castkit/sdk/2.x": ["../../packages/sdk/src/2x/browser.ts"]\n    }',
  ),
);

// 4. Consumers: what imported the root (2.44's names) imports `@castkit/sdk/2.x`; then what imported
// `@castkit/sdk/3` imports the root. Files that name surfaces by entry, not in an import, are listed.
const NAMING_ENTRIES = [
  'bench/sdk.mjs',
  'bench/sdk-size.mjs',
  'packages/sdk/test/switch-programs.test.ts',
  'tools/docs/index.mjs',
];
const imported = /(\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|^import\s+)(['"])@castkit\/sdk\2/gm;
for (const file of [...files('.')].map((f) => relative('.', f))) {
  if (file === 'tools/swap-sdk-root.mjs') continue;
  edit(file, (text) => {
    let out = text.replace(imported, '$1$2@castkit/sdk/2.x$2');
    if (NAMING_ENTRIES.includes(file)) out = out.replace(/(['"])@castkit\/sdk\1/g, '$1@castkit/sdk/2.x$1');
    return out.replace(/(['"])@castkit\/sdk\/3\1/g, '$1@castkit/sdk$1');
  });
}

// 5. Tests and tools that import the SDK's source by path take 2.44's surface; so does the throughput bench.
for (const file of [...files('packages/sdk/test')].map((f) => relative('.', f))) {
  edit(file, (text) =>
    text
      .replaceAll("'../src/index.js'", "'../src/2x/index.js'")
      .replaceAll("'../src/index.ts'", "'../src/2x/index.ts'"),
  );
}
for (const file of [...files('tools')].map((f) => relative('.', f))) {
  if (file === 'tools/swap-sdk-root.mjs') continue;
  edit(file, (text) => text.replaceAll('packages/sdk/src/index.ts', 'packages/sdk/src/2x/index.ts'));
}
edit('bench/sdk.mjs', replace("'../packages/sdk/dist/index.js'", "'../packages/sdk/dist/2x.js'"));

// 6. Generated code and the reference follow; everything touched is formatted as the repo formats it.
const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: 'inherit' });
run(process.execPath, ['tools/codegen/index.mjs']);
run(process.execPath, ['tools/docs/index.mjs']);
// Biome leaves generated code alone (biome.json), so it is not given any.
const formattable = [...touched].filter(
  (f) => /\.(ts|tsx|mjs|js|json)$/.test(f) && !f.includes('/generated/'),
);
run(join(root, 'node_modules/.bin/biome'), ['check', '--write', ...formattable]);
rmSync(fileURLToPath(import.meta.url));
console.log(`swap-sdk-root: rewrote ${touched.size} files; this script is removed.`);
