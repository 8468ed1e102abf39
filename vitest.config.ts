import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { sourceFileSetKey } from './tools/test-order/module-cache.mjs';
import EnvironmentSequencer from './tools/test-order/sequencer.mjs';

// Tests import workspace packages from source so they never depend on a stale build.
const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  plugins: [sourceFileSetKey(src('.'), ['packages', 'tools', 'bench'])],
  resolve: {
    // Subpaths first: a plain '@castkit/sdk' key would also catch '@castkit/sdk/realtime'.
    alias: [
      { find: /^@castkit\/sdk\/realtime$/, replacement: src('./packages/sdk/src/realtime.ts') },
      { find: /^@castkit\/sdk\/2\.x$/, replacement: src('./packages/sdk/src/2x/index.ts') },
      { find: /^@castkit\/sdk$/, replacement: src('./packages/sdk/src/index.ts') },
      { find: /^@castkit\/emulator$/, replacement: src('./packages/emulator/src/index.ts') },
      { find: /^@castkit\/emulator\/edge$/, replacement: src('./packages/emulator/src/edge.ts') },
      { find: /^@castkit\/emulator\/command$/, replacement: src('./packages/emulator/src/command/index.ts') },
      {
        find: /^@castkit\/emulator\/cassette$/,
        replacement: src('./packages/emulator/src/cassette/index.ts'),
      },
      { find: /^@castkit\/emulator\/control$/, replacement: src('./packages/emulator/src/control/index.ts') },
      {
        find: /^@castkit\/emulator\/protocol$/,
        replacement: src('./packages/emulator/src/protocol/index.ts'),
      },
      { find: /^@castkit\/emulator\/testing$/, replacement: src('./packages/emulator/src/testing/index.ts') },
    ],
  },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      // The console's component tests render JSX; each picks jsdom with a `@vitest-environment` docblock.
      'packages/*/test/**/*.test.tsx',
      'tools/**/*.test.mjs',
    ],
    // Test files share their worker's module instances instead of importing every module again
    // per file: a file's own import took ~1.1 s (186 s over the suite), and the seeded images an
    // emulator keeps in its process then serve every later file. Files own their state: none
    // mocks modules or stubs globals, and each closes what it starts.
    isolate: false,
    // …and keeps its worker only while the next file wants the same environment: files run grouped by it.
    sequence: { sequencer: EnvironmentSequencer },
    // Transformed modules persist between runs (node_modules/.experimental-vitest-cache, keyed by each
    // file's content, the config and the set of source files: tools/test-order/module-cache.mjs), so a
    // rerun transforms only what changed: two pairs of full runs in turn, 337 -> 320 s and 318 -> 300 s
    // (transforms 13 -> 4 s of CPU).
    experimental: { fsModuleCache: true },
    // Two files at a time on the two cores: much of the suite waits on processes it spawned (the CLI,
    // npm, tsc, Chromium), time the other worker uses. 11.7 min against 17.8 on one worker.
    maxWorkers: 2,
    testTimeout: 20_000,
    // Starting a seeded emulator takes seconds when the shared machine is busy; a hook is not a benchmark.
    hookTimeout: 60_000,
    // The console polls the emulator every second (delivery log, signer status, metrics): a poll
    // that gives up after vitest's default of 1 s races that interval (a full run failed on one once).
    expect: { poll: { timeout: 5_000 } },
  },
});
