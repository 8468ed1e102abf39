#!/usr/bin/env node
// `npm run pack`: the published packages (the SDK, the emulator, the CLI with the console inside) as
// tarballs in one folder, to install castkit into another project with one `npm install` of them all
// (the emulator's tarball alone cannot install: it needs the SDK's, which no registry holds). Packs
// what is built; `npm run pack` builds first. `--out DIR` picks the folder (default packs/).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The packages that ship, in the order they depend on each other, and their folders. */
export const PUBLISHED = [
  ['@castkit/sdk', 'packages/sdk'],
  ['@castkit/emulator', 'packages/emulator'],
  ['castkit', 'packages/cli'],
];

const manifest = (dir) => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));

/**
 * What keeps the packages from installing together: one version for all, and each dependency on
 * another of them pinned to exactly that version (a range could pick a registry copy of another age).
 */
export function releaseProblems(manifests = PUBLISHED.map(([, dir]) => manifest(dir))) {
  const version = manifests[0].version;
  const problems = [];
  for (const m of manifests) {
    if (m.version !== version) problems.push(`${m.name} is ${m.version}, ${manifests[0].name} ${version}`);
    for (const [name, range] of Object.entries(m.dependencies ?? {}))
      if (PUBLISHED.some(([n]) => n === name) && range !== version)
        problems.push(`${m.name} depends on ${name}@${range}, not ${version}`);
  }
  return problems;
}

/** Packs every published package into `out` (its older castkit tarballs removed); returns the files. */
export function pack(out) {
  const problems = releaseProblems();
  if (problems.length) throw new Error(`pack: the packages do not agree:\n  ${problems.join('\n  ')}`);
  mkdirSync(out, { recursive: true });
  // Two versions of one package in the folder would both match the install line's *.tgz.
  for (const f of readdirSync(out)) if (/^castkit-.*\.tgz$/.test(f)) rmSync(join(out, f));
  return PUBLISHED.map(([name]) => {
    const [packed] = JSON.parse(
      execFileSync(
        'npm',
        ['pack', '-w', name, '--pack-destination', out, '--ignore-scripts', '--json', '--silent'],
        { cwd: root, encoding: 'utf8' },
      ),
    );
    return join(out, packed.filename);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--out');
  const out = resolve(at > 0 ? process.argv[at + 1] : join(root, 'packs'));
  try {
    const files = pack(out);
    console.log(`packed into ${out}:`);
    for (const f of files) console.log(`  ${relative(out, f)}`);
    console.log(`\ninstall them in another project with:\n  npm install ${out}/*.tgz`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
