// A project with the packs installed, made once per digest of everything the install reads and
// copied for each run. The install (npm unpacking ~116 packages, ~17 s of a run) gives the same tree
// for the same tarballs, install line and tool versions: npm packs byte for byte the same tarball
// from the same files, so a run whose packs are unchanged gets the tree the last install made. Each
// run still packs, and works in a fresh copy of the project, so nothing a test writes carries over.

import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface InstallInputs {
  /** The folder of tarballs the install line names. */
  packs: string;
  /** Whatever else shapes the tree: the install commands as typed, tool versions, the addon put in place. */
  recipe: readonly string[];
}

/** A digest of the tarballs' bytes and the recipe. */
function digestOf({ packs, recipe }: InstallInputs): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(packs).sort()) hash.update(file).update(readFileSync(join(packs, file)));
  for (const part of [process.version, ...recipe]) hash.update(`\0${part}`);
  return hash.digest('hex').slice(0, 16);
}

/**
 * Puts at `project` a copy of the project `install` makes in an empty folder for these inputs: made
 * now when no earlier run left one for the same digest under `cacheRoot`. `install` runs in a folder
 * that is published under its digest only once it finished, so a killed run leaves nothing half made;
 * older digests' projects are removed then.
 */
export async function installedProject(
  cacheRoot: string,
  inputs: InstallInputs,
  project: string,
  install: (dir: string) => Promise<void>,
): Promise<{ reused: boolean }> {
  const digest = digestOf(inputs);
  const cached = join(cacheRoot, `consumer-${digest}`);
  const reused = existsSync(cached);
  if (!reused) {
    mkdirSync(cacheRoot, { recursive: true });
    const making = join(cacheRoot, `.making-${digest}-${process.pid}`);
    rmSync(making, { recursive: true, force: true });
    // Made where the project will run, so relative paths in it (to the packs) are those of a real run.
    mkdirSync(project);
    await install(project);
    await run('cp', ['-a', project, making]);
    for (const old of readdirSync(cacheRoot))
      if (old.startsWith('consumer-') || leftByEndedRun(old))
        rmSync(join(cacheRoot, old), { recursive: true, force: true });
    // A run in another worker may have published the same digest meanwhile: its copy serves as well.
    if (existsSync(cached)) rmSync(making, { recursive: true, force: true });
    else renameSync(making, cached);
    return { reused };
  }
  // A full copy, not hard links: a tool writing a file in place in the project would change the cache.
  await run('cp', ['-a', cached, project]);
  return { reused };
}

/** A `.making-<digest>-<pid>` folder whose run ended before publishing it (killed): ~200 MB each. */
function leftByEndedRun(name: string): boolean {
  const pid = Number(/^\.making-[0-9a-f]+-(\d+)$/.exec(name)?.[1]);
  if (!pid || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'ESRCH';
  }
}
