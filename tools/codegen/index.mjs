#!/usr/bin/env node
// Generates the SDK's operation tables, types, client methods and enums (documented from the
// spec's facts), and the emulator's wire types and request-body schemas, from ../shared/oas.
// `--check` regenerates in memory and fails when the committed files differ (CI drift guard).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  emitEnumIndex,
  emitEnums,
  emitMethods,
  emitTable,
  emitTypes,
  HEADER,
  operationTypeNames,
} from './emit.mjs';
import { collectEnums } from './enums.mjs';
import { GENERATION_2, GENERATION_3 } from './generations.mjs';
import { typeName } from './names.mjs';
import { buildOperations } from './operations.mjs';
import { loadSpec, oasDir } from './spec.mjs';
import { emitBodies, emitWire } from './wire.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = join(root, 'packages/sdk/src/generated');
const emulatorDir = join(root, 'packages/emulator/src/generated');

// One spec per API and SDK generation: 2.44's tables from the files the 2.44 SDK was made from, 3.x's
// from 3.174/; the emulator serves both, so it gets wire types and body schemas of each.
const SURFACES = [
  {
    gen: GENERATION_2,
    enumIndex: 'enums.ts',
    emulator: true,
    apis: [
      { api: 'v2', prefix: 'V2', file: 'neynar-v2.yaml', dir: 'v2' },
      { api: 'hub', prefix: 'Hub', file: 'hub-v1.yaml', dir: 'hub' },
    ],
  },
  {
    gen: GENERATION_3,
    enumIndex: 'enums3.ts',
    emulator: true,
    apis: [
      { api: 'v2', prefix: 'Api3', file: '3.174/neynar-api.yaml', dir: 'api3' },
      { api: 'hub', prefix: 'Hub3', file: '3.174/hub-api.yaml', dir: 'hub3' },
    ],
  },
];

export function generate() {
  const files = new Map();
  for (const surface of SURFACES) generateSurface(surface, files);
  return files;
}

function generateSurface({ gen, enumIndex, emulator, apis }, files) {
  const enumsOf = {};
  const mainNames = new Set();
  for (const { api, prefix, file, dir } of apis) {
    const spec = loadSpec(join(oasDir, file));
    const ops = buildOperations(spec, api, gen);
    const enums = collectEnums(spec, gen);
    enumsOf[api] = enums;
    const source = `shared/oas/${file} (${spec.doc.info.title} ${spec.doc.info.version})`;
    files.set(join(outDir, dir, 'types.ts'), emitTypes(spec, ops, { source, prefix, enums }));
    files.set(join(outDir, dir, 'operations.ts'), emitTable(spec, ops, { source, prefix }));
    files.set(join(outDir, dir, 'methods.ts'), emitMethods(spec, ops, { source, prefix }));
    files.set(join(outDir, dir, 'enums.ts'), emitEnums(enums, { source }));
    if (emulator) {
      const header = HEADER(source);
      files.set(join(emulatorDir, `${dir}-wire.ts`), emitWire(ops, { header, prefix }));
      files.set(join(emulatorDir, `${dir}-bodies.ts`), emitBodies(spec, ops, { header, id: dir }));
    }
    if (api === 'v2') {
      // Every name the main API exports at the top level, so a hub enum never shadows one.
      for (const name of Object.keys(spec.doc.components?.schemas ?? {})) mainNames.add(typeName(name));
      for (const e of enums) mainNames.add(e.name);
      for (const t of operationTypeNames(spec, ops).values()) mainNames.add(t.params).add(t.response);
    }
  }
  const [main, hub] = apis;
  const header = HEADER(`shared/oas (both APIs${gen.generation === 3 ? ', 3.174' : ''})`);
  files.set(
    join(outDir, enumIndex),
    emitEnumIndex(mainNames, enumsOf.hub, { header, main: main.dir, hub: hub.dir }),
  );
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
