// Blocks, mutes (per user) and bans (per app): newest first, the other fid breaking ties.
import type { Store } from '../store.js';
import { type KeysetPage, keysetPage, type PageWindow } from './keyset.js';

/** One row of a moderation list: who acted (`fid`), on whom (`other`), when (`at`, unix ms). */
export type ModerationRow = { fid: number; other: number; at: number };

export function mutesPage(store: Store, fid: number, w: PageWindow): KeysetPage<ModerationRow> {
  return keysetPage(
    store,
    {
      select: 'SELECT fid, muted_fid AS other, created_at AS at FROM mutes',
      where: ['fid = ?'],
      binds: [fid],
      order: [
        { sql: 'created_at', as: 'at', dir: 'desc' },
        { sql: 'muted_fid', as: 'other', dir: 'desc' },
      ],
    },
    w,
  );
}

/**
 * Blocks by `blocker`, of `blocked`, or both; `other` is the side that is not fixed (the blocked
 * fid when a blocker is given), which breaks ties.
 */
export function blocksPage(
  store: Store,
  by: { blocker?: number; blocked?: number },
  w: PageWindow,
): KeysetPage<ModerationRow & { blocked_fid: number }> {
  const other = by.blocker !== undefined ? 'blocked_fid' : 'blocker_fid';
  const where: string[] = [];
  const binds: number[] = [];
  if (by.blocker !== undefined) {
    where.push('blocker_fid = ?');
    binds.push(by.blocker);
  }
  if (by.blocked !== undefined) {
    where.push('blocked_fid = ?');
    binds.push(by.blocked);
  }
  return keysetPage(
    store,
    {
      select: `SELECT blocker_fid AS fid, blocked_fid, ${other} AS other, created_at AS at FROM blocks`,
      where,
      binds,
      order: [
        { sql: 'created_at', as: 'at', dir: 'desc' },
        { sql: other, as: 'other', dir: 'desc' },
      ],
    },
    w,
  );
}

/** Banned fids; `fid` and `other` are both the banned fid. */
export function bansPage(store: Store, w: PageWindow): KeysetPage<ModerationRow> {
  return keysetPage(
    store,
    {
      select: 'SELECT fid, fid AS other, banned_at AS at FROM bans',
      order: [
        { sql: 'banned_at', as: 'at', dir: 'desc' },
        { sql: 'fid', as: 'fid', dir: 'desc' },
      ],
    },
    w,
  );
}
