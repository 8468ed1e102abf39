import { defineConfig } from 'tsup';

// Compiled so the package runs under plain node (no tsx); dependencies stay external, installed beside it.
// CommonJS, which Node imports with named exports too: Jest's module system cannot require an ES
// module on Node 20, so an ESM build kept the test kit from Jest files. Dynamic imports become
// requires for the same reason (Jest runs `import()` only under its experimental ESM mode).
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    edge: 'src/edge.ts',
    command: 'src/command/index.ts',
    cassette: 'src/cassette/index.ts',
    control: 'src/control/index.ts',
    protocol: 'src/protocol/index.ts',
    testing: 'src/testing/index.ts',
    bin: 'src/bin.ts',
  },
  format: ['cjs'],
  // import.meta.url, which the sources read to find their own files, from __filename.
  shims: true,
  esbuildOptions(options) {
    options.supported = { ...options.supported, 'dynamic-import': false };
  },
  dts: {
    entry: {
      index: 'src/index.ts',
      edge: 'src/edge.ts',
      command: 'src/command/index.ts',
      cassette: 'src/cassette/index.ts',
      control: 'src/control/index.ts',
      protocol: 'src/protocol/index.ts',
      testing: 'src/testing/index.ts',
    },
  },
  clean: true,
  target: 'node20',
  platform: 'node',
  splitting: true,
  treeshake: true,
});
