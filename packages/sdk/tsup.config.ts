import { defineConfig } from 'tsup';

export default defineConfig({
  // The root is one surface, `2.x` the other; `3` reaches the 3.x surface until the root becomes it.
  entry: {
    index: 'src/index.ts',
    browser: 'src/browser.ts',
    '2x': 'src/2x/index.ts',
    '2x-browser': 'src/2x/browser.ts',
    '3': 'src/3x/index.ts',
    '3-browser': 'src/3x/browser.ts',
    realtime: 'src/realtime.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  external: ['node:http', 'node:https', 'node:zlib', 'ws'],
  splitting: false,
  treeshake: true,
});
