// The built console and a real in-process emulator on one origin, composed as `castkit dev`
// composes them (consoleRoutes spread into the emulator's options), for end-to-end tests of the
// client and the developer screens alike.
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Emulator, type EmulatorOptions, startEmulator } from '@castkit/emulator';
import { build } from 'vite';
import { consoleRoutes } from '../../src/server/index';

/**
 * The console built for production, as it ships; returns its folder. Vite's `.vite/manifest.json`
 * is written too, and beside it `.vite/modules.json`: each output file's source modules, so a test
 * can tell what a chunk holds whatever it is named.
 *
 * A build takes seconds of CPU and nine test files need one: a build is kept in the temp folder
 * under a digest of everything it is built from (the console, the SDK and emulator sources it
 * bundles, the lockfile), so a file reuses a build of the same sources and never a stale one.
 * Callers only read the folder.
 */
export async function buildConsole(): Promise<string> {
  const kept = join(tmpdir(), `${KEPT_PREFIX}${buildInputsDigest()}`);
  if (existsSync(join(kept, 'index.html'))) {
    const now = new Date();
    utimesSync(kept, now, now);
    return kept;
  }
  const built = await buildInto(mkdtempSync(join(tmpdir(), 'castkit-console-dist-')));
  try {
    renameSync(built, kept);
  } catch {
    // Another test process kept the same build first: theirs serves.
    rmSync(built, { recursive: true, force: true });
  }
  pruneKeptBuilds();
  return kept;
}

const KEPT_PREFIX = 'castkit-console-build-';
/** Builds of other sources kept: a few recent edits, or checkouts used side by side. */
const KEPT_BUILDS = 4;
/** A build used this recently stays whatever its rank: another run may be reading it. */
const IN_USE_MS = 3600_000;

/**
 * Every edit of the sources keeps a new build (~1.6 MB); without pruning they piled up in the temp
 * folder. A kept build's time is its last use (touched on reuse), so the newest few and any used in
 * the last hour stay.
 */
export function pruneKeptBuilds(folder = tmpdir(), now = Date.now()): void {
  const builds = readdirSync(folder)
    .filter((name) => name.startsWith(KEPT_PREFIX))
    .map((name) => join(folder, name))
    .map((path) => ({ path, at: statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? now }))
    .sort((a, b) => b.at - a.at);
  for (const build of builds.slice(KEPT_BUILDS))
    if (now - build.at > IN_USE_MS) rmSync(build.path, { recursive: true, force: true });
}

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const BUILD_INPUTS = [
  'packages/console/src',
  'packages/console/index.html',
  'packages/console/vite.config.ts',
  'packages/console/package.json',
  'packages/console/tsconfig.json',
  'packages/sdk/src',
  'packages/sdk/package.json',
  'packages/emulator/src',
  'packages/emulator/package.json',
  'package-lock.json',
];

/** A digest of the build's inputs: paths and contents, in a stable order. */
function buildInputsDigest(): string {
  const hash = createHash('sha256');
  const add = (path: string) => {
    const full = join(repoRoot, path);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) add(join(path, name));
      return;
    }
    hash.update(path).update('\0').update(readFileSync(full)).update('\0');
  };
  for (const input of BUILD_INPUTS) add(input);
  return hash.digest('hex').slice(0, 16);
}

async function buildInto(distDir: string): Promise<string> {
  // vitest sets NODE_ENV=test, under which React and its JSX transform build for development:
  // build what ships.
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const output = await build({
      configFile: fileURLToPath(new URL('../../vite.config.ts', import.meta.url)),
      mode: 'production',
      build: { outDir: distDir, emptyOutDir: true, manifest: true },
      logLevel: 'warn',
    });
    writeModules(distDir, output);
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
    // From a seed template when one is recent (startEmulator's default folder, as `castkit dev`).
    seedSize: 'small',
    ...options.emulator,
    ...consoleRoutes(
      { environment: options.environment ?? 'emulator', apiKey: 'castkit-dev-key' },
      { distDir },
    ),
  });
}
