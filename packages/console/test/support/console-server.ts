// The built console and a real in-process emulator on one origin, composed as `castkit dev` does.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Emulator, startEmulator } from '@castkit/emulator';
import { build } from 'vite';
import { consoleRoutes } from '../../src/server/index';

export async function buildConsole(options: { manifest?: boolean } = {}): Promise<string> {
  const distDir = mkdtempSync(join(tmpdir(), 'castkit-console-dist-'));
  // vitest sets NODE_ENV=test, under which React and its JSX transform build for development:
  // build what ships.
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: fileURLToPath(new URL('../../vite.config.ts', import.meta.url)),
      mode: 'production',
      build: { outDir: distDir, emptyOutDir: true, manifest: options.manifest ?? false },
      logLevel: 'warn',
    });
  } finally {
    process.env.NODE_ENV = env;
  }
  return distDir;
}

export function serveConsole(distDir: string): Promise<Emulator> {
  return startEmulator({
    port: 0,
    db: ':memory:',
    seedSize: 'small',
    ...consoleRoutes({ environment: 'emulator', apiKey: 'castkit-dev-key' }, { distDir }),
  });
}
