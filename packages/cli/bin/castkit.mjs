#!/usr/bin/env node
// Runs the TypeScript sources through tsx, like the emulator: the CLI is a dev tool used from this repo.
import { register } from 'tsx/esm/api';

register();
await import('../src/bin.ts');
