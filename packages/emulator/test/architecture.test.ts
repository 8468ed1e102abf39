// The emulator's floors (support/floors.ts): every source file imports only from its own floor and
// those below, never what its floor is kept apart from, and no import loop exists anywhere. Imports
// are read the way TypeScript reads them (static, dynamic, type-only and re-exports alike).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { FLOORS, type Floor } from './support/floors.js';

const PACKAGE = join(import.meta.dirname, '..');
const SRC = join(PACKAGE, 'src');

/** File → the files of src it imports, paths relative to src. */
type Graph = Map<string, string[]>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

function importGraph(): Graph {
  const graph: Graph = new Map();
  for (const file of sourceFiles(SRC)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((i) => i.fileName)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => relative(SRC, resolve(dirname(file), spec)).replace(/\.js$/, '.ts'));
    graph.set(relative(SRC, file), [...new Set(targets)]);
  }
  return graph;
}

const inFolder = (file: string, folder: string) =>
  folder === '' ? !file.includes('/') : file === folder || file.startsWith(`${folder}/`);

/** The floor a file sits on (its index, lowest 0), by the longest folder that holds it. */
function floorOf(file: string, floors: readonly Floor[]): number | undefined {
  let best: { floor: number; length: number } | undefined;
  floors.forEach((f, floor) => {
    for (const folder of f.folders) {
      if (inFolder(file, folder) && (!best || folder.length > best.length))
        best = { floor, length: folder.length };
    }
  });
  return best?.floor;
}

/** Each import that runs up a floor, or into what its floor is kept apart from, as a sentence. */
function floorViolations(graph: Graph, floors: readonly Floor[]): string[] {
  const out: string[] = [];
  for (const [file, targets] of graph) {
    const from = floorOf(file, floors);
    if (from === undefined) {
      out.push(`src/${file} is on no floor: add its folder to one in test/support/floors.ts`);
      continue;
    }
    for (const target of targets) {
      const to = floorOf(target, floors);
      if (to === undefined) continue;
      if (to > from) {
        out.push(
          `src/${file} (floor ${floors[from]!.name}) imports src/${target}, a floor up (${floors[to]!.name})`,
        );
      }
      const apart = floors[from]!.without;
      const kept = apart?.paths.find((p) => inFolder(target, p));
      if (kept) out.push(`src/${file} (floor ${floors[from]!.name}) imports src/${target}: ${apart!.why}`);
    }
  }
  return out;
}

/** Every import loop, each as the files around it (a → b → … → a), from strongly connected components. */
function importCycles(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      const selfImport = graph.get(v)?.includes(v);
      if (component.length > 1 || selfImport) components.push(component);
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) connect(v);
  return components.map((c) => loopThrough(graph, new Set(c)));
}

/** One loop inside a strongly connected component: a path from its first file back to it. */
function loopThrough(graph: Graph, component: Set<string>): string[] {
  const start = [...component].sort()[0]!;
  const seen = new Set<string>();
  const path: string[] = [];
  const walk = (v: string): boolean => {
    path.push(v);
    seen.add(v);
    for (const w of graph.get(v) ?? []) {
      if (w === start) return true;
      if (component.has(w) && !seen.has(w) && walk(w)) return true;
    }
    path.pop();
    return false;
  };
  walk(start);
  return [...path, start];
}

const describeCycles = (cycles: string[][]) => cycles.map((c) => c.map((f) => `src/${f}`).join(' → '));

/** The floors as the table the docs show, between their floors:start and floors:end markers. */
function floorTable(floors: readonly Floor[]): string {
  const folders = (f: Floor) => f.folders.map((d) => (d === '' ? '`src/*.ts`' : `\`${d}/\``)).join(', ');
  return [
    '| floor | folders (under `src/`) | holds |',
    '|---|---|---|',
    ...floors.map((f, i) => `| ${i} ${f.name} | ${folders(f)} | ${f.holds} |`),
  ].join('\n');
}

const tableIn = (doc: string) =>
  /<!-- floors:start[^>]*-->\n([\s\S]*?)\n<!-- floors:end -->/.exec(
    readFileSync(join(PACKAGE, doc), 'utf8'),
  )?.[1];

describe('the floors of the emulator', () => {
  const graph = importGraph();

  it('put every source file on a floor that imports only from floors below, never what it is kept from', () => {
    expect(floorViolations(graph, FLOORS)).toEqual([]);
  });

  it('have no import loop among the source files', () => {
    expect(describeCycles(importCycles(graph))).toEqual([]);
  });

  it('are shown the same in STORE.md and the README', () => {
    expect(tableIn('STORE.md')).toBe(floorTable(FLOORS));
    expect(tableIn('README.md')).toBe(floorTable(FLOORS));
  });

  it('would see an import up a floor, into what a floor is kept from, or a loop (the checks above can fail)', () => {
    const made: Graph = new Map([
      ['store/queries/users.ts', ['store/statements.ts', 'hydrate/user.ts']],
      ['store/statements.ts', ['ground/errors.ts']],
      ['hydrate/user.ts', ['store/queries/users.ts']],
      ['ground/errors.ts', []],
      ['stray/file.ts', []],
    ]);
    expect(floorViolations(made, FLOORS)).toEqual([
      'src/store/queries/users.ts (floor store) imports src/hydrate/user.ts, a floor up (read models)',
      'src/store/statements.ts (floor store) imports src/ground/errors.ts: the store knows nothing of HTTP: only domain writes raise API errors',
      'src/stray/file.ts is on no floor: add its folder to one in test/support/floors.ts',
    ]);
    expect(describeCycles(importCycles(made))).toEqual([
      'src/hydrate/user.ts → src/store/queries/users.ts → src/hydrate/user.ts',
    ]);
  });
});
