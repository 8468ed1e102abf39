// What each further in-memory emulator of a process holds is mostly its own copy of the database
// image, and SQLite's parse of that database's schema: these pin the two mechanisms that keep both
// small (the sizes themselves are measured by bench/harness.mjs, never asserted here).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Emulator, startEmulator } from '../src/index.js';
import { MEMORY_PAGE_SIZE } from '../src/store/db.js';

let first: Emulator;
let copy: Emulator;

beforeAll(async () => {
  first = await startEmulator({ db: ':memory:', seedCache: false });
  copy = await startEmulator({ db: ':memory:', seedCache: false });
}, 180_000);
afterAll(async () => {
  await copy?.close();
  await first?.close();
});

const pageSize = (e: Emulator) => e.db.pragma('page_size', { simple: true });

it('seeds a new in-memory database in pages half the size of a file’s, and a later copy keeps them', () => {
  expect(MEMORY_PAGE_SIZE).toBeLessThan(4096);
  expect(pageSize(first)).toBe(MEMORY_PAGE_SIZE);
  expect(pageSize(copy)).toBe(MEMORY_PAGE_SIZE);
});

it('records an inserted row by its key alone, naming none of its other columns', () => {
  const triggers = copy.db
    .prepare<[], { name: string; sql: string }>(
      "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'undo_rec_%_i'",
    )
    .all();
  expect(triggers.length).toBeGreaterThan(40);
  const casts = triggers.find((t) => t.name === 'undo_rec_casts_i');
  expect(casts?.sql).toMatch(/\("_gen", "_op", "_rid"\) VALUES/);
  // A table keyed without a rowid logs its key columns, and nothing else.
  const byAddress = triggers.find((t) => t.name === 'undo_rec_auth_addresses_i');
  expect(byAddress?.sql).toMatch(/\("_gen", "_op", "address"\) VALUES \(.*, 'i', NEW\."address"\)/);
  for (const { sql } of triggers) expect(sql).not.toMatch(/NULL/);
});
