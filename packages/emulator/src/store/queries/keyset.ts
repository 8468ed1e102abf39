// The one keyset pager both APIs page with: `limit + 1` rows strictly after the last row's sort key,
// never OFFSET, so a page costs the same at any depth and stays stable while rows are added. The APIs
// differ only in how they wrap the key (v2: base64url `cursor`, hub: base64 `pageToken`).
import { type Connected, StatementFamily } from '../statements.js';

export type SortValue = string | number;
export type SortKey = readonly SortValue[];

export interface SortColumn<K extends string = string> {
  /** The SQL expression rows are ordered by (`c.ts`, `u.follower_count`); never NULL. */
  sql: string;
  /** The result column that carries its value in each row (`ts`). */
  as: K;
  dir: 'asc' | 'desc';
}

export interface KeysetQuery<K extends string = string> {
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
  order: readonly SortColumn<K>[];
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

/**
 * A page's key names a list's sort columns in order: a key of another length (a cursor or page
 * token another list issued) is refused here, and each API says so in its own words (api/dispatch.ts).
 */
export class PageKeyError extends Error {
  constructor() {
    super('the page key does not belong to this list');
  }
}

/** Keyset pages of rows of `Row`, one pager per row shape (its statements are prepared once each). */
export class Pager<Row> {
  private readonly statements = new StatementFamily<Row>();

  page(c: Connected, q: KeysetQuery<keyof Row & string>, w: PageWindow): KeysetPage<Row> {
    const { sql, binds, order } = keysetStatement(q, w);
    const rows = this.statements.on(c, sql).all(...binds);
    if (rows.length <= w.limit) return { rows, next: null };
    rows.length = w.limit;
    const last = rows[rows.length - 1]!;
    return { rows, next: order.map((col) => sortValue(last[col.as], col.as)) };
  }
}

export const pager = <Row>() => new Pager<Row>();

function sortValue(value: unknown, column: string): SortValue {
  if (typeof value === 'string' || typeof value === 'number') return value;
  throw new Error(`sort column ${column} is ${value === null ? 'NULL' : typeof value} in a page's last row`);
}

/** The statement keysetPage runs: `limit + 1` rows after the window's key. */
export function keysetStatement<K extends string>(q: KeysetQuery<K>, w: PageWindow) {
  const order = w.reverse ? q.order.map((c) => ({ ...c, dir: flip(c.dir) })) : q.order;
  const where = [...(q.where ?? [])];
  const binds = [...(q.binds ?? [])];
  let having = '';
  if (w.after) {
    if (w.after.length !== order.length) throw new PageKeyError();
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
  c: Connected,
  items: readonly Item[],
  order: readonly { field: keyof Item & string; dir: 'asc' | 'desc' }[],
  w: PageWindow,
): KeysetPage<Item> {
  for (const o of order) {
    if (!/^[a-z_][a-z0-9_]*$/i.test(o.field)) throw new Error(`listPage cannot order by "${o.field}"`);
  }
  const page = LIST_ROWS.page(
    c,
    {
      select: `SELECT key AS i, ${order.map((o) => `value ->> '$.${o.field}' AS "${o.field}"`).join(', ')} FROM json_each(?)`,
      binds: [JSON.stringify(items)],
      order: order.map((o) => ({ sql: `value ->> '$.${o.field}'`, as: o.field, dir: o.dir })),
    },
    w,
  );
  return { rows: page.rows.map((r) => items[r.i]!), next: page.next };
}

/** A listed item's index and the values of the fields it is ordered by. */
const LIST_ROWS = pager<{ [field: string]: SortValue; i: number }>();
