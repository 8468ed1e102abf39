import { execFile } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { sourceFileSet } from './module-cache.mjs';

const root = new URL('../../', import.meta.url).pathname;

/** A folder of its own under test-artifacts, removed after `work`. */
async function inFolder(name, work) {
  const dir = join(root, 'test-artifacts', `${name}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  try {
    return await work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the tests’ module cache', () => {
  it('keys the file set by paths: a rename or a new file moves it, an edit or test output does not', () =>
    inFolder('file-set', (dir) => {
      mkdirSync(join(dir, 'src'));
      writeFileSync(join(dir, 'src/x.ts'), 'export const v = 1;\n');
      const key = () => sourceFileSet(dir, ['src']);
      const first = key();
      writeFileSync(join(dir, 'src/x.ts'), 'export const v = 2;\n');
      mkdirSync(join(dir, 'src/.source-build'));
      writeFileSync(join(dir, 'src/.source-build/out.js'), '');
      mkdirSync(join(dir, 'src/test-artifacts'));
      writeFileSync(join(dir, 'src/test-artifacts/run.json'), '{}');
      expect(key()).toBe(first);
      renameSync(join(dir, 'src/x.ts'), join(dir, 'src/x.tsx'));
      const renamed = key();
      expect(renamed).not.toBe(first);
      writeFileSync(join(dir, 'src/y.ts'), '');
      expect(key()).not.toBe(renamed);
    }));

  // The case the key is for, through vitest itself: the importer stays the same, the file it imports
  // is renamed. Cached without the file set, the importer still asks for the old file.
  it(
    'runs a test again after the file it imports is renamed, which the content key alone fails',
    () =>
      inFolder('module-cache', async (dir) => {
        const run = async (withKey) => {
          const plugin = JSON.stringify(join(root, 'tools/test-order/module-cache.mjs'));
          writeFileSync(
            join(dir, 'vitest.config.mjs'),
            `import { sourceFileSetKey } from ${plugin};\n` +
              `export default { plugins: ${withKey ? "[sourceFileSetKey(import.meta.dirname, ['src'])]" : '[]'}, ` +
              `test: { include: ['src/*.test.ts'], cache: false, experimental: { fsModuleCache: true, ` +
              `fsModuleCachePath: ${JSON.stringify(join(dir, '.cache'))} } } };\n`,
          );
          try {
            await promisify(execFile)(
              process.execPath,
              [join(root, 'node_modules/vitest/vitest.mjs'), 'run'],
              {
                cwd: dir,
              },
            );
            return 'passed';
          } catch (error) {
            return /Cannot find module/.test(`${error.stdout}${error.stderr}`) ? 'stale' : String(error);
          }
        };
        const renamedAfterAPass = async (withKey) => {
          rmSync(join(dir, 'src'), { recursive: true, force: true });
          rmSync(join(dir, '.cache'), { recursive: true, force: true });
          mkdirSync(join(dir, 'src'));
          writeFileSync(
            join(dir, 'src/imp.test.ts'),
            "import { expect, it } from 'vitest';\nimport { v } from './x';\nit('reads v', () => expect(v).toBe(1));\n",
          );
          writeFileSync(join(dir, 'src/x.ts'), 'export const v = 1;\n');
          expect(await run(withKey)).toBe('passed');
          renameSync(join(dir, 'src/x.ts'), join(dir, 'src/x.tsx'));
          return run(withKey);
        };
        expect(await renamedAfterAPass(false)).toBe('stale');
        expect(await renamedAfterAPass(true)).toBe('passed');
      }),
    60_000,
  );
});
