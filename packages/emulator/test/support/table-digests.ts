// What a store holds, hashed, for tests that say two states hold the same rows.
import { createHash, type Hash } from 'node:crypto';
import { dataTables, type Store } from '../../src/index.js';

/** Hashes a row value by value: a blob by its bytes, anything else by its type and text. */
function hashRow(h: Hash, row: unknown[]): Hash {
  for (const v of row) {
    if (Buffer.isBuffer(v)) h.update('\0b').update(v);
    else h.update(`\0${typeof v}:${String(v)}`);
  }
  return h.update('\n');
}

/**
 * Every data table's rows, one hash per table. With `rowids`, each row's rowid is part of it (the
 * search index points at rowids) and rows are read in rowid order; without, rows are compared in
 * any order, whatever rowids they have (an import numbers rows anew).
 */
export function tableDigests(store: Store, { rowids }: { rowids: boolean }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const t of dataTables(store)) {
    const sql =
      store.db.prepare<[string], string>(`SELECT sql FROM sqlite_master WHERE name = ?`).pluck().get(t) ?? '';
    const withRowid = rowids && !/WITHOUT\s+ROWID/i.test(sql);
    const rows = store.db
      .prepare<[], unknown[]>(
        withRowid ? `SELECT rowid, * FROM "${t}" ORDER BY rowid` : `SELECT * FROM "${t}"`,
      )
      .raw()
      .iterate();
    if (rowids) {
      // In rowid order, or a WITHOUT ROWID table's key order: the same rows come in the same order.
      const h = createHash('sha1');
      for (const row of rows) hashRow(h, row);
      out[t] = h.digest('hex');
    } else {
      const each: string[] = [];
      for (const row of rows) each.push(hashRow(createHash('sha1'), row).digest('hex'));
      out[t] = createHash('sha1').update(each.sort().join('')).digest('hex');
    }
  }
  return out;
}

/**
 * Every table's rows (FTS and statistics included) hashed together, in scan order, value by value; not
 * schema_migrations, which says when the migrations ran.
 */
export function contentDigest(store: Store): string {
  const h = createHash('sha256');
  const tables = store.db
    .prepare<[], string>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'schema_migrations' ORDER BY name",
    )
    .pluck()
    .all();
  for (const table of tables) {
    h.update(`\0table ${table}\n`);
    for (const row of store.db.prepare<[], unknown[]>(`SELECT * FROM "${table}"`).raw().iterate())
      hashRow(h, row);
  }
  return h.digest('hex');
}
