// The one keyset pager both APIs page with: `limit + 1` rows strictly after the last row's sort key,
// never OFFSET, so a page costs the same at any depth and stays stable while rows are added. The APIs
// differ only in how they wrap the key (v2: base64url `cursor`, hub: base64 `pageToken`).
import { ValidationError } from '../../protocol/errors.js';
import type { Store } from '../store.js';

export type SortValue = string | number;
export type SortKey = readonly SortValue[];

export interface SortColumn {
  /** The SQL expression rows are ordered by (`c.ts`, `u.follower_count`); never NULL. */
  sql: string;
  /** The result column that carries its value in each row (`ts`). */
  as: string;
  dir: 'asc' | 'desc';
}

export interface KeysetQuery {
  /** A leading `WITH …` clause, when the rows come from a CTE. */
  with?: string;
  /** `SELECT … FROM … [JOIN …]`, without WHERE. */
  select: string;
  /** Conditions ANDed into WHERE. */
  where?: readonly string[];
  /** When set, the key condition goes into HAVING, on the result columns. */
  groupBy?: string;
  /** Values for the `?`s of `with`, `select` and `where`, in the order they appear. */
  binds?: readonly unknown[];
  /** The sort key: unique together within the query's rows. */
  order: readonly SortColumn[];
}

export interface PageWindow {
  /** The key of the last row of the previous page. */
  after?: SortKey;
  limit: number;
  /** Walks the order backwards (the hub's `reverse`). */
  reverse?: boolean;
}

export interface KeysetPage<Row> {
  rows: Row[];
  /** The key to continue after; null on the last page. */
  next: SortKey | null;
}

export function keysetPage<Row extends Record<string, unknown>>(
  store: Store,
  q: KeysetQuery,
  w: PageWindow,
): KeysetPage<Row> {
  const { sql, binds, order } = keysetStatement(q, w);
  const rows = store.stmt(sql).all(...binds) as Row[];
  if (rows.length <= w.limit) return { rows, next: null };
  rows.length = w.limit;
  const last = rows[rows.length - 1]!;
  return { rows, next: order.map((c) => last[c.as] as SortValue) };
}

/** The statement keysetPage runs: `limit + 1` rows after the window's key. */
export function keysetStatement(q: KeysetQuery, w: PageWindow) {
  const order = w.reverse ? q.order.map((c) => ({ ...c, dir: flip(c.dir) })) : q.order;
  const where = [...(q.where ?? [])];
  const binds = [...(q.binds ?? [])];
  let having = '';
  if (w.after) {
    if (w.after.length !== order.length) {
      throw new ValidationError('the page cursor does not belong to this list', 'cursor');
    }
    const after = afterKey(order, w.after, q.groupBy !== undefined);
    if (q.groupBy) having = ` HAVING ${after.sql}`;
    else where.push(after.sql);
    binds.push(...after.binds);
  }
  const sql = [
    q.with ?? '',
    q.select,
    where.length ? `WHERE ${where.join(' AND ')}` : '',
    q.groupBy ? `GROUP BY ${q.groupBy}${having}` : '',
    `ORDER BY ${order.map((c) => `${q.groupBy ? c.as : c.sql} ${c.dir.toUpperCase()}`).join(', ')}`,
    'LIMIT ?',
  ]
    .filter(Boolean)
    .join(' ');
  binds.push(w.limit + 1);
  return { sql, binds, order };
}

const flip = (dir: 'asc' | 'desc'): 'asc' | 'desc' => (dir === 'asc' ? 'desc' : 'asc');

/**
 * "Strictly after `key` in this order", for any mix of directions:
 * `a ≥ ? AND (a > ? OR (b > ? OR (b = ? AND c > ?)) …)` with each comparison turned by its column's
 * direction. The leading range on the first column is what lets SQLite seek an index.
 */
function afterKey(order: readonly SortColumn[], key: SortKey, grouped: boolean) {
  const binds: unknown[] = [];
  const col = (c: SortColumn) => (grouped ? c.as : c.sql);
  const strictly = (c: SortColumn) => (c.dir === 'asc' ? '>' : '<');
  const nested = (i: number): string => {
    const c = order[i]!;
    binds.push(key[i]);
    if (i === order.length - 1) return `${col(c)} ${strictly(c)} ?`;
    binds.push(key[i]);
    return `(${col(c)} ${strictly(c)} ? OR (${col(c)} = ? AND ${nested(i + 1)}))`;
  };
  const first = order[0]!;
  binds.push(key[0]);
  const sql = `${col(first)} ${strictly(first)}= ? AND ${nested(0)}`;
  return { sql, binds };
}

/**
 * Pages a list held in memory (a static catalogue) through the same pager, ordered by some of its
 * fields (each a string or number, never null), so its cursors work like a table's.
 */
export function listPage<Item extends Record<string, unknown>>(
  store: Store,
  items: readonly Item[],
  order: readonly { field: keyof Item & string; dir: 'asc' | 'desc' }[],
  w: PageWindow,
): KeysetPage<Item> {
  for (const o of order) {
    if (!/^[a-z_][a-z0-9_]*$/i.test(o.field)) throw new Error(`listPage cannot order by "${o.field}"`);
  }
  const page = keysetPage<{ i: number }>(
    store,
    {
      select: `SELECT key AS i, ${order.map((o) => `value ->> '$.${o.field}' AS "${o.field}"`).join(', ')} FROM json_each(?)`,
      binds: [JSON.stringify(items)],
      order: order.map((o) => ({ sql: `value ->> '$.${o.field}'`, as: o.field, dir: o.dir })),
    },
    w,
  );
  return { rows: page.rows.map((r) => items[r.i]!), next: page.next };
}
