// A package's bin run from this repo's sources as its own process, at the cost of a built one. Under
// tsx every process transpiled and resolved its ~500 modules through loader hooks again: ~2.5 s of
// CPU to import the emulator against ~0.7 s for the build, paid by every process the suite spawns
// (hundreds). Here the sources are bundled once by esbuild, as tsup bundles dist/ (the castkit-source
// condition takes every @castkit package from src/, other packages stay external), and kept until a
// source changes: the bundle's folder is named by a digest of every package's src and manifest.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';

// A path, not a URL: under jsdom (the console's hook tests) the global URL is jsdom's.
const PACKAGES = join(import.meta.dirname, '../../..');
const ROOT = join(PACKAGES, '..');
const ESBUILD = join(
  dirname(createRequire(join(ROOT, 'package.json')).resolve('esbuild/package.json')),
  'bin',
  'esbuild',
);

/** Every file of every package's src, and each manifest: what a bundle is built from (and how: this file). */
function sourceDigest(): string {
  const hash = createHash('sha256').update(readFileSync(join(import.meta.dirname, 'source-build.ts')));
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(path).update(readFileSync(path));
    }
  };
  for (const pkg of readdirSync(PACKAGES).sort()) {
    const manifest = join(PACKAGES, pkg, 'package.json');
    if (!existsSync(manifest)) continue;
    hash.update(readFileSync(manifest));
    if (existsSync(join(PACKAGES, pkg, 'src'))) walk(join(PACKAGES, pkg, 'src'));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Packages the bundles leave to node_modules: every dependency a package of this repo names, but its own. */
function externals(): string[] {
  const names = new Set<string>();
  for (const dir of [ROOT, ...readdirSync(PACKAGES).map((p) => join(PACKAGES, p))]) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const m = JSON.parse(readFileSync(manifest, 'utf8')) as Record<
      string,
      Record<string, string> | undefined
    >;
    for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'])
      for (const name of Object.keys(m[field] ?? {})) if (!name.startsWith('@castkit/')) names.add(name);
  }
  return [...names].flatMap((n) => [n, `${n}/*`]);
}

let digest: string | undefined;
const built = new Map<string, string>();

/**
 * The argv that runs `bin` (a package's `bin/*.mjs`) from sources: a bundle of its package's
 * `src/bin.ts`, named like the bin (a process list shows `castkit-emulator.mjs` as with the real one).
 */
export function fromSource(bin: string): string[] {
  let out = built.get(bin);
  if (!out) {
    const pkg = dirname(dirname(bin));
    digest ??= sourceDigest();
    // One level below the package, as dist/ is: the sources' `../package.json` and the CLI's
    // `./console` (linked to the console's build) resolve as they do from a build.
    const dir = join(pkg, `.source-build-${digest}`);
    out = join(dir, basename(bin));
    if (!existsSync(out)) build(join(pkg, 'src', 'bin.ts'), dir, basename(bin));
    built.set(bin, out);
  }
  return [out];
}

function build(entry: string, dir: string, name: string): void {
  const pkg = dirname(dir);
  // Older digests' bundles go: a bundle is only ever used for the sources it was built from.
  const mine = basename(dir);
  for (const f of readdirSync(pkg))
    if (f.startsWith('.source-build-') && !f.startsWith(mine))
      rmSync(join(pkg, f), { recursive: true, force: true });
  // Built beside and renamed into place: another worker building the same digest finds whole files.
  const partial = `${dir}.${process.pid}.partial`;
  mkdirSync(partial, { recursive: true });
  // Split as tsup splits dist/: what a command imports lazily stays in a chunk of its own, loaded
  // only by the commands that need it. One file of everything cost every `castkit --help` ~0.75 s
  // of CPU to parse against ~0.15 s for the built CLI. The chunks sit beside the entry, as in dist/,
  // so the sources' paths relative to their module (`../package.json`, `./console`) still resolve.
  // esbuild's command, not its API: the API refuses to run in jsdom (the console's hook tests).
  execFileSync(
    ESBUILD,
    [
      `${name.replace(/\.mjs$/, '')}=${entry}`,
      '--bundle',
      '--splitting',
      `--outdir=${partial}`,
      '--out-extension:.js=.mjs',
      '--platform=node',
      '--format=esm',
      '--target=node20',
      '--conditions=castkit-source',
      '--log-level=error',
      ...externals().map((e) => `--external:${e}`),
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  symlinkSync(join(PACKAGES, 'console', 'dist'), join(partial, 'console'));
  try {
    mkdirSync(dir, { recursive: true });
    // The entry last: a worker that finds it finds its chunks (named by their content) in place.
    for (const f of readdirSync(partial))
      if (f !== name && !(f === 'console' && existsSync(join(dir, f))))
        renameSync(join(partial, f), join(dir, f));
    renameSync(join(partial, name), join(dir, name));
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}
