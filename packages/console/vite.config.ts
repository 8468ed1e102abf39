import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
      server.middlewares.use('/_castkit/env', (_req, res) => {
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(envJson);
      });
    },
  };
}

const proxied = ['/v1', '/v2', '/_emulator', ...(envJson ? [] : ['/_castkit'])];

export default defineConfig({
  root: here('.'),
  plugins: [react(), tailwindcss(), castkitEnv()],
  resolve: {
    // Always build the console from the SDK's sources, never from a stale dist/.
    alias: { '@castkit/sdk': here('../sdk/src/browser.ts') },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((p) => [p, { target, changeOrigin: false }])),
  },
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
  },
});
