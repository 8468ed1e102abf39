// What each further in-memory emulator of a process holds is mostly its own copy of the database
// image, and SQLite's parse of that database's schema: these pin the two mechanisms that keep both
// small (the sizes themselves are measured by bench/harness.mjs, never asserted here).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { operationRoutes } from '../src/api/dispatch.js';
import { pathForms } from '../src/api/operations.js';
import { compiledPath, Router } from '../src/edge/router.js';
import { hubHandlers } from '../src/hub/index.js';
import { type Emulator, Store, startEmulator } from '../src/index.js';
import { MEMORY_PAGE_SIZE } from '../src/store/db.js';
import { migrate } from '../src/store/migrations.js';
import { markGeneration, putMark, recordWrites, rollBackToGeneration } from '../src/store/snapshot-marks.js';
import { startRecording } from '../src/store/undo-log.js';
import { v2Handlers } from '../src/v2/index.js';

let first: Emulator;
let copy: Emulator;

beforeAll(async () => {
  first = await startEmulator({ db: ':memory:', seedCache: false });
  copy = await startEmulator({ db: ':memory:', seedCache: false });
}, 180_000);
const dir = mkdtempSync(join(tmpdir(), 'castkit-memory-footprint-'));
afterAll(async () => {
  await copy?.close();
  await first?.close();
  rmSync(dir, { recursive: true, force: true });
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

const undoIndexes = (db: Database.Database) =>
  db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name LIKE 'undo_t_%'")
    .pluck()
    .all();

it('keeps the undo log’s shadow tables without indexes, and drops those a file made before', () => {
  expect(
    copy.db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE name LIKE 'undo_t_%'").pluck().get(),
  ).toBeGreaterThan(40);
  expect(undoIndexes(copy.db)).toEqual([]);
  const file = join(dir, 'before.db');
  const old = new Database(file);
  migrate(old, 18);
  startRecording(old, ['users']);
  old.exec('CREATE INDEX undo_t_users_gen ON undo_t_users (_gen)');
  old.close();
  const store = new Store({ path: file });
  try {
    expect(undoIndexes(store.db)).toEqual([]);
  } finally {
    store.close();
  }
});

it('rolls back to any generation from the newest rows back, also after a rollback and more writes', () => {
  const store = new Store({ path: ':memory:' });
  try {
    const users = () => store.db.prepare('SELECT fid, username FROM users ORDER BY fid').all();
    const add = (fid: number) =>
      store.db
        .prepare("INSERT INTO users (fid, username, custody_address, registered_at) VALUES (?, ?, '0x0', 0)")
        .run(fid, `u${fid}`);
    const rename = (fid: number, name: string) =>
      store.db.prepare('UPDATE users SET username = ? WHERE fid = ?').run(name, fid);
    add(1);
    recordWrites(store);
    putMark(store, 'a');
    const a = markGeneration(store, 'a') ?? 0;
    add(2);
    rename(1, 'one');
    const atB = users();
    putMark(store, 'b');
    const b = markGeneration(store, 'b') ?? 0;
    add(3);
    rename(2, 'two');
    rollBackToGeneration(store, b);
    expect(users()).toEqual(atB);
    add(4);
    rename(1, 'uno');
    const atC = users();
    putMark(store, 'c');
    const c = markGeneration(store, 'c') ?? 0;
    store.db.prepare('DELETE FROM users WHERE fid = 2').run();
    rollBackToGeneration(store, c);
    expect(users()).toEqual(atC);
    rollBackToGeneration(store, a);
    expect(users()).toEqual([{ fid: 1, username: 'u1' }]);
  } finally {
    store.close();
  }
});

it('builds each emulator’s ~430 API routes on path forms and compiled path patterns shared by the process', () => {
  expect(pathForms()).toBe(pathForms());
  const [one, two] = [first, copy].map((e) => operationRoutes(e.store, v2Handlers, hubHandlers));
  expect(one!.length).toBeGreaterThan(400);
  expect(one!.map((r) => r.path)).toEqual(two!.map((r) => r.path));
  const routers = [one!, two!].map((routes) => {
    const router = new Router();
    router.addAll(routes);
    return router;
  });
  expect(compiledPath('/v2/farcaster/cast/:hash')).toBe(compiledPath('/v2/farcaster/cast/:hash'));
  expect(compiledPath('/v2/farcaster/cast/:hash')?.names).toEqual(['hash']);
  expect(compiledPath('/v2/farcaster/cast')).toBeNull();
  // Shared patterns still match per router, each to its own emulator's route.
  const hits = routers.map((r) => r.match('GET', '/v2/farcaster/cast'));
  expect(hits[0]).not.toEqual(hits[1]);
  expect(routers[0]!.match('HEAD', '/v2/farcaster/cast')).toMatchObject({ route: { method: 'GET' } });
  expect(routers[0]!.match('PUT', '/v2/farcaster/cast')).toEqual({ allowed: ['GET', 'POST', 'DELETE'] });
});
