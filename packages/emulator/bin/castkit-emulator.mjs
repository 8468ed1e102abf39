#!/usr/bin/env node
// Runs the TypeScript sources through tsx: the emulator is a dev tool used from this repo.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
const { UsageError } = await import('../src/command/args.ts');
main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(e instanceof UsageError ? 2 : 1);
});
