import { defineConfig } from 'tsup';

// Compiled so the package runs under plain node (no tsx); dependencies stay external, installed beside it.
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
  format: ['esm'],
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
