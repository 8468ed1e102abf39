#!/usr/bin/env node
// Generates the SDK's operation tables and types, and the emulator's wire types and request-body
// schemas, from the official specs in ../shared/oas.
// `--check` regenerates in memory and fails when the committed files differ (CI drift guard).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { emitTable, emitTypes, HEADER } from './emit.mjs';
import { buildOperations } from './operations.mjs';
import { loadSpec, oasDir } from './spec.mjs';
import { emitBodies, emitWire } from './wire.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = join(root, 'packages/sdk/src/generated');
const emulatorDir = join(root, 'packages/emulator/src/generated');

const APIS = [
  { api: 'v2', prefix: 'V2', file: 'neynar-v2.yaml', dir: 'v2' },
  { api: 'hub', prefix: 'Hub', file: 'hub-v1.yaml', dir: 'hub' },
];

export function generate() {
  const files = new Map();
  for (const { api, prefix, file, dir } of APIS) {
    const spec = loadSpec(join(oasDir, file));
    const ops = buildOperations(spec, api);
    const source = `shared/oas/${file} (${spec.doc.info.title} ${spec.doc.info.version})`;
    files.set(join(outDir, dir, 'types.ts'), emitTypes(spec, ops, { source, prefix }));
    files.set(join(outDir, dir, 'operations.ts'), emitTable(ops, { source, prefix }));
    const header = HEADER(source);
    files.set(join(emulatorDir, `${api}-wire.ts`), emitWire(ops, { header, prefix }));
    files.set(join(emulatorDir, `${api}-bodies.ts`), emitBodies(spec, ops, { header, api }));
  }
  return files;
}

function main() {
  const check = process.argv.includes('--check');
  if (!existsSync(oasDir)) {
    console.log(`codegen: ${oasDir} not present; skipping ${check ? 'drift check' : 'generation'}.`);
    return;
  }
  const files = generate();
  const drifted = [];
  for (const [file, text] of files) {
    const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    if (current === text) continue;
    if (check) drifted.push(relative(root, file));
    else {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
      console.log(`codegen: wrote ${relative(root, file)}`);
    }
  }
  if (check && drifted.length) {
    console.error(
      `codegen: generated files are out of date with the spec:\n  ${drifted.join('\n  ')}\nRun \`npm run codegen\`.`,
    );
    process.exit(1);
  }
  if (check) console.log(`codegen: ${files.size} generated files match the spec.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
