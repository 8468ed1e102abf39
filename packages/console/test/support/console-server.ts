// The built console and a real in-process emulator on one origin, composed as `castkit dev`
// composes them (consoleRoutes spread into the emulator's options), for end-to-end tests.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Emulator, startEmulator } from '@castkit/emulator';
import { build } from 'vite';
import { consoleRoutes } from '../../src/server/index';

/** Builds the console into a fresh folder; returns the folder. */
export async function buildConsole(): Promise<string> {
  const distDir = mkdtempSync(join(tmpdir(), 'castkit-console-dist-'));
  await build({
    configFile: fileURLToPath(new URL('../../vite.config.ts', import.meta.url)),
    build: { outDir: distDir, emptyOutDir: true },
    logLevel: 'warn',
  });
  return distDir;
}

export function startConsoleServer(distDir: string): Promise<Emulator> {
  return startEmulator({
    port: 0,
    db: ':memory:',
    seedSize: 'small',
    ...consoleRoutes({ environment: 'emulator', apiKey: 'castkit-dev-key' }, { distDir }),
  });
}
