// The built console and a real in-process emulator on one origin, composed as `castkit dev`
// composes them (consoleRoutes spread into the emulator's options), for end-to-end tests of the
// client and the developer screens alike.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Emulator, type EmulatorOptions, startEmulator } from '@castkit/emulator';
import { build } from 'vite';
import { consoleRoutes } from '../../src/server/index';

/**
 * Builds the console for production, as it ships, into a fresh folder; returns the folder. With
 * `manifest`, Vite's `.vite/manifest.json` is written, and beside it `.vite/modules.json`: each
 * output file's source modules, so a test can tell what a chunk holds whatever it is named.
 */
export async function buildConsole(options: { manifest?: boolean } = {}): Promise<string> {
  const distDir = mkdtempSync(join(tmpdir(), 'castkit-console-dist-'));
  // vitest sets NODE_ENV=test, under which React and its JSX transform build for development:
  // build what ships.
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const output = await build({
      configFile: fileURLToPath(new URL('../../vite.config.ts', import.meta.url)),
      mode: 'production',
      build: { outDir: distDir, emptyOutDir: true, manifest: options.manifest ?? false },
      logLevel: 'warn',
    });
    if (options.manifest) writeModules(distDir, output);
  } finally {
    process.env.NODE_ENV = env;
  }
  return distDir;
}

const consoleRoot = fileURLToPath(new URL('../..', import.meta.url));

/** `.vite/modules.json`: output file → its source modules, relative to the console's folder. */
function writeModules(distDir: string, output: Awaited<ReturnType<typeof build>>): void {
  const modules: Record<string, string[]> = {};
  for (const result of Array.isArray(output) ? output : [output]) {
    if (!('output' in result)) throw new Error('a watched build has no output to read');
    for (const item of result.output) {
      if (item.type === 'chunk')
        modules[item.fileName] = item.moduleIds.map((id) => relative(consoleRoot, id));
    }
  }
  writeFileSync(join(distDir, '.vite/modules.json'), JSON.stringify(modules));
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
