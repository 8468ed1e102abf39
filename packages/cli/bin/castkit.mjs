#!/usr/bin/env node
// Runs the TypeScript sources through tsx, like the emulator: the CLI is a dev tool used from this repo.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');
process.exitCode = await main(process.argv.slice(2));
