// The emulator README's coverage table is what tools/coverage renders from the operation table and
// the handlers, so it cannot go stale: a handler added or removed without `npm run coverage` fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operationTable, rootPath } from '../../packages/emulator/src/api/operations.ts';
import { hubHandlers } from '../../packages/emulator/src/hub/index.ts';
import { v2Handlers } from '../../packages/emulator/src/v2/index.ts';
import { readmePath } from './index.mjs';
import { END, renderCoverage, START, withCoverage } from './render.mjs';

describe('the emulator README coverage table', () => {
  const emulated = { v2: new Set(Object.keys(v2Handlers)), hub: new Set(Object.keys(hubHandlers)) };
  const table = renderCoverage(operationTable, emulated);
  const rows = table.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| area'));

  it('matches the handlers (run `npm run coverage` after adding or removing one)', () => {
    const readme = readFileSync(readmePath, 'utf8');
    expect(withCoverage(readme, table)).toBe(readme);
  });

  it('lists every operation of both APIs and both generations once, with whether it is emulated and why not', () => {
    expect(rows).toHaveLength(operationTable.length);
    // 2.44: 122 main + 25 hub; 3.x: 174 + 25; 107 main and 25 hub operations in common.
    expect(operationTable).toHaveLength(147 + 199 - 132);
    for (const op of operationTable) {
      const path = rootPath(op.specs['3.x'] ?? op.specs['2.44']);
      const matching = rows.filter(
        (r) => r.includes(`| \`${op.name}\``) && r.includes(`| \`${op.method} ${path}\` |`),
      );
      expect(matching, op.name).toHaveLength(1);
      const gens = ['2.44', '3.x'].filter((g) => op.specs[g]).join(', ');
      const why = emulated[op.api].has(op.name)
        ? 'yes'
        : op.hosted
          ? 'no (501): a Neynar hosted product'
          : 'no (501): not emulated yet';
      expect(matching[0].endsWith(`| ${gens} | ${why} |`), matching[0]).toBe(true);
    }
  });

  it('names the operation 3.x renamed by both names, on one row', () => {
    const rename = rows.filter((r) => r.includes('lookupCastByHashOrWarpcastUrl'));
    expect(rename).toHaveLength(1);
    expect(rename[0]).toContain('`lookupCastByHashOrUrl` (2.44: `lookupCastByHashOrWarpcastUrl`)');
  });

  it('says how many are not emulated and why', () => {
    const partial = renderCoverage(operationTable.slice(0, 3), { v2: new Set(), hub: new Set() });
    expect(partial).toContain('0 of 3 operations are emulated');
    expect(partial.startsWith(START) && partial.endsWith(END)).toBe(true);
    const hosted = operationTable.filter((op) => op.hosted);
    expect(renderCoverage(hosted, { v2: new Set(), hub: new Set() })).toContain(
      `${hosted.length} are Neynar hosted products, answered with 501 saying so.`,
    );
    expect(renderCoverage(hosted.slice(0, 1), { v2: new Set(), hub: new Set() })).toContain(
      ' 1 is a Neynar hosted product, answered with 501 saying so.',
    );
  });

  it('words what is left unemulated for many, for one, and for none', () => {
    const social = operationTable.filter((op) => !op.hosted && op.api === 'v2').slice(0, 3);
    const hosted = operationTable.filter((op) => op.hosted).slice(0, 2);
    const summary = (served) =>
      renderCoverage([...social, ...hosted], {
        v2: new Set(served.map((op) => op.name)),
        hub: new Set(),
      }).split('\n')[2];
    expect(summary([])).toContain(' 3 are not emulated yet and answer 501 (after checking their input).');
    expect(summary(social.slice(0, 2))).toContain(
      ' 1 is not emulated yet and answers 501 (after checking its input).',
    );
    const none = summary(social);
    expect(none).toContain(' Every operation that is not a hosted product is emulated.');
    expect(none).not.toContain('not emulated yet');
    expect(none).toContain('2 are Neynar hosted products');
  });
});
