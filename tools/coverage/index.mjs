#!/usr/bin/env node
// `npm run coverage`: writes the operation coverage table into packages/emulator/README.md from the
// emulator's operation table (both spec generations) and its handlers. `--check` fails when the committed table differs.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { renderCoverage, withCoverage } from './render.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const readmePath = join(root, 'packages/emulator/README.md');

/** The README as it should be, from the sources (TypeScript, loaded through tsx). */
export async function expectedReadme() {
  const { operationTable } = await tsImport(
    join(root, 'packages/emulator/src/api/operations.ts'),
    import.meta.url,
  );
  const { v2Handlers } = await tsImport(join(root, 'packages/emulator/src/v2/index.ts'), import.meta.url);
  const { hubHandlers } = await tsImport(join(root, 'packages/emulator/src/hub/index.ts'), import.meta.url);
  const table = renderCoverage(operationTable, {
    v2: new Set(Object.keys(v2Handlers)),
    hub: new Set(Object.keys(hubHandlers)),
  });
  return withCoverage(readFileSync(readmePath, 'utf8'), table);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const expected = await expectedReadme();
  const current = readFileSync(readmePath, 'utf8');
  if (process.argv.includes('--check')) {
    if (expected !== current) {
      console.error(
        'coverage: the table in packages/emulator/README.md is out of date. Run `npm run coverage`.',
      );
      process.exit(1);
    }
    console.log('coverage: the README table matches the handlers.');
  } else if (expected !== current) {
    writeFileSync(readmePath, expected);
    console.log('coverage: wrote packages/emulator/README.md');
  }
}
