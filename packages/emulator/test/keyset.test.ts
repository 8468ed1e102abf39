// The one keyset pager: walking every page gives exactly the rows of the whole ordered query, for any
// mix of sort directions, forwards and in reverse, over plain, grouped and CTE queries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type KeysetQuery,
  keysetStatement,
  PageKeyError,
  pager,
  type SortKey,
} from '../src/store/queries/keyset.js';
import { Store } from '../src/store/store.js';

// The store's pager is under test on a table of its own: rows written and the expected order read in SQL.
let store: Store;
beforeAll(() => {
  store = new Store({ path: ':memory:' });
  store.db.exec(
    'CREATE TABLE t (g INTEGER NOT NULL, score INTEGER NOT NULL, name TEXT NOT NULL PRIMARY KEY)',
  );
  store.db.exec('CREATE INDEX t_g ON t (g, score)');
  const insert = store.db.prepare('INSERT INTO t (g, score, name) VALUES (?, ?, ?)');
  // Many ties in the leading columns, so every level of the key decides somewhere.
  for (let i = 0; i < 240; i++) insert.run(i % 3, (i * 7) % 5, `n${String((i * 37) % 240).padStart(3, '0')}`);
});
afterAll(() => store.close());

const rowPages = pager<Record<string, string | number>>();

function walk(q: KeysetQuery, limit: number, reverse = false) {
  const seen: Record<string, unknown>[] = [];
  let after: SortKey | undefined;
  for (let pages = 0; pages < 1000; pages++) {
    const page = rowPages.page(store, q, { after, limit, reverse });
    expect(page.rows.length).toBeLessThanOrEqual(limit);
    seen.push(...page.rows);
    if (!page.next) return seen;
    expect(page.rows).toHaveLength(limit);
    after = page.next;
  }
  throw new Error('the pager never reached the last page');
}

const whole = (sql: string, ...binds: unknown[]) =>
  store.db.prepare(sql).all(...binds) as Record<string, unknown>[];

describe('the keyset pager', () => {
  it('walks a mixed-direction order page by page to exactly the whole ordered result', () => {
    const q: KeysetQuery = {
      select: 'SELECT g, score, name FROM t',
      order: [
        { sql: 'g', as: 'g', dir: 'asc' },
        { sql: 'score', as: 'score', dir: 'desc' },
        { sql: 'name', as: 'name', dir: 'asc' },
      ],
    };
    const expected = whole('SELECT g, score, name FROM t ORDER BY g ASC, score DESC, name ASC');
    for (const limit of [1, 7, 25, 239, 240, 500]) expect(walk(q, limit)).toEqual(expected);
    expect(walk(q, 11, true)).toEqual([...expected].reverse());
  });

  it('keeps the query own conditions and binds, and filters before paging', () => {
    const q: KeysetQuery = {
      select: 'SELECT score, name FROM t',
      where: ['g = ?', 'score >= ?'],
      binds: [2, 1],
      order: [
        { sql: 'score', as: 'score', dir: 'desc' },
        { sql: 'name', as: 'name', dir: 'desc' },
      ],
    };
    const expected = whole(
      'SELECT score, name FROM t WHERE g = ? AND score >= ? ORDER BY score DESC, name DESC',
      2,
      1,
    );
    expect(expected.length).toBeGreaterThan(20);
    expect(walk(q, 6)).toEqual(expected);
  });

  it('pages grouped rows on their aggregates, and rows of a CTE', () => {
    const grouped: KeysetQuery = {
      select: 'SELECT name, MAX(score) AS top FROM t',
      groupBy: 'name',
      order: [
        { sql: 'MAX(score)', as: 'top', dir: 'desc' },
        { sql: 'name', as: 'name', dir: 'asc' },
      ],
    };
    expect(walk(grouped, 9)).toEqual(
      whole('SELECT name, MAX(score) AS top FROM t GROUP BY name ORDER BY top DESC, name ASC'),
    );
    const cte: KeysetQuery = {
      with: 'WITH m AS MATERIALIZED (SELECT name, g * 10 + score AS s FROM t WHERE g != ?)',
      select: 'SELECT name, s FROM m',
      binds: [1],
      order: [
        { sql: 's', as: 's', dir: 'desc' },
        { sql: 'name', as: 'name', dir: 'desc' },
      ],
    };
    expect(walk(cte, 13)).toEqual(
      whole(
        'WITH m AS MATERIALIZED (SELECT name, g * 10 + score AS s FROM t WHERE g != ?) SELECT name, s FROM m ORDER BY s DESC, name DESC',
        1,
      ),
    );
  });

  it('refuses a key of the wrong length (each API turns that into its 400: api/dispatch.ts)', () => {
    const q: KeysetQuery = { select: 'SELECT name FROM t', order: [{ sql: 'name', as: 'name', dir: 'asc' }] };
    expect(() => rowPages.page(store, q, { after: ['a', 1], limit: 5 })).toThrow(PageKeyError);
  });

  it('seeks the index on the leading sort column instead of scanning', () => {
    const { sql, binds } = keysetStatement(
      {
        select: 'SELECT g, score, name FROM t',
        where: ['g = ?'],
        binds: [1],
        order: [
          { sql: 'score', as: 'score', dir: 'desc' },
          { sql: 'name', as: 'name', dir: 'desc' },
        ],
      },
      { after: [3, 'n100'], limit: 10 },
    );
    const plan = store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...binds) as { detail: string }[];
    expect(plan.map((p) => p.detail).join('\n')).toMatch(/USING INDEX t_g \(g=\? AND score<\?\)/);
  });
});
