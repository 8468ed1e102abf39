import { defineConfig } from 'tsup';

export default defineConfig({
  // The root is the 3.x surface, `2.x` 2.44’s.
  entry: {
    index: 'src/index.ts',
    browser: 'src/browser.ts',
    '2x': 'src/2x/index.ts',
    '2x-browser': 'src/2x/browser.ts',
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
