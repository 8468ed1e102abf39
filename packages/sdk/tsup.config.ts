import { rmSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

// Node loads the CommonJS build for `import` and `require` alike (the `node` conditions of the
// exports map), so a program that reaches the SDK both ways (it requires the SDK, a package it uses
// imports it) holds one copy of every class, and `instanceof` holds across them. The ESM
// build is for bundlers and browsers. Each build splits what its entries share into chunks: one
// error hierarchy for the 3.x root, `2.x` and `realtime`, not one per entry.
const entries = {
  index: 'src/index.ts',
  browser: 'src/browser.ts',
  '2x': 'src/2x/index.ts',
  '2x-browser': 'src/2x/browser.ts',
  realtime: 'src/realtime.ts',
};
const shared: Options = {
  dts: true,
  target: 'es2022',
  platform: 'neutral',
  external: ['node:http', 'node:https', 'node:zlib', 'ws'],
  splitting: true,
  treeshake: true,
};

export default defineConfig((flags) => {
  // Both builds write into one folder at once, so neither cleans it (each would empty it under the
  // other): it is emptied here, before both, whichever folder the command line names.
  rmSync(flags.outDir ?? 'dist', { recursive: true, force: true });
  return [
    { ...shared, entry: entries, format: 'cjs' },
    {
      ...shared,
      entry: { browser: entries.browser, '2x-browser': entries['2x-browser'], realtime: entries.realtime },
      format: 'esm',
    },
  ];
});
