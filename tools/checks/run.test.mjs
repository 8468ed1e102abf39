import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { oasDir } from '../codegen/spec.mjs';
import { INPUTS, root as repoRoot } from './checks.mjs';
import { runChecks } from './run.mjs';

const made = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A scratch project (a git repo unless `git` is false) with two checks that count their runs. */
function project({ git = true } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'castkit-checks-'));
  const outside = mkdtempSync(join(tmpdir(), 'castkit-checks-runs-'));
  made.push(root, outside);
  if (git) execFileSync('git', ['init', '-q'], { cwd: root });
  // Not a repository, wherever the temp folder is: git stops at a .git file naming no repository.
  else writeFileSync(join(root, '.git'), 'gitdir: /nonexistent/castkit-checks\n');
  writeFileSync(join(root, '.gitignore'), 'node_modules\n');
  writeFileSync(join(root, 'a.ts'), 'export const a = 1;\n');
  mkdirSync(join(root, 'node_modules'));
  writeFileSync(join(root, 'node_modules', '.package-lock.json'), '{"v":1}');
  const runs = join(outside, 'runs');
  const specs = join(outside, 'specs');
  mkdirSync(join(specs, 'v3'), { recursive: true });
  writeFileSync(join(specs, 'v3', 'api.yaml'), 'openapi: 3.0.0\n');
  writeFileSync(runs, '');
  // The second check fails while a file named FAIL is in the tree.
  const checks = [
    ['counts', process.execPath, ['-e', `require('fs').appendFileSync(${JSON.stringify(runs)}, 'c')`]],
    ['fails on FAIL', process.execPath, ['-e', "process.exit(require('fs').existsSync('FAIL') ? 3 : 0)"]],
  ];
  let printed = '';
  const check = (force = false) =>
    runChecks(checks, {
      root,
      record: join(root, 'node_modules', '.cache', 'checks-passed'),
      inputs: [join(root, 'node_modules', '.package-lock.json'), specs],
      force,
      write: (s) => {
        printed += s;
      },
    });
  return {
    root,
    specs,
    check,
    runs: () => readFileSync(runs, 'utf8').length,
    printed: () => printed,
  };
}

describe('the checks before the tests', () => {
  it('skip when nothing changed since they all passed, and run after an edit, a new file, a removal, an install or a change to the specs', async () => {
    const p = project();
    expect(await p.check()).toBe(0);
    expect(p.runs()).toBe(1);
    expect(await p.check()).toBe(0);
    expect(p.runs()).toBe(1);
    expect(p.printed()).toContain('ok  counts, fails on FAIL: nothing changed since they all passed');

    const changes = [
      () => writeFileSync(join(p.root, 'a.ts'), 'export const a = 2;\n'),
      () => writeFileSync(join(p.root, 'b.ts'), ''),
      () => rmSync(join(p.root, 'b.ts')),
      () => writeFileSync(join(p.root, 'node_modules', '.package-lock.json'), '{"v":2}'),
      () => writeFileSync(join(p.specs, 'v3', 'api.yaml'), 'openapi: 3.1.0\n'),
      () => writeFileSync(join(p.specs, 'v3', 'other.yaml'), ''),
    ];
    let expected = 1;
    for (const change of changes) {
      change();
      expect(await p.check()).toBe(0);
      expect(p.runs()).toBe(++expected);
      expect(await p.check()).toBe(0);
      expect(p.runs()).toBe(expected);
    }
    // An ignored file is not the checks' input.
    writeFileSync(join(p.root, 'node_modules', 'other.js'), '');
    expect(await p.check()).toBe(0);
    expect(p.runs()).toBe(expected);
  });

  it('run again after a failure, even on the same tree, and whenever forced', async () => {
    const p = project();
    writeFileSync(join(p.root, 'FAIL'), '');
    expect(await p.check()).toBe(3);
    expect(p.printed()).toContain('FAILED  fails on FAIL');
    expect(await p.check()).toBe(3);
    expect(p.runs()).toBe(2);
    rmSync(join(p.root, 'FAIL'));
    expect(await p.check()).toBe(0);
    expect(await p.check(true)).toBe(0);
    expect(p.runs()).toBe(4);
  });

  it('run every time where git cannot list the tree', async () => {
    const p = project({ git: false });
    expect(await p.check()).toBe(0);
    expect(await p.check()).toBe(0);
    expect(p.runs()).toBe(2);
  });

  it("name what this repository's checks read beyond git's list: the install record and the specs", () => {
    expect(INPUTS).toEqual([join(repoRoot, 'node_modules', '.package-lock.json'), oasDir]);
  });
});
