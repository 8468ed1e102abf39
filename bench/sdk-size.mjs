// Browser bundle size of @castkit/sdk, minified and gzipped: a program calling one operation
// through the light client, against programs that take the class clients (every operation), for
// each surface (2.44's and 3.x's).
// Builds the package as published (tsup, without type declarations) into a temporary folder and
// bundles tiny entries with esbuild for the browser. Sizes are deterministic, so a test reads
// `--json` (packages/sdk/test/bundle-size.test.ts). Run: node bench/sdk-size.mjs
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build as bundle } from 'esbuild';

const sdkDir = fileURLToPath(new URL('../packages/sdk/', import.meta.url));
const tsup = fileURLToPath(new URL('../node_modules/tsup/dist/cli-default.js', import.meta.url));

// Each surface's entry, whose `allOperations` the bench counts by.
const SURFACES = { 2.44: '@castkit/sdk/2.x', '3.x': '@castkit/sdk' };

const ENTRIES = {
  'one 2.44 operation (createClient + lookupUserByUsername)': `
    import { createClient, lookupUserByUsername } from '@castkit/sdk/2.x';
    export const run = (apiKey) => createClient({ apiKey }).call(lookupUserByUsername, { username: 'dwr' });`,
  '2.44 NeynarAPIClient (all 122 main-API operations)': `
    import { NeynarAPIClient } from '@castkit/sdk/2.x';
    export const run = (apiKey) => new NeynarAPIClient({ apiKey }).lookupUserByUsername({ username: 'dwr' });`,
  '2.44 class clients (all 147 operations)': `
    import { NeynarAPIClient, NeynarHubClient } from '@castkit/sdk/2.x';
    export const run = (apiKey) => [new NeynarAPIClient({ apiKey }), new NeynarHubClient({ apiKey })];`,
  'one 3.x operation (createClient + lookupUserByUsername)': `
    import { createClient, lookupUserByUsername } from '@castkit/sdk';
    export const run = (apiKey) => createClient({ apiKey }).call(lookupUserByUsername, { username: 'dwr' });`,
  '3.x NeynarAPIClient (all 174 main-API operations)': `
    import { NeynarAPIClient } from '@castkit/sdk';
    export const run = (apiKey) => new NeynarAPIClient({ apiKey }).lookupUserByUsername({ username: 'dwr' });`,
  '3.x class clients (all 199 operations)': `
    import { NeynarAPIClient, NeynarHubClient } from '@castkit/sdk';
    export const run = (apiKey) => [new NeynarAPIClient({ apiKey }), new NeynarHubClient({ apiKey })];`,
};

export async function measure() {
  const dir = mkdtempSync(join(tmpdir(), 'castkit-size-'));
  try {
    const pkg = join(dir, 'node_modules/@castkit/sdk');
    mkdirSync(pkg, { recursive: true });
    cpSync(join(sdkDir, 'package.json'), join(pkg, 'package.json'));
    // The package's own tsup config, as `npm run build` uses it, minus the declarations.
    execFileSync(process.execPath, [tsup, '--no-dts', '--silent', '--out-dir', join(pkg, 'dist')], {
      cwd: sdkDir,
      stdio: 'inherit',
    });
    // Which operations a bundle holds: each table entry starts with its API, generation and operationId.
    const resolve = createRequire(join(dir, 'entry.js')).resolve;
    const tables = await Promise.all(Object.values(SURFACES).map((entry) => import(resolve(entry))));
    const allOperations = tables.flatMap((t) => t.allOperations);
    const marker = (op) =>
      `api:"${op.api}",${op.generation ? `generation:${op.generation},` : ''}id:"${op.id}"`;
    const results = [];
    for (const [name, source] of Object.entries(ENTRIES)) {
      const entry = join(dir, `entry-${results.length}.js`);
      writeFileSync(entry, source);
      const out = await bundle({
        entryPoints: [entry],
        absWorkingDir: dir,
        bundle: true,
        minify: true,
        format: 'esm',
        platform: 'browser',
        write: false,
        logLevel: 'silent',
      });
      const code = out.outputFiles[0].contents;
      const text = out.outputFiles[0].text;
      const operations = allOperations.filter((op) => text.includes(marker(op))).length;
      results.push({ name, bytes: code.length, gzip: gzipSync(code, { level: 9 }).length, operations });
    }
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = await measure();
  if (process.argv.includes('--json')) console.log(JSON.stringify(results));
  else {
    console.log('Browser bundles of @castkit/sdk (esbuild, minified; gzip level 9):');
    for (const r of results) {
      const light = results.find(
        (l) => l.operations === 1 && r.name.includes('3.x') === l.name.includes('3.x'),
      );
      const ratio = r === light ? '' : `  ${(r.gzip / light.gzip).toFixed(1)}x the one-operation bundle`;
      console.log(
        `  ${r.name.padEnd(58)} ${String(r.gzip).padStart(6)} B gzip  ${(r.bytes / 1000).toFixed(1).padStart(6)} kB min  ${String(r.operations).padStart(3)} operations${ratio}`,
      );
    }
  }
}
