import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { environmentOf, groupByEnvironment } from './sequencer.mjs';

const root = new URL('../../', import.meta.url).pathname;
// Vitest reads an environment declaration anywhere in a file, so this file spells it in pieces.
const declare = (env) => `// @vitest${'-'}environment ${env}`;

describe('test order', () => {
  it('reads the environment a file declares the way vitest does', () => {
    expect(environmentOf(`${declare('jsdom')}\nimport x from "y";`)).toBe('jsdom');
    expect(environmentOf(`/**\n * ${declare('happy-dom').slice(3)}\n */`)).toBe('happy-dom');
    expect(environmentOf('import { it } from "vitest";')).toBe('node');
    expect(environmentOf('import { it } from "vitest";', 'edge-runtime')).toBe('edge-runtime');
  });

  it('runs default-environment files first and keeps the given order inside each environment', () => {
    const env = { a: 'node', b: 'jsdom', c: 'node', d: 'jsdom', e: 'happy-dom', f: 'node' };
    const order = groupByEnvironment(['b', 'a', 'e', 'd', 'c', 'f'], (f) => env[f]);
    expect(order).toEqual(['a', 'c', 'f', 'b', 'd', 'e']);
  });

  it('tells this repository’s component tests from its node tests', () => {
    const read = (f) => environmentOf(readFileSync(join(root, f), 'utf8'));
    expect(read('packages/console/test/fields.test.tsx')).toBe('jsdom');
    expect(read('packages/console/test/devscreens.e2e.test.ts')).toBe('node');
    expect(read('tools/test-order/sequencer.test.mjs')).toBe('node');
  });

  // Without timings (no cache here) vitest runs larger files first: on two workers the node files a
  // and b, then the jsdom files c and d; a node worker that finishes with c or d next in the queue is
  // stopped, so e and f need at least one fresh process. Grouped, e and f reuse the first two.
  it('keeps node files in the worker processes they started in when jsdom files would fall between them', async () => {
    const dir = join(root, 'test-artifacts', `sequencer-${process.pid}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const file = (name, size, env = '') => {
      const text =
        `${env && declare(env)}\nimport { appendFileSync } from 'node:fs';\nimport { it } from 'vitest';\n` +
        `it('records its process', () => appendFileSync(${JSON.stringify(join(dir, 'pids'))}, '${name} ' + process.pid + '\\n'));\n`;
      writeFileSync(join(dir, `${name}.test.mjs`), `${text}//${'x'.repeat(size - text.length)}\n`);
    };
    for (const name of ['a', 'b']) file(name, 3000);
    for (const name of ['c', 'd']) file(name, 2000, 'jsdom');
    for (const name of ['e', 'f']) file(name, 1000);
    const config = (sequencer) =>
      `${sequencer ? `import S from ${JSON.stringify(join(root, 'tools/test-order/sequencer.mjs'))};\n` : ''}` +
      `export default { test: { include: ['*.test.mjs'], isolate: false, maxWorkers: 2, cache: false${sequencer ? ', sequence: { sequencer: S }' : ''} } };\n`;
    const pidsOf = async (sequencer) => {
      writeFileSync(join(dir, 'vitest.config.mjs'), config(sequencer));
      rmSync(join(dir, 'pids'), { force: true });
      await promisify(execFile)(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run'], {
        cwd: dir,
      });
      const lines = readFileSync(join(dir, 'pids'), 'utf8').trim().split('\n');
      return Object.fromEntries(lines.map((l) => l.split(' ')));
    };
    try {
      const plain = await pidsOf(false);
      const nodeProcesses = (pids) => new Set(['a', 'b', 'e', 'f'].map((f) => pids[f])).size;
      // What vitest does on its own, the reason for the sequencer (4 when a and b end close together).
      expect(nodeProcesses(plain)).toBeGreaterThan(2);
      const grouped = await pidsOf(true);
      expect(nodeProcesses(grouped)).toBe(2);
      expect([grouped.a, grouped.b]).not.toContain(grouped.c);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
