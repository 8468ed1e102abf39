import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TableWatch, watchTable } from '../src/store/table-watch.js';

// A store helper on a bare SQLite table is under test: the changes it must notice are made in SQL.
let dir: string;
let db: Database.Database;
let watch: TableWatch;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'castkit-watch-'));
  db = new Database(join(dir, 'db.sqlite'));
  db.pragma('journal_mode = WAL');
  db.exec(
    'CREATE TABLE watched (id INTEGER PRIMARY KEY, v TEXT); CREATE TABLE other (id INTEGER PRIMARY KEY)',
  );
  watch = watchTable(db, 'watched');
  // The first answer is always "changed": nothing was known before.
  expect(watch.changed()).toBe(true);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('watchTable', () => {
  it('answers changed once after each insert, update and delete on the table, and not otherwise', () => {
    expect(watch.changed()).toBe(false);
    for (const sql of [
      "INSERT INTO watched (id, v) VALUES (1, 'a')",
      "UPDATE watched SET v = 'b' WHERE id = 1",
      'DELETE FROM watched WHERE id = 1',
    ]) {
      db.exec(sql);
      expect([sql, watch.changed(), watch.changed()]).toEqual([sql, true, false]);
    }
    db.exec('INSERT INTO other (id) VALUES (1)');
    db.exec("UPDATE watched SET v = 'c' WHERE id = 99");
    expect(watch.changed()).toBe(false);
  });

  it('answers changed after a change that was rolled back: a needless read, never a missed change', () => {
    const failing = db.transaction(() => {
      db.exec("INSERT INTO watched (id, v) VALUES (2, 'x')");
      throw new Error('roll back');
    });
    expect(() => failing()).toThrow('roll back');
    expect(watch.changed()).toBe(true);
  });

  it("answers changed after another connection's commit, which no trigger here sees", () => {
    const other = new Database(join(dir, 'db.sqlite'));
    try {
      other.exec("INSERT INTO watched (id, v) VALUES (3, 'y')");
      expect(watch.changed()).toBe(true);
      expect(watch.changed()).toBe(false);
    } finally {
      other.close();
    }
  });

  it('tells every watcher of a table, and a stopped one no more', () => {
    const second = watchTable(db, 'watched');
    expect(second.changed()).toBe(true);
    second.stop();
    db.exec("INSERT INTO watched (id, v) VALUES (4, 'z')");
    expect(watch.changed()).toBe(true);
    // Stopped: no longer told by the trigger (the first answer was already given above).
    expect(second.changed()).toBe(false);
  });
});
