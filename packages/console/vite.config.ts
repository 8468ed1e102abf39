import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { NOT_OURS } from './src/server/console-handler.js';
import { type EnvInfo, envHandler } from './src/server/env-handler.js';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The dev script (scripts/dev.mjs) starts an emulator, or takes CASTKIT_URL, and passes the target here.
const target = process.env.CASTKIT_URL ?? 'http://127.0.0.1:3000';
const envJson = process.env.CASTKIT_ENV_JSON;

/** Serves `/_castkit/env` when the dev script owns the emulator (a castkit dev server answers it itself). */
function castkitEnv(): Plugin {
  return {
    name: 'castkit-env',
    configureServer(server) {
      if (!envJson) return;
      const env = envHandler(JSON.parse(envJson) as EnvInfo);
      server.middlewares.use((req, res, next) => {
        if (!env(req, res, new URL(req.url ?? '/', 'http://localhost'))) next();
      });
    },
  };
}

/**
 * The SDK's generated operations module holds every entry (fetchFeed, ...) and the table of them.
 * A bundler splits code by module, so while the explorer's table (`allOperations`) and the client's
 * single entries are one module, every chunk that sends one operation carries all 122. The table's
 * builder gets its own instance of the generated modules: the shared instance then keeps only the
 * entries screens import one by one, and the whole table stays in the explorer's chunks.
 */
function ownTableInstance(): Plugin {
  const tableBuilder = here('../sdk/src/operations.ts');
  return {
    name: 'castkit-operation-table-instance',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (importer !== tableBuilder || !source.startsWith('./generated/')) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved && `${resolved.id}?table`;
    },
  };
}

export default defineConfig({
  root: here('.'),
  plugins: [react(), tailwindcss(), castkitEnv(), ownTableInstance()],
  resolve: {
    // Always build the console from the SDK's and the controls' sources, never from a stale dist/.
    alias: [
      { find: /^@castkit\/sdk\/realtime$/, replacement: here('../sdk/src/realtime.ts') },
      { find: /^@castkit\/sdk\/2\.x$/, replacement: here('../sdk/src/2x/browser.ts') },
      { find: /^@castkit\/sdk$/, replacement: here('../sdk/src/browser.ts') },
      { find: /^@castkit\/emulator\/control$/, replacement: here('../emulator/src/control/index.ts') },
    ],
  },
  server: {
    // castkitEnv's middleware runs before the proxy, so with envJson it answers /_castkit/env first.
    proxy: { [NOT_OURS.source]: { target, changeOrigin: false } },
  },
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // Every screen needs React, the router and the query cache. Left to itself the bundler splits
        // them into several small chunks shared with the lazy screens, and each chunk compresses on
        // its own: one chunk for the framework every first load carries is smaller over the wire.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](react-router|router-core|history|react-store|store|react-query|query-core))[\\/]/,
            },
          ],
        },
      },
    },
  },
});
