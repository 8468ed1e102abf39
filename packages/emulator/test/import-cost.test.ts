// Importing the package must stay cheap: @farcaster/core alone adds ~100 MB of RSS to a process,
// so it is loaded on first use (protocol/core.ts), never by the import. Both imports are measured
// side by side, each in a fresh process.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const here = fileURLToPath(new URL('..', import.meta.url));

/** RSS a fresh process gains by importing `specifier`, in bytes. */
function importRss(specifier: string): number {
  const script = `
    globalThis.gc();
    const bare = process.memoryUsage().rss;
    await import(${JSON.stringify(specifier)});
    globalThis.gc();
    console.log(process.memoryUsage().rss - bare);`;
  const r = spawnSync(
    process.execPath,
    ['--expose-gc', '--conditions=castkit-source', '--import', 'tsx', '--input-type=module', '-e', script],
    { encoding: 'utf8', timeout: 120_000, cwd: here },
  );
  expect(r.status, r.stderr).toBe(0);
  return Number(r.stdout.trim().split('\n').at(-1));
}

it('costs less memory to import @castkit/emulator than @farcaster/core alone, which it loads on first use', () => {
  const core = importRss('@farcaster/core');
  const emulator = importRss(fileURLToPath(new URL('../src/index.ts', import.meta.url)));
  expect(emulator).toBeLessThan(core);
}, 240_000);
