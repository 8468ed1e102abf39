import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests import workspace packages from source so they never depend on a stale build.
const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@castkit/sdk': src('./packages/sdk/src/index.ts'),
    },
  },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      // The console's component tests render JSX; each picks jsdom with a `@vitest-environment` docblock.
      'packages/*/test/**/*.test.tsx',
      'tools/**/*.test.mjs',
    ],
    testTimeout: 20_000,
    // Starting a seeded emulator takes seconds when the shared machine is busy; a hook is not a benchmark.
    hookTimeout: 60_000,
  },
});
