// The console builds kept in the temp folder for the browser tests: bounded, never one in use.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildConsole, pruneKeptBuilds } from './console-server';

const HOUR = 3600_000;
let folder: string;

afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** A kept build last used `hoursAgo` hours before `now`. */
function keptBuild(name: string, hoursAgo: number, now: number): void {
  const dir = join(folder, `castkit-console-build-${name}`);
  mkdirSync(dir);
  const at = new Date(now - hoursAgo * HOUR);
  utimesSync(dir, at, at);
}

describe('pruneKeptBuilds', () => {
  it('keeps the four most recently used builds and any used in the last hour, and removes the rest', () => {
    folder = mkdtempSync(join(tmpdir(), 'castkit-prune-'));
    const now = Date.now();
    const lastUses: [string, number][] = [
      ['a', 0.1],
      ['b', 0.2],
      ['c', 0.3],
      ['d', 0.4],
      ['e', 0.5],
      ['f', 30],
      ['g', 2],
    ];
    for (const [name, hoursAgo] of lastUses) keptBuild(name, hoursAgo, now);
    mkdirSync(join(folder, 'unrelated-folder'));
    pruneKeptBuilds(folder, now);
    expect(readdirSync(folder).sort()).toEqual([
      'castkit-console-build-a',
      'castkit-console-build-b',
      'castkit-console-build-c',
      'castkit-console-build-d',
      'castkit-console-build-e',
      'unrelated-folder',
    ]);
  });
});

describe('buildConsole', () => {
  it('touches a kept build it reuses, so pruning keeps it while a run reads it', async () => {
    const kept = await buildConsole();
    const longAgo = new Date(Date.now() - 30 * HOUR);
    utimesSync(kept, longAgo, longAgo);
    const before = Date.now();
    expect(await buildConsole()).toBe(kept);
    expect(statSync(kept).mtimeMs).toBeGreaterThanOrEqual(before - 1000);
  }, 120_000);
});
