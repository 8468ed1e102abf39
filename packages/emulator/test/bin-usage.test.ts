// castkit-emulator reads its flags before it loads the code that serves: --help and a usage error
// answer from a process that never loaded SQLite, the spec validators or the protocol library.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadProbe } from './support/load-probe.js';
import { type Finished, killAll, run } from './support/process.js';

const dir = mkdtempSync(join(tmpdir(), 'castkit-bin-usage-'));
afterAll(() => {
  killAll();
  rmSync(dir, { recursive: true, force: true });
});

const probe = loadProbe(dir, ['better-sqlite3', 'ajv', '@farcaster/core']);

const withProbe = (db: string, args: string[]) =>
  run(db, args, { env: { ...process.env, NODE_OPTIONS: probe.nodeOptions } });
const loaded = (r: Finished): string[] => probe.loaded(r.stderr);

it('answers --help without loading SQLite, the validators or the protocol library', async () => {
  const r = await withProbe(':memory:', ['--help']);
  expect(r.code).toBe(0);
  expect(r.stdout).toContain('castkit-emulator');
  expect(r.stdout).toContain('--seed-size');
  expect(loaded(r)).toEqual([]);
});

it('refuses a bad flag value with exit code 2 before loading any of them', async () => {
  const [rateLimit, seedSize] = await Promise.all([
    withProbe(':memory:', ['--rate-limit', 'gold']),
    withProbe(':memory:', ['--seed-size', 'huge']),
  ]);
  expect(rateLimit).toMatchObject({ code: 2, stdout: '' });
  expect(rateLimit.stderr).toMatch(/--rate-limit must be starter, growth, scale or off/);
  expect(seedSize).toMatchObject({ code: 2, stdout: '' });
  expect(seedSize.stderr).toMatch(/--seed-size must be small, large or none, got "huge"/);
  expect([loaded(rateLimit), loaded(seedSize)]).toEqual([[], []]);
});

it('loads SQLite once the flags are sound and it opens the database (here: a file that is none)', async () => {
  const notADatabase = join(dir, 'not-a-database.db');
  writeFileSync(notADatabase, 'plain text, no SQLite header');
  const r = await withProbe(notADatabase, []);
  expect(r.code).toBe(1);
  expect(loaded(r)).toContain('better-sqlite3');
});
