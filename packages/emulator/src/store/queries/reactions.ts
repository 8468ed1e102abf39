// Reactions (type 1 like, 2 recast) to casts and URLs.

import { IN_JSON, rows, write } from '../statements.js';
import type { Store } from '../store.js';
import { type KeysetPage, type PageWindow, pager } from './keyset.js';
import type { KeyHolder } from './messages.js';

const REACTION_BY_KEY = rows<[fid: number, type: number, target: string], KeyHolder>(
  'SELECT hash, ts FROM reactions WHERE fid = ? AND type = ? AND target = ?',
);

export function reactionByKey(
  store: Store,
  fid: number,
  type: number,
  target: string,
): KeyHolder | undefined {
  return REACTION_BY_KEY.get(store, fid, type, target);
}

const INSERT_REACTION = write<
  [fid: number, type: number, target: string, targetFid: number | null, hash: string, ts: number]
>('INSERT INTO reactions (fid, type, target, target_fid, hash, ts) VALUES (?, ?, ?, ?, ?, ?)');

export function insertReaction(
  store: Store,
  row: { fid: number; type: number; target: string; targetFid: number | null; hash: string; ts: number },
): void {
  INSERT_REACTION.run(store, row.fid, row.type, row.target, row.targetFid, row.hash, row.ts);
}

const DELETE_REACTION = write<[fid: number, type: number, target: string]>(
  'DELETE FROM reactions WHERE fid = ? AND type = ? AND target = ?',
);

export function deleteReaction(store: Store, fid: number, type: number, target: string): void {
  DELETE_REACTION.run(store, fid, type, target);
}

const HASH_TS_FID_PAGES = pager<{ hash: string; ts: number; fid: number }>();
const HASH_TS_FID_TYPE_PAGES = pager<{ hash: string; ts: number; fid: number; type: number }>();
const HASH_TS_TARGET_PAGES = pager<{ hash: string; ts: number; target: string }>();
const FID_TYPE_TS_PAGES = pager<{ fid: number; type: ReactionType; ts: number }>();
const TARGET_TYPE_TS_PAGES = pager<{ target: string; type: ReactionType; ts: number }>();

/** The hashes of one type of reaction to a target (cast hash or URL), oldest first. */
export function reactionHashesToPage(
  store: Store,
  target: string,
  type: number,
  w: PageWindow,
): KeysetPage<{ hash: string; ts: number; fid: number }> {
  return HASH_TS_FID_PAGES.page(
    store,
    {
      select: 'SELECT hash, ts, fid FROM reactions',
      where: ['target = ?', 'type = ?'],
      binds: [target, type],
      order: [
        { sql: 'ts', as: 'ts', dir: 'asc' },
        { sql: 'fid', as: 'fid', dir: 'asc' },
      ],
    },
    w,
  );
}

/**
 * The hashes of the reactions to a target of one type, or of every type; oldest first. (Its key
 * carries the type even when one is given, so a page token means the same either way.)
 */
export function reactionHashesToAnyTypePage(
  store: Store,
  target: string,
  type: number | undefined,
  w: PageWindow,
): KeysetPage<{ hash: string; ts: number; fid: number; type: number }> {
  return HASH_TS_FID_TYPE_PAGES.page(
    store,
    {
      select: 'SELECT hash, ts, fid, type FROM reactions',
      where: type === undefined ? ['target = ?'] : ['target = ?', 'type = ?'],
      binds: type === undefined ? [target] : [target, type],
      order: [
        { sql: 'ts', as: 'ts', dir: 'asc' },
        { sql: 'fid', as: 'fid', dir: 'asc' },
        { sql: 'type', as: 'type', dir: 'asc' },
      ],
    },
    w,
  );
}

/** The hashes of a fid's reactions of one type, oldest first. */
export function reactionHashesByFidPage(
  store: Store,
  fid: number,
  type: number,
  w: PageWindow,
): KeysetPage<{ hash: string; ts: number; target: string }> {
  return HASH_TS_TARGET_PAGES.page(
    store,
    {
      select: 'SELECT hash, ts, target FROM reactions',
      where: ['fid = ?', 'type = ?'],
      binds: [fid, type],
      order: [
        { sql: 'ts', as: 'ts', dir: 'asc' },
        { sql: 'target', as: 'target', dir: 'asc' },
      ],
    },
    w,
  );
}

export type ReactionType = 1 | 2;

/** Who reacted to a cast with one of `types`, newest first. */
export function castReactionsPage(
  store: Store,
  target: string,
  types: readonly ReactionType[],
  w: PageWindow,
): KeysetPage<{ fid: number; type: ReactionType; ts: number }> {
  return FID_TYPE_TS_PAGES.page(
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
  return TARGET_TYPE_TS_PAGES.page(
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

const REACTIONS_BY = rows<
  [fid: number, type: number, targetFid: number, limit: number],
  { ts: number; hash: string }
>(`SELECT r.ts, r.target AS hash FROM reactions r JOIN casts c ON c.hash = r.target AND c.deleted = 0
       WHERE r.fid = ? AND r.type = ? AND r.target_fid = ? ORDER BY r.ts DESC LIMIT ?`);

/** When `fid` reacted with `type` to live casts by `targetFid`, newest first: (time, cast). */
export function reactionsBy(
  store: Store,
  fid: number,
  type: ReactionType,
  targetFid: number,
  limit: number,
): { ts: number; hash: string }[] {
  return REACTIONS_BY.all(store, fid, type, targetFid, limit);
}

const REACTIONS_TO = rows<[target: string], { fid: number; hash: string }>(
  'SELECT fid, hash FROM reactions WHERE target = ? ORDER BY ts, fid',
);

/** Every reaction (like or recast) to a target, oldest first: who and its message. */
export function reactionsTo(store: Store, target: string): { fid: number; hash: string }[] {
  return REACTIONS_TO.all(store, target);
}
