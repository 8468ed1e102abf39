// Casts that quote a cast (embed its cast id): cast_quotes, written by the write path beside each
// cast, read newest first as keyset pages of hashes.
import type { Store } from '../store.js';
import { type KeysetPage, type PageWindow, pager } from './keyset.js';

const QUOTE_PAGES = pager<{ hash: string; ts: number }>();

/** The live casts that embed `quotedHash`, newest first by (ts, hash). */
export function quotesPage(
  store: Store,
  quotedHash: string,
  w: PageWindow,
): KeysetPage<{ hash: string; ts: number }> {
  return QUOTE_PAGES.page(
    store,
    {
      select: 'SELECT q.cast_hash AS hash, q.ts FROM cast_quotes q JOIN casts c ON c.hash = q.cast_hash',
      where: ['q.quoted_hash = ?', 'c.deleted = 0'],
      binds: [quotedHash],
      order: [
        { sql: 'q.ts', as: 'ts', dir: 'desc' },
        { sql: 'q.cast_hash', as: 'hash', dir: 'desc' },
      ],
    },
    w,
  );
}
