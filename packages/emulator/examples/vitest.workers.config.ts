import { defineConfig } from 'vitest/config';

// Several test files over two workers, the way a suite runs: each worker has one emulator at a time,
// started from the seed template (CASTKIT_CACHE_DIR) or the seeding its earlier files did, and put
// back to the seed before every test.
export default defineConfig({
  test: {
    include: ['vitest*.example.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
});
