// Type assertions (`x as T`, `<T>x`) in the emulator's own source: each one is a place where the
// compiler takes the code's word instead of checking it. The store reads typed statements, so it
// holds none; the rest stays below a ceiling that only goes down. Counted from TypeScript's own
// syntax tree, so prose in comments and strings ("such as", "as a") is not counted; `as const` is
// no assertion of a type and is not counted either. Generated code is left out: it comes from the spec.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', 'src');

/** Fewer than this many in src (outside generated/); lower it as casts go, never raise it. */
const CEILING = 60;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'generated' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Each assertion in one file's text, as `path:line: text`. */
function assertionsIn(path: string, text: string): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const asserted =
      (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) &&
      !(ts.isTypeReferenceNode(node.type) && node.type.typeName.getText(file) === 'const');
    if (asserted) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
      found.push(`${path}:${line + 1}: ${node.getText(file).replace(/\s+/g, ' ').slice(0, 100)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const all = sourceFiles(SRC).flatMap((f) => assertionsIn(`src/${relative(SRC, f)}`, readFileSync(f, 'utf8')));

describe('type assertions in the emulator source', () => {
  it('are none in the store, whose statements are typed', () => {
    expect(all.filter((a) => a.startsWith('src/store/'))).toEqual([]);
  });

  it(`number fewer than ${CEILING} outside generated code`, () => {
    expect(all.length, all.join('\n')).toBeLessThan(CEILING);
  });

  it('are never a double cast through unknown', () => {
    expect(all.filter((a) => /\bas unknown as\b/.test(a))).toEqual([]);
  });

  it('are told from prose, `as const` and renames (the counts above can fail)', () => {
    const text = [
      '// such as a comment, as prose',
      "import { a as b } from './x.js';",
      'export { b as c };',
      "const s = 'read as text';",
      'const k = [1, 2] as const;',
      'const n = JSON.parse(s) as number;',
      'const m = <string>JSON.parse(s);',
      'const d = n as unknown as string;',
    ].join('\n');
    expect(assertionsIn('made.ts', text)).toEqual([
      'made.ts:6: JSON.parse(s) as number',
      'made.ts:7: <string>JSON.parse(s)',
      'made.ts:8: n as unknown as string',
      'made.ts:8: n as unknown',
    ]);
  });
});
