// @farcaster/core is one 720 KB bundle, ~0.7 s of CPU to load: loaded on first use instead of at
// start-up, so an emulator on an already seeded database answers its first reads without it.
import { createRequire } from 'node:module';

type Core = typeof import('@farcaster/core');
let core: Core | undefined;

export function farcasterCore(): Core {
  core ??= createRequire(import.meta.url)('@farcaster/core') as Core;
  return core;
}
