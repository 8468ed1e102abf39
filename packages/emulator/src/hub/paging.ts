// The hub's page codec: pageSize/reverse/pageToken in, nextPageToken out, around the one keyset
// pager (store/queries/keyset.ts).
import { ValidationError } from '../ground/errors.js';
import type { KeysetPage, PageWindow, SortKey } from '../store/queries/keyset.js';

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

/** The paging parameters every hub list operation takes. */
export interface PageParams {
  pageSize?: number;
  reverse?: boolean;
  pageToken?: string;
}

/** The window a list operation's paging parameters ask for; the spec gives pageSize no bounds, hubs cap it. */
export function pageRequest(params: PageParams): PageWindow {
  const limit = params.pageSize ?? DEFAULT_PAGE_SIZE;
  if (limit < 1 || limit > MAX_PAGE_SIZE) {
    throw new ValidationError(`pageSize must be between 1 and ${MAX_PAGE_SIZE}, got ${limit}`, 'pageSize');
  }
  const token = params.pageToken;
  return { limit, reverse: params.reverse === true, ...(token ? { after: decodeToken(token) } : {}) };
}

/**
 * Runs a list query over the window and answers the hub's way: an empty nextPageToken on the last
 * page. A token from another list (a key of another length) is a 400 naming pageToken (api/dispatch.ts).
 */
export function hubPage<Row>(
  list: (w: PageWindow) => KeysetPage<Row>,
  window: PageWindow,
): { rows: Row[]; nextPageToken: string } {
  const page = list(window);
  return { rows: page.rows, nextPageToken: page.next ? encodeToken(page.next) : '' };
}

/**
 * Page tokens are opaque: the base64 of the last row's sort key. Standard base64 (not base64url)
 * because the hub spec's nextPageToken pattern is standard base64.
 */
function encodeToken(key: SortKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64');
}

function decodeToken(token: string): SortKey {
  try {
    // A '+' sent unencoded in a query string arrives as a space.
    const key: unknown = JSON.parse(Buffer.from(token.replace(/ /g, '+'), 'base64').toString('utf8'));
    if (Array.isArray(key) && key.every((k) => typeof k === 'number' || typeof k === 'string')) return key;
  } catch {}
  throw new ValidationError('pageToken is not a token this server issued', 'pageToken');
}
