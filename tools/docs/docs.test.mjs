// The committed API reference is what `npm run docs` renders from the spec, and covers every operation.
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allOperations } from '../../packages/sdk/src/index.ts';
import { oasDir } from '../codegen/spec.mjs';
import { drift, outDir, render } from './index.mjs';

describe.skipIf(!existsSync(oasDir))('npm run docs', () => {
  const pages = render();

  it('matches the committed pages under docs/api (run `npm run docs` after changing the generator or spec)', () => {
    expect(drift(pages).map((file) => relative(outDir, file))).toEqual([]);
  });

  it('has a section for every operation of both APIs, with its method and path', () => {
    const text = [...pages.values()].join('\n');
    const missing = allOperations.filter(
      (op) => !text.includes(`## ${op.name}\n`) || !text.includes(`\`${op.method} ${op.path}\``),
    );
    expect(missing.map((op) => op.name)).toEqual([]);
  });
});
