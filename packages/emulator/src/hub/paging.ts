import { ValidationError } from '../protocol/errors.js';
import type { Store } from '../store/store.js';

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

export interface PageRequest {
  pageSize: number;
  reverse: boolean;
  after: unknown[] | null;
}

/** The paging parameters every hub list operation takes. */
export interface PageParams {
  pageSize?: number;
  reverse?: boolean;
  pageToken?: string;
}

/** The paging parameters of a list operation; the spec gives pageSize no bounds, hubs cap it. */
export function pageRequest(params: PageParams): PageRequest {
  const pageSize = params.pageSize ?? DEFAULT_PAGE_SIZE;
  if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw new ValidationError(`pageSize must be between 1 and ${MAX_PAGE_SIZE}, got ${pageSize}`, 'pageSize');
  }
  const token = params.pageToken;
  return { pageSize, reverse: params.reverse === true, after: token ? decodeToken(token) : null };
}

/**
 * Page tokens are opaque: the base64 of the last row's sort key. Standard base64 (not base64url)
 * because the hub spec's nextPageToken pattern is standard base64.
 */
export function encodeToken(key: unknown[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64');
}

function decodeToken(token: string): unknown[] {
  try {
    // A '+' sent unencoded in a query string arrives as a space.
    const key = JSON.parse(Buffer.from(token.replace(/ /g, '+'), 'base64').toString('utf8')) as unknown;
    if (Array.isArray(key) && key.every((k) => typeof k === 'number' || typeof k === 'string')) return key;
  } catch {}
  throw new ValidationError('pageToken is not a token this server issued', 'pageToken');
}

export interface KeysetQuery {
  /** `SELECT ... FROM ... WHERE <filter>` — the filter must be present (use `1` for none). */
  sql: string;
  params: unknown[];
  /** Sort-key columns, unique together within the filter. */
  keys: string[];
}

/** Keyset pagination over any query: stable under inserts, O(page) with the right index. */
export function keysetPage<T extends Record<string, unknown>>(
  store: Store,
  q: KeysetQuery,
  page: PageRequest,
): { rows: T[]; nextPageToken: string } {
  const dir = page.reverse ? 'DESC' : 'ASC';
  let sql = q.sql;
  const params = [...q.params];
  if (page.after) {
    if (page.after.length !== q.keys.length) {
      throw new ValidationError('pageToken does not belong to this query', 'pageToken');
    }
    sql += ` AND (${q.keys.join(', ')}) ${page.reverse ? '<' : '>'} (${q.keys.map(() => '?').join(', ')})`;
    params.push(...page.after);
  }
  sql += ` ORDER BY ${q.keys.map((k) => `${k} ${dir}`).join(', ')} LIMIT ?`;
  params.push(page.pageSize + 1);
  const rows = store.stmt(sql).all(...params) as T[];
  if (rows.length <= page.pageSize) return { rows, nextPageToken: '' };
  rows.length = page.pageSize;
  const last = rows[rows.length - 1]!;
  return { rows, nextPageToken: encodeToken(q.keys.map((k) => last[k.replace(/^\w+\./, '')])) };
}
