import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', browser: 'src/browser.ts', realtime: 'src/realtime.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  external: ['node:http', 'node:https', 'node:zlib', 'ws'],
  splitting: false,
  treeshake: true,
});
