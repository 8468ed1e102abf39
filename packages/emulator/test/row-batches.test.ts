// The seed's inserts bound many rows per statement (store/row-batches.ts): rows must come out as a
// statement per row would leave them — same order and rowids, duplicates ignored where the insert
// says so, nothing held back at a flush and nothing written after a drop.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { multiRowSql, RowBatches } from '../src/store/row-batches.js';
import { write } from '../src/store/statements.js';

const INSERT_ITEM = write<[id: number, label: string, data: Buffer | null]>(
  "INSERT INTO items (id, label, kind, data) VALUES (?, ?, 'seeded', ?)",
);
const INSERT_TAG = write<[itemId: number, tag: string]>(
  'INSERT OR IGNORE INTO tags (item_id, tag) VALUES (?, ?)',
);

function open() {
  const db = new Database(':memory:');
  db.exec(`CREATE TABLE items (id INTEGER NOT NULL, label TEXT NOT NULL, kind TEXT NOT NULL, data BLOB);
           CREATE TABLE tags (item_id INTEGER NOT NULL, tag TEXT NOT NULL, PRIMARY KEY (item_id, tag))`);
  return { db };
}

describe('row batches', () => {
  it('repeat an insert’s VALUES tuple, constants included, and refuse an insert without one', () => {
    expect(multiRowSql('INSERT INTO t (a, b) VALUES (?, 1)', 3)).toBe(
      'INSERT INTO t (a, b) VALUES (?, 1), (?, 1), (?, 1)',
    );
    expect(() => multiRowSql('INSERT INTO t SELECT * FROM u', 2)).toThrow('one VALUES tuple');
  });

  it('leave the rows, their order and rowids exactly as one statement per row does', () => {
    const rows = Array.from({ length: 53 }, (_, i): [number, string, Buffer | null] => [
      (i * 7919) % 101,
      `item ${i}`,
      i % 3 ? Buffer.from([i, 255 - i]) : null,
    ]);
    const one = open();
    for (const row of rows) INSERT_ITEM.run(one, ...row);
    const batched = open();
    const batches = new RowBatches(batched);
    const insert = batches.of(INSERT_ITEM);
    for (const row of rows) insert(...row);
    // 53 rows: three full batches of 16 went in as they filled, five wait for the flush.
    expect(batched.db.prepare('SELECT COUNT(*) FROM items').pluck().get()).toBe(48);
    batches.flush();
    const all = (db: Database.Database) => db.prepare('SELECT rowid, * FROM items ORDER BY rowid').all();
    expect(all(batched.db)).toEqual(all(one.db));
    expect(all(batched.db)).toHaveLength(53);
  });

  it('ignore duplicates within and across batches when the insert says OR IGNORE', () => {
    const c = open();
    const batches = new RowBatches(c);
    const tag = batches.of(INSERT_TAG);
    for (let i = 0; i < 40; i++) tag(i % 5, i % 2 ? 'odd' : 'even');
    batches.flush();
    expect(c.db.prepare('SELECT item_id, tag FROM tags ORDER BY rowid').raw().all()).toEqual([
      [0, 'even'],
      [1, 'odd'],
      [2, 'even'],
      [3, 'odd'],
      [4, 'even'],
      [0, 'odd'],
      [1, 'even'],
      [2, 'odd'],
      [3, 'even'],
      [4, 'odd'],
    ]);
  });

  it('write nothing held at a drop, and keep working after it', () => {
    const c = open();
    const batches = new RowBatches(c);
    const insert = batches.of(INSERT_ITEM);
    for (let i = 0; i < 10; i++) insert(i, 'dropped', null);
    batches.drop();
    batches.flush();
    expect(c.db.prepare('SELECT COUNT(*) FROM items').pluck().get()).toBe(0);
    insert(1, 'kept', null);
    batches.flush();
    expect(c.db.prepare('SELECT label FROM items').pluck().all()).toEqual(['kept']);
  });

  it('name a row of the wrong width instead of binding it into the next row’s place', () => {
    const c = open();
    const insert = new RowBatches(c).of(INSERT_ITEM);
    // @ts-expect-error: a row missing its last value
    expect(() => insert(1, 'short')).toThrow('a row of 3 values, not 2');
  });
});
