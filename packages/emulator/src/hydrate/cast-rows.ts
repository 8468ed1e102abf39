// Stored cast rows and the checks routes make before hydrating them.

import { NotFoundError } from '../ground/errors.js';
import { type CastRow, liveCastRow, liveCastRows } from '../store/queries/cast-hydration.js';
import { localHashFor } from '../store/queries/imports.js';
import { fromJson } from '../store/statements.js';
import type { Store } from '../store/store.js';

export type { StoredEmbed } from '../store/queries/cast-hydration.js';

/** Live (not deleted) rows for the given hashes, keyed by hash. */
export function castRows(store: Store, hashes: readonly string[]): Map<string, CastRow> {
  const out = new Map<string, CastRow>();
  if (!hashes.length) return out;
  for (const row of liveCastRows(store, [...new Set(hashes)])) out.set(row.hash, row);
  return out;
}

/**
 * The live cast with this hash, or with this live-network hash when it was imported (castkit
 * import signs casts again here, so they carry a local hash too), or the 404 that names it.
 */
export function requireCast(store: Store, hash: string, property = 'hash'): CastRow {
  const row = liveCastRow(store, localHashFor(store, hash));
  if (!row) throw new NotFoundError(`cast ${hash} not found`, property);
  return row;
}

export const parseEmbeds = (row: Pick<CastRow, 'embeds'>) => fromJson(row.embeds);
