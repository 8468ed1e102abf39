// @farcaster/core is one 720 KB bundle that also loads viem, ~0.6 s of CPU: loaded on first use
// instead of at start-up, so an emulator on an already seeded database answers its first reads
// without it.
import { createRequire } from 'node:module';
import { emulatorRequire, onFirstUse } from '../ground/required-later.js';

type Core = typeof import('@farcaster/core');

export const farcasterCore = onFirstUse(loadCore);

// Core builds its test factories with faker at load time and requires faker's main entry, which
// loads every locale (2,088 modules, ~0.8 s and ~40 MB). The English build has the same API and is
// all the factories need, so core is handed that one while it loads; the main entry is then
// forgotten again, so the process's own `require('@faker-js/faker')` still gets the full faker.
function loadCore(): Core {
  const main = englishFakerInPlace();
  try {
    return emulatorRequire('@farcaster/core');
  } finally {
    if (main) delete emulatorRequire.cache[main];
  }
}

/** Puts faker's English build where core will look for faker; the cache key to forget after, if any. */
function englishFakerInPlace(): string | undefined {
  try {
    const fromCore = createRequire(emulatorRequire.resolve('@farcaster/core'));
    const main = fromCore.resolve('@faker-js/faker');
    // Already loaded in full by the process: nothing to spare.
    if (emulatorRequire.cache[main]) return undefined;
    const path = fromCore.resolve('@faker-js/faker/locale/en');
    fromCore(path);
    const english = emulatorRequire.cache[path];
    if (!english) return undefined;
    emulatorRequire.cache[main] = english;
    return main;
  } catch {
    return undefined;
  }
}
