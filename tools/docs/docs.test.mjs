// The committed API reference is what `npm run docs` renders from the spec, and covers every operation.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allOperations as operations2 } from '../../packages/sdk/src/2x/index.ts';
import { allOperations as operations3 } from '../../packages/sdk/src/3x/index.ts';
import { humanize } from '../codegen/names.mjs';
import { loadSpec, oasDir } from '../codegen/spec.mjs';
import { drift, outDir, render } from './index.mjs';

describe.skipIf(!existsSync(oasDir))('npm run docs', () => {
  const pages = render();

  it('matches the committed pages under docs/api (run `npm run docs` after changing the generator or spec)', () => {
    expect(drift(pages).map((file) => relative(outDir, file))).toEqual([]);
  });

  it.each([
    ['3.x', operations3, 199],
    ['2.x', operations2, 147],
  ])('has a section for every operation of the %s surface, with its method and path', (dir, ops, count) => {
    const text = [...pages]
      .filter(([file]) => relative(outDir, file).startsWith(`${dir}/`))
      .map(([, page]) => page)
      .join('\n');
    expect(ops).toHaveLength(count);
    const missing = ops.filter(
      (op) => !text.includes(`## ${op.name}\n`) || !text.includes(`\`${op.method} ${op.path}\``),
    );
    expect(missing.map((op) => op.name)).toEqual([]);
  });
});

describe.skipIf(!existsSync(oasDir))('generated docs', () => {
  it('carry none of the spec’s descriptions or summaries, in the code or the reference', () => {
    const prose = new Set();
    const collect = (node) => {
      if (Array.isArray(node)) node.forEach(collect);
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if ((key === 'description' || key === 'summary') && typeof value === 'string') {
            // A sentence long enough to be prose, not a name: normalised to one line as comments would carry it.
            const text = value.replace(/\s+/g, ' ').trim();
            if (text.length >= 24) prose.add(text);
          } else collect(value);
        }
      }
    };
    for (const file of ['neynar-v2.yaml', 'hub-v1.yaml', '3.174/neynar-api.yaml', '3.174/hub-api.yaml'])
      collect(loadSpec(join(oasDir, file)).doc);
    const generated = fileURLToPath(new URL('../../packages/sdk/src/generated/', import.meta.url));
    const files = [
      ...readdirSync(generated, { recursive: true }).map((f) => join(generated, String(f))),
      ...readdirSync(outDir, { recursive: true }).map((f) => join(outDir, String(f))),
    ].filter((f) => /\.(ts|md)$/.test(f));
    const text = files.map((f) => readFileSync(f, 'utf8').replace(/\s*\n\s*\*?\s*/g, ' ')).join('\n');
    // A summary that reads like the method name is not copied: ours are derived from names.
    for (const op of [...operations2, ...operations3]) prose.delete(humanize(op.name));
    expect(prose.size).toBeGreaterThan(500);
    expect([...prose].filter((p) => text.includes(p))).toEqual([]);
  });
});
