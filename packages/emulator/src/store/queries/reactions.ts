// Reads of reactions (type 1 like, 2 recast).
import { IN_JSON, type Store } from '../store.js';
import { type KeysetPage, keysetPage, type PageWindow } from './keyset.js';

export type ReactionType = 1 | 2;

/** Who reacted to a cast with one of `types`, newest first. */
export function castReactionsPage(
  store: Store,
  target: string,
  types: readonly ReactionType[],
  w: PageWindow,
): KeysetPage<{ fid: number; type: ReactionType; ts: number }> {
  return keysetPage(
    store,
    {
      select: 'SELECT fid, type, ts FROM reactions',
      where: ['target = ?', `type IN (${IN_JSON})`],
      binds: [target, JSON.stringify(types)],
      order: [
        { sql: 'ts', as: 'ts', dir: 'desc' },
        { sql: 'type', as: 'type', dir: 'desc' },
        { sql: 'fid', as: 'fid', dir: 'desc' },
      ],
    },
    w,
  );
}

/** A user's reactions of `types` to casts that still exist, newest first. */
export function userReactionsPage(
  store: Store,
  fid: number,
  types: readonly ReactionType[],
  w: PageWindow,
): KeysetPage<{ target: string; type: ReactionType; ts: number }> {
  return keysetPage(
    store,
    {
      select:
        'SELECT r.target, r.type, r.ts FROM reactions r JOIN casts c ON c.hash = r.target AND c.deleted = 0',
      where: ['r.fid = ?', `r.type IN (${IN_JSON})`],
      binds: [fid, JSON.stringify(types)],
      order: [
        { sql: 'r.ts', as: 'ts', dir: 'desc' },
        { sql: 'r.type', as: 'type', dir: 'desc' },
        { sql: 'r.target', as: 'target', dir: 'desc' },
      ],
    },
    w,
  );
}

/** When `fid` reacted with `type` to live casts by `targetFid`, newest first: (time, cast). */
export function reactionsBy(
  store: Store,
  fid: number,
  type: ReactionType,
  targetFid: number,
  limit: number,
): { ts: number; hash: string }[] {
  return store
    .stmt(
      `SELECT r.ts, r.target AS hash FROM reactions r JOIN casts c ON c.hash = r.target AND c.deleted = 0
       WHERE r.fid = ? AND r.type = ? AND r.target_fid = ? ORDER BY r.ts DESC LIMIT ?`,
    )
    .all(fid, type, targetFid, limit) as { ts: number; hash: string }[];
}
