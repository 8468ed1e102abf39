// `npm run checks` (and the start of `npm test`): the checks of checks.mjs, skipped when nothing they
// read changed since they all passed. `--force` runs them regardless.
import { join } from 'node:path';
import { CHECKS, cache, INPUTS, root } from './checks.mjs';
import { runChecks } from './run.mjs';

process.exitCode = await runChecks(CHECKS, {
  root,
  record: join(cache, 'checks-passed'),
  inputs: INPUTS,
  force: process.argv.includes('--force'),
});
