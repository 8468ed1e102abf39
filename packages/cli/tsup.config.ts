import { defineConfig } from 'tsup';

// The console's server helpers are bundled in (the console package is private and not installed
// with castkit); its built pages are copied next to the bundle by scripts/copy-console.mjs.
export default defineConfig({
  entry: { main: 'src/main.ts', bin: 'src/bin.ts' },
  format: ['esm'],
  dts: { entry: { main: 'src/main.ts' } },
  clean: true,
  target: 'node20',
  platform: 'node',
  splitting: true,
  noExternal: ['@castkit/console'],
});
