// The built console and a real in-process emulator on one origin, composed as `castkit dev`
// composes them (consoleRoutes spread into the emulator's options), for end-to-end tests of the
// client and the developer screens alike.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Emulator, type EmulatorOptions, startEmulator } from '@castkit/emulator';
import { build } from 'vite';
import { consoleRoutes } from '../../src/server/index';

/** Builds the console for production, as it ships, into a fresh folder; returns the folder. */
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

export interface ConsoleServerOptions {
  /** What the console is told it talks to (default the emulator); 'upstream' turns off emulator-only features. */
  environment?: 'emulator' | 'upstream';
  /** More emulator options (seed, clock, realtime limits...). */
  emulator?: Partial<EmulatorOptions>;
}

export function startConsoleServer(distDir: string, options: ConsoleServerOptions = {}): Promise<Emulator> {
  return startEmulator({
    port: 0,
    db: ':memory:',
    seedSize: 'small',
    ...options.emulator,
    ...consoleRoutes(
      { environment: options.environment ?? 'emulator', apiKey: 'castkit-dev-key' },
      { distDir },
    ),
  });
}
