// The packages' dist/ as the tests that use a build read it (the packed packages, the README blocks
// type-checked as a user's program): rebuilt first when a source is newer than its build. Two vitest
// workers can get here at once, and tsup empties dist/ before it writes, so the rebuild runs under a
// lock and a worker that waited checks again instead of building a second time.
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** The files beside a package's src/ that shape its build: its manifest and its build's config. */
const config = (dir: string) => [`packages/${dir}/package.json`, `packages/${dir}/tsup.config.ts`];

/** What each package's dist/ is built from, in build order (the CLI carries the console's build). */
const INPUTS = {
  '@castkit/sdk': { dir: 'sdk', sources: ['packages/sdk/src', ...config('sdk'), 'tsconfig.base.json'] },
  '@castkit/emulator': {
    dir: 'emulator',
    sources: ['packages/emulator/src', ...config('emulator'), 'tsconfig.base.json'],
  },
  '@castkit/console': { dir: 'console', sources: ['packages/console/src', 'packages/sdk/src'] },
  castkit: { dir: 'cli', sources: ['packages/cli/src', ...config('cli'), 'packages/console/dist'] },
} as const;
export type BuiltPackage = keyof typeof INPUTS;

/** Newest modification time of a file, or of the files under a folder (0 when it does not exist). */
function newest(dir: string): number {
  const stat = statSync(dir, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (stat.isFile()) return stat.mtimeMs;
  let time = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) time = Math.max(time, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return time;
}

const stale = (pkg: BuiltPackage) =>
  Math.max(...INPUTS[pkg].sources.map((s) => newest(join(root, s)))) >
  newest(join(root, 'packages', INPUTS[pkg].dir, 'dist'));

const LOCK = join(root, 'test-artifacts', '.dist-build.lock');

async function locked<T>(work: () => Promise<T>): Promise<T> {
  mkdirSync(join(root, 'test-artifacts'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock older than any build is left by a killed run.
      const since = statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - since > 600_000) rmSync(LOCK, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/** Rebuilds, in order, each of `packages` whose sources changed since its last build. */
export async function buildWhatIsStale(packages: readonly BuiltPackage[]): Promise<void> {
  const order = (Object.keys(INPUTS) as BuiltPackage[]).filter((p) => packages.includes(p));
  // Checked under the lock only: while another worker's tsup runs, a dist/ can hold its new scripts
  // and not yet its types, and looks fresh.
  await locked(async () => {
    for (const pkg of order)
      if (stale(pkg)) await run('npm', ['run', 'build', '-w', pkg], { cwd: root, timeout: 300_000 });
  });
}
