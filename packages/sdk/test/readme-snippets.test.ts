// Every ```ts / ```js block in the READMEs compiles against the packages as written, and runs
// against a real emulator whose address it reads from CASTKIT_URL: the fallback every block names,
// `http://localhost:3000` (what `npm start` serves), is replaced by a server that refuses every call,
// so a block that calls it instead of reading CASTKIT_URL fails. A block that is deliberately not a whole program
// says so in the line before it, and this test lists each one:
//   <!-- not-run: why -->   type-checked, not run (e.g. it needs the real API)
//   <!-- fragment: why -->  neither (lines lifted out of a program)
// Other languages (sh, diff, plain) are not programs and are left alone.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWhatIsStale } from '../../cli/test/support/built-packages.js';
import type { Emulator } from '../../emulator/src/index.js';
import { exampleEnv, repoRoot, runProgram, startDevServer } from './support/programs.js';

interface Block {
  /** `README.md:12`: the file and line of the opening fence. */
  where: string;
  lang: 'ts' | 'js';
  code: string;
  mark?: { kind: 'not-run' | 'fragment'; why: string };
}

const READMES = [
  'README.md',
  ...readdirSync(join(repoRoot, 'packages')).map((p) => `packages/${p}/README.md`),
  'examples/README.md',
].filter((f) => {
  try {
    readFileSync(join(repoRoot, f));
    return true;
  } catch {
    return false;
  }
});

function blocksOf(file: string): Block[] {
  const lines = readFileSync(join(repoRoot, file), 'utf8').split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = lines[i]!.match(/^```(\w*)\s*$/);
    if (!open) continue;
    const end = lines.indexOf('```', i + 1);
    const lang = ({ ts: 'ts', typescript: 'ts', js: 'js', javascript: 'js' } as const)[open[1] as 'ts'];
    if (lang) {
      const before = [...lines.slice(0, i)].reverse().find((l) => l.trim() !== '') ?? '';
      const m = before.match(/^<!-- (not-run|fragment): (.+) -->$/);
      blocks.push({
        where: `${file}:${i + 1}`,
        lang,
        code: lines.slice(i + 1, end).join('\n'),
        mark: m ? { kind: m[1] as 'not-run' | 'fragment', why: m[2]! } : undefined,
      });
    }
    i = end;
  }
  return blocks;
}

const blocks = READMES.flatMap(blocksOf);
const workDir = join(repoRoot, 'test-artifacts/readme-snippets');
const fileOf = (b: Block) =>
  join(workDir, `${b.where.replace(/[/:.]/g, '_')}.${b.lang === 'ts' ? 'ts' : 'mjs'}`);

beforeAll(() => {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  // `export {}` makes every block a module, so top-level await compiles.
  for (const b of blocks) writeFileSync(fileOf(b), `${b.code}\nexport {};\n`);
});

it('the blocks marked as not whole programs are exactly these', () => {
  const marked = blocks.filter((b) => b.mark).map((b) => `${b.where} ${b.mark!.kind}: ${b.mark!.why}`);
  expect(marked.map((m) => m.replace(/:\d+ /, ' '))).toEqual([
    'packages/emulator/README.md not-run: a vitest file; packages/cli/test/packages.test.ts runs it in a project that installed the packed packages',
    'packages/sdk/README.md fragment: calls with placeholder values (signerUuid, hash, frameUrl, messageBytes)',
    "packages/sdk/README.md not-run: the emulator serves 3.x's paths once issue 28 lands; type-checked against the 3.x surface",
  ]);
});

it('every block that is not a fragment, and every example, type-checks against the packages', async () => {
  // As a user's program sees the packages: their built types (dist/*.d.ts, through their exports and
  // the workspace's node_modules links), library types taken as given. The repo's paths and
  // castkit-source condition would check the packages' sources again, which the root type-check does.
  await buildWhatIsStale(['@castkit/sdk', '@castkit/emulator']);
  for (const types of ['sdk/dist/index.d.cts', 'emulator/dist/index.d.cts'])
    expect(existsSync(join(repoRoot, 'packages', types)), `packages/${types}: npm run build`).toBe(true);
  const config = ts.readConfigFile(join(repoRoot, 'tsconfig.json'), ts.sys.readFile).config;
  const examples = [
    ...readdirSync(join(repoRoot, 'examples'))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join(repoRoot, 'examples', f)),
    join(repoRoot, 'examples/browser/app.ts'),
  ];
  const checked = blocks.filter((b) => b.mark?.kind !== 'fragment');
  const parsed = ts.parseJsonConfigFileContent(
    { ...config, include: [], files: [...checked.map(fileOf), ...examples] },
    ts.sys,
    repoRoot,
    { allowJs: true, checkJs: true, skipLibCheck: true },
  );
  const { paths: _paths, pathsBasePath: _base, customConditions: _conditions, ...asUser } = parsed.options;
  // The check is incremental: what a run learned about files whose text has not changed since
  // (the blocks, the examples, the packages' built types) is kept in the temp folder under a digest of the
  // checkout and the options, and the next run checks again only what changed and what depends on it.
  const digest = createHash('sha256')
    .update(JSON.stringify([ts.version, repoRoot, asUser]))
    .digest('hex')
    .slice(0, 16);
  const options = {
    ...asUser,
    skipLibCheck: true,
    incremental: true,
    tsBuildInfoFile: join(tmpdir(), `castkit-readme-snippets-${digest}.tsbuildinfo`),
  };
  const builder = ts.createIncrementalProgram({ rootNames: parsed.fileNames, options });
  const program = builder.getProgram();
  // What ts.getPreEmitDiagnostics reads from a program, read from the builder so its cache serves.
  const diagnostics = [
    ...builder.getConfigFileParsingDiagnostics(),
    ...builder.getOptionsDiagnostics(),
    ...builder.getGlobalDiagnostics(),
    ...builder.getSyntacticDiagnostics(),
    ...builder.getSemanticDiagnostics(),
  ];
  // With noEmit, emit writes only the build info.
  builder.emit();
  const problems = diagnostics.map((d) => {
    const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (!d.file || d.start === undefined) return text;
    const { line } = d.file.getLineAndCharacterOfPosition(d.start);
    const block = checked.find((b) => fileOf(b) === d.file!.fileName);
    const [file, open] = block ? block.where.split(':') : [relative(repoRoot, d.file.fileName), '0'];
    return `${file}:${Number(open) + line + 1}: ${text}`;
  });
  expect(problems).toEqual([]);
  // The blocks are really in the program (a wrong path would check nothing and pass).
  expect(checked.length).toBeGreaterThanOrEqual(8);
  for (const b of checked) expect(program.getSourceFile(fileOf(b))).toBeDefined();
  // And they met the packages as built, not as sources.
  const sources = program.getSourceFiles().filter((f) => /\/packages\/[^/]+\/src\//.test(f.fileName));
  expect(sources.map((f) => relative(repoRoot, f.fileName))).toEqual([]);
}, 120_000);

describe('every runnable block runs against the emulator', () => {
  let emu: Emulator;
  let fallback: Server;
  beforeAll(async () => {
    emu = await startDevServer();
    // 421 is never retried: the block fails at once, saying why.
    fallback = createServer((_req, res) => {
      res.writeHead(421, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'this block called http://localhost:3000 instead of CASTKIT_URL' }));
    });
    await new Promise<void>((resolve) => fallback.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await emu?.close();
    fallback?.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  const runnable = blocks.filter((b) => !b.mark);
  it.each(runnable.map((b) => [b.where, b] as const))(
    '%s',
    async (_where, block) => {
      const file = fileOf(block);
      const wrong = `http://127.0.0.1:${(fallback.address() as AddressInfo).port}`;
      writeFileSync(file, `${block.code.replaceAll('http://localhost:3000', wrong)}\nexport {};\n`);
      const result = await runProgram(relative(repoRoot, file), exampleEnv(emu));
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
    },
    60_000,
  );
});
