// The store is the only place that speaks SQL: routes, hydrators, the hub and the seed call named
// functions in src/store (store/queries/*), so a schema change is reviewed in one folder.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', 'src');
const STORE = join(SRC, 'store');

const SQL_TEXT =
  /\b(SELECT\s[\s\S]*?\bFROM\b|INSERT\s+(OR\s+\w+\s+)?INTO\b|UPDATE\s+\w+\s+SET\b|DELETE\s+FROM\b|CREATE\s+(UNIQUE\s+)?(INDEX|TABLE|TRIGGER|VIRTUAL)\b|DROP\s+(INDEX|TABLE|TRIGGER)\b|PRAGMA\s+\w+|BEGIN\b[\s;]|COMMIT\b|ROLLBACK\b)/;
const SQL_CALL = /\.(stmt|prepare|pragma)\(|\bdb\.exec\(|\bstore\.db\./;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return path === STORE ? [] : sourceFiles(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** The string and template literals of a TypeScript source, with their line numbers. */
function literals(source: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  const re = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\[\s\S])*`/g;
  const code = source.replace(/\/\*[\s\S]*?\*\/|(^|[^:\\])\/\/[^\n]*/g, (m) => m.replace(/[^\n]/g, ' '));
  for (const m of code.matchAll(re)) {
    out.push({ line: code.slice(0, m.index).split('\n').length, text: m[0] });
  }
  return out;
}

/** Lines outside src/store that speak SQL: SQL text in a literal, or a call on the connection. */
function sqlOutsideStore(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const source = readFileSync(file, 'utf8');
    const name = relative(SRC, file);
    for (const { line, text } of literals(source)) {
      if (SQL_TEXT.test(text)) found.push(`${name}:${line} ${text.slice(0, 60)}`);
    }
    source.split('\n').forEach((l, i) => {
      if (SQL_CALL.test(l) && !/^\s*(\/\/|\*)/.test(l)) found.push(`${name}:${i + 1} ${l.trim()}`);
    });
  }
  return found;
}

describe('the query layer', () => {
  it('is the only place with SQL: no file under src outside src/store holds a statement or calls the connection', () => {
    expect(sqlOutsideStore()).toEqual([]);
  });

  // The SQL below is the scan's input, not a read of the store.
  it('would see a statement written in a route, so the scan above can fail', () => {
    const route =
      "const n = store.stmt(`SELECT COUNT(*) FROM casts WHERE fid = ?`).get(fid);\nconst s = 'a DELETE button';";
    const hits = literals(route).filter((l) => SQL_TEXT.test(l.text));
    expect(hits.map((h) => h.text)).toEqual(['`SELECT COUNT(*) FROM casts WHERE fid = ?`']);
    expect(SQL_CALL.test(route)).toBe(true);
    expect(SQL_TEXT.test("'DELETE'") || SQL_TEXT.test("'Select a channel from the list'")).toBe(false);
  });
});
