// The large seed's rows are inserted by a worker thread on its own connection (store/row-thread.ts):
// what arrives must be exactly what was added — every kind of value, in order across tables — and a
// row SQLite refuses must fail the load with SQLite's reason, not hang it or lose it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { ThreadRows } from '../src/store/row-thread.js';
import { write } from '../src/store/statements.js';

const dir = mkdtempSync(join(tmpdir(), 'castkit-row-thread-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const INSERT_PARENT = write<[id: number, name: string]>('INSERT INTO parents (id, name) VALUES (?, ?)');
const INSERT_ROW = write<[parent: number, n: number, text: string | null, data: Uint8Array | null]>(
  'INSERT INTO rows_ (parent, n, text, data) VALUES (?, ?, ?, ?)',
);
// The seed's (OFF would be ignored: better-sqlite3's connections are in SQLite's defensive mode).
const PRAGMAS = ['journal_mode = MEMORY', 'synchronous = OFF', 'foreign_keys = ON'];

let files = 0;
function open() {
  const db = new Database(join(dir, `rows-${++files}.db`));
  db.pragma('foreign_keys = ON');
  db.exec(`CREATE TABLE parents (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
           CREATE TABLE rows_ (parent INTEGER NOT NULL REFERENCES parents (id), n, text TEXT, data BLOB)`);
  return { db };
}

describe('rows written from a worker thread', () => {
  it('arrive whole and in order: integers, fractions, text of any script and size, bytes and nulls', () => {
    const c = open();
    const sink = new ThreadRows(c, PRAGMAS);
    const parent = sink.ofReferenced(INSERT_PARENT);
    const row = sink.of(INSERT_ROW);
    const long = 'déjà vu ☕ '.repeat(40_000); // ~480 kB: more than one buffer
    const expected: unknown[][] = [];
    for (let p = 1; p <= 30; p++) {
      parent(p, `parent ${p}`);
      for (let k = 0; k < 300; k++) {
        const values: [number, number, string | null, Uint8Array | null] = [
          p,
          k % 7 === 0 ? k + 0.25 : k * 2 ** 40,
          k % 5 === 0 ? null : `row ${p}/${k} 🚀`,
          k % 3 === 0 ? null : Buffer.from([p, k & 255, 0, 255]),
        ];
        row(...values);
        expected.push(values.map((v) => (v instanceof Uint8Array ? Buffer.from(v) : v)));
      }
      if (p % 10 === 0) sink.commitChunk();
    }
    row(1, -1, long, new Uint8Array(300_000).fill(7));
    expected.push([1, -1, long, Buffer.from(new Uint8Array(300_000).fill(7))]);
    sink.finish();
    expect(c.db.prepare('SELECT parent, n, text, data FROM rows_ ORDER BY rowid').raw().all()).toEqual(
      expected,
    );
    expect(c.db.prepare('SELECT COUNT(*) FROM parents').pluck().get()).toBe(30);
  });

  it('hand back to the caller’s connection: later rows go there, after the worker’s, in one transaction', () => {
    const c = open();
    const sink = new ThreadRows(c, PRAGMAS);
    const parent = sink.ofReferenced(INSERT_PARENT);
    parent(1, 'from the worker');
    sink.handBack();
    expect(c.db.prepare('SELECT name FROM parents').pluck().all()).toEqual(['from the worker']);
    parent(2, 'from the connection');
    expect(c.db.inTransaction).toBe(true);
    c.db.prepare("INSERT INTO parents (id, name) VALUES (3, 'written by the caller')").run();
    sink.finish();
    expect(c.db.inTransaction).toBe(false);
    expect(c.db.prepare('SELECT name FROM parents ORDER BY id').pluck().all()).toEqual([
      'from the worker',
      'from the connection',
      'written by the caller',
    ]);
  });

  it('fail the load with SQLite’s reason when a row is refused, committing nothing after it', () => {
    const c = open();
    const sink = new ThreadRows(c, PRAGMAS);
    const parent = sink.ofReferenced(INSERT_PARENT);
    const row = sink.of(INSERT_ROW);
    parent(1, 'kept');
    sink.commitChunk();
    row(1, 1, 'lost with the failure', null);
    row(99, 2, 'no such parent', null);
    expect(() => sink.finish()).toThrow(/row writer failed: FOREIGN KEY constraint failed/);
    sink.abort();
    expect(c.db.prepare('SELECT name FROM parents').pluck().all()).toEqual(['kept']);
    expect(c.db.prepare('SELECT COUNT(*) FROM rows_').pluck().get()).toBe(0);
  });

  it('roll back what is not committed on abort, and leave the file to the caller', () => {
    const c = open();
    const sink = new ThreadRows(c, PRAGMAS);
    const parent = sink.ofReferenced(INSERT_PARENT);
    parent(1, 'committed');
    sink.commitChunk();
    parent(2, 'rolled back');
    sink.abort();
    expect(c.db.prepare('SELECT name FROM parents').pluck().all()).toEqual(['committed']);
    c.db.prepare("INSERT INTO parents (id, name) VALUES (3, 'the caller writes again')").run();
    expect(c.db.prepare('SELECT COUNT(*) FROM parents').pluck().get()).toBe(2);
  });

  it('refuse a value SQLite rows cannot hold by name, before it is sent', () => {
    const c = open();
    const sink = new ThreadRows(c, PRAGMAS);
    const row = sink.of(write<[flag: boolean]>('INSERT INTO rows_ (parent, n) VALUES (1, ?)'));
    expect(() => row(true)).toThrow('a bulk row holds numbers, strings, bytes or null, not boolean');
    sink.abort();
  });
});
