// The emulator README's coverage table is what tools/coverage renders from the operation table and
// the handlers, so it cannot go stale: a handler added or removed without `npm run coverage` fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hubHandlers } from '../../packages/emulator/src/hub/index.ts';
import { v2Handlers } from '../../packages/emulator/src/v2/index.ts';
import { allOperations } from '../../packages/sdk/src/2x/index.ts';
import { readmePath } from './index.mjs';
import { END, renderCoverage, START, withCoverage } from './render.mjs';

describe('the emulator README coverage table', () => {
  const emulated = { v2: new Set(Object.keys(v2Handlers)), hub: new Set(Object.keys(hubHandlers)) };
  const table = renderCoverage(allOperations, emulated);

  it('matches the handlers (run `npm run coverage` after adding or removing one)', () => {
    const readme = readFileSync(readmePath, 'utf8');
    expect(withCoverage(readme, table)).toBe(readme);
  });

  it('lists every operation of both APIs once, with whether it is emulated', () => {
    const rows = table.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| area'));
    expect(rows).toHaveLength(allOperations.length);
    for (const op of allOperations) {
      const row = rows.find((r) => r.includes(`| \`${op.name}\` |`) && r.includes(op.path));
      expect(row, op.name).toMatch(emulated[op.api].has(op.name) ? /\| yes \|$/ : /\| no \(501\) \|$/);
    }
  });

  it('says when an operation is not emulated', () => {
    const partial = renderCoverage(allOperations.slice(0, 2), { v2: new Set(), hub: new Set() });
    expect(partial).toContain('0 of 2 operations are emulated');
    expect(partial.startsWith(START) && partial.endsWith(END)).toBe(true);
  });
});
