// Every generated method, parameter and response field has a doc comment an editor shows on hover.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { hubOperations, v2Operations } from '../src/2x/index.js';
import { api3Operations, hub3Operations } from '../src/3x/index.js';

const src = (p: string) => fileURLToPath(new URL(`../src/${p}`, import.meta.url));

/** Each surface: its entry, tables and generated files, and what a hover shows for a lookup. */
const SURFACES = [
  {
    name: '2.x',
    dir: '2x',
    tables: [
      ['NeynarAPIClient', v2Operations, 'generated/v2/types.ts'],
      ['NeynarHubClient', hubOperations, 'generated/hub/types.ts'],
    ],
    path: '`GET /farcaster/user/by_username` on the main API',
    viewerFid: 'Query parameter `viewer_fid`, optional.\n`Fid` (integer, int32).',
    followers: 'Required: integer, int32.',
  },
  {
    name: '3.x',
    dir: '3x',
    tables: [
      ['NeynarAPIClient', api3Operations, 'generated/api3/types.ts'],
      ['NeynarHubClient', hub3Operations, 'generated/hub3/types.ts'],
    ],
    path: "`GET /v2/farcaster/user/by_username/` on the main API (`https://api.neynar.com` by default).\nRequires `username`; also takes `viewerFid`.\nSends `x-neynar-experimental` from the client's headers (`baseOptions.headers`).",
    viewerFid: 'Query parameter `viewer_fid`, optional.\nInteger; at least 1.',
    followers: 'Required: integer, int32.',
  },
] as const;

const hoverSource = `import { createClient, lookupUserByUsername, NeynarAPIClient } from './index.js';
const api = new NeynarAPIClient({ apiKey: 'k' });
const res = await api.lookupUserByUsername({ username: 'dwr', viewerFid: 3 });
res.user.follower_count;
createClient().call(lookupUserByUsername, { username: 'dwr' });
`;

const options: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  types: ['node'],
  strict: true,
  skipLibCheck: true,
  noEmit: true,
};

describe.each(SURFACES)('doc comments of the $name surface', (surface) => {
  const entry = src(`${surface.dir}/index.ts`);
  const hoverFile = src(`${surface.dir}/hover-check.ts`);
  let service: ts.LanguageService;
  let checker: ts.TypeChecker;
  let exports: Map<string, ts.Symbol>;

  beforeAll(() => {
    const host: ts.LanguageServiceHost = {
      getCompilationSettings: () => options,
      getScriptFileNames: () => [entry, hoverFile],
      getScriptVersion: () => '1',
      getScriptSnapshot: (file) => {
        const text = file === hoverFile ? hoverSource : ts.sys.readFile(file);
        return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
      },
      getCurrentDirectory: () => src(''),
      getDefaultLibFileName: ts.getDefaultLibFilePath,
      fileExists: (file) => file === hoverFile || ts.sys.fileExists(file),
      readFile: (file) => (file === hoverFile ? hoverSource : ts.sys.readFile(file)),
    };
    service = ts.createLanguageService(host);
    const program = service.getProgram()!;
    checker = program.getTypeChecker();
    const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
    exports = new Map(checker.getExportsOfModule(module).map((s) => [s.name, s]));
  }, 60_000);

  const docOf = (symbol: ts.Symbol | undefined) =>
    symbol ? ts.displayPartsToString(symbol.getDocumentationComment(checker)) : '';

  const hover = (needle: string, nth = 0) => {
    let at = -1;
    for (let i = 0; i <= nth; i++) at = hoverSource.indexOf(needle, at + 1);
    const info = service.getQuickInfoAtPosition(hoverFile, at);
    return ts.displayPartsToString(info?.documentation ?? []);
  };

  it('show on hover for a method, a parameter, a response field and an operation entry', () => {
    expect(hover('lookupUserByUsername({')).toContain(surface.path);
    expect(hover('viewerFid')).toBe(surface.viewerFid);
    expect(hover('follower_count')).toBe(surface.followers);
    expect(hover('lookupUserByUsername, {')).toContain('client.call(lookupUserByUsername, params)');
  });

  it('cover every method of both clients and every operation entry', () => {
    const undocumented: string[] = [];
    for (const [client, table] of surface.tables) {
      const instance = checker.getDeclaredTypeOfSymbol(exports.get(client)!);
      for (const [name, op] of Object.entries(table)) {
        const doc = docOf(instance.getProperty(name));
        if (!doc.includes(`\`${op.method} ${op.path}\``)) undocumented.push(`${client}.${name}`);
        const entryName = op.api === 'hub' ? `hub${name[0]!.toUpperCase()}${name.slice(1)}` : name;
        if (!docOf(exports.get(entryName)).includes(op.path)) undocumented.push(entryName);
      }
    }
    expect(undocumented).toEqual([]);
  });

  it('cover every parameter of every operation', () => {
    const undocumented: string[] = [];
    let checked = 0;
    for (const [, table, file] of surface.tables) {
      const module = checker.getSymbolAtLocation(service.getProgram()!.getSourceFile(src(file))!)!;
      const types = new Map(checker.getExportsOfModule(module).map((s) => [s.name, s]));
      for (const op of Object.values(table)) {
        const type = checker.getDeclaredTypeOfSymbol(
          types.get(`${op.name[0]!.toUpperCase()}${op.name.slice(1)}Params`)!,
        );
        // A header the client's configuration carries is no parameter of the method (3.x).
        for (const p of op.params.filter((p) => !p.client)) {
          checked++;
          if (!docOf(type.getProperty(p.key)).includes(p.whole ? 'JSON body' : `\`${p.name}\``))
            undocumented.push(`${op.api} ${op.name}.${p.key}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect(undocumented).toEqual([]);
  });

  it('cover every field of every generated type', () => {
    const missing: string[] = [];
    let fields = 0;
    for (const [, , file] of surface.tables) {
      const source = ts.createSourceFile(file, readFileSync(src(file), 'utf8'), ts.ScriptTarget.ES2022, true);
      const visit = (node: ts.Node) => {
        // The `*OperationTypes` maps pair each operation with its types; they hold no fields of their own.
        if (ts.isInterfaceDeclaration(node) && node.name.text.endsWith('OperationTypes')) return;
        if (ts.isPropertySignature(node)) {
          fields++;
          if (ts.getJSDocCommentsAndTags(node).length === 0)
            missing.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(fields).toBeGreaterThan(1500);
    expect(missing).toEqual([]);
  });
});
