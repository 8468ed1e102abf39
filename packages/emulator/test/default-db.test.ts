// Without --db, each project keeps its own state in .castkit/ of the directory the emulator starts in.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exited } from './support/process.js';
import { fromSource } from './support/source-build.js';

const BIN = new URL('../bin/castkit-emulator.mjs', import.meta.url).pathname;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Starts the emulator bin in `cwd` until it has printed its database line; stops it; gives its output. */
function startIn(cwd: string, args: string[] = []): Promise<string> {
  const child = spawn(process.execPath, [...fromSource(BIN), '--port', '0', ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const early = (code: number | null) =>
      reject(new Error(`exited ${code} before printing its database:\n${out}`));
    child.stdout.on('data', (d) => {
      out += d;
      if (/^database: .*$/m.test(out)) {
        child.off('exit', early);
        child.kill('SIGTERM');
        exited(child).then(() => resolve(out));
      }
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.once('exit', early);
  });
}

const project = () => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'castkit-project-')));
  dirs.push(dir);
  return dir;
};

describe('the default database', () => {
  it('is .castkit/emulator.db in the working directory, printed at start, one per project', async () => {
    const [a, b] = [project(), project()];
    const [outA, outB] = await Promise.all([startIn(a), startIn(b)]);
    expect(outA).toContain(`database: ${join(a, '.castkit', 'emulator.db')}`);
    expect(outB).toContain(`database: ${join(b, '.castkit', 'emulator.db')}`);
    for (const dir of [a, b]) {
      expect(existsSync(join(dir, '.castkit', 'emulator.db'))).toBe(true);
      expect(readFileSync(join(dir, '.castkit', '.gitignore'), 'utf8')).toMatch(/^\*$/m);
    }
  }, 60_000);

  it('gives way to --db PATH and --db :memory:', async () => {
    const dir = project();
    const [file, memory] = await Promise.all([
      startIn(dir, ['--db', 'state/my.db']),
      startIn(dir, ['--db', ':memory:']),
    ]);
    expect(file).toContain(`database: ${join(dir, 'state', 'my.db')}`);
    expect(existsSync(join(dir, 'state', 'my.db'))).toBe(true);
    expect(memory).toContain('database: :memory:');
    expect(existsSync(join(dir, '.castkit'))).toBe(false);
  }, 60_000);
});
