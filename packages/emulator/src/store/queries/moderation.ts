// Blocks, mutes (per user) and bans (per app): newest first, the other fid breaking ties.
import { column, rows, write } from '../statements.js';
import type { Store } from '../store.js';
import { type KeysetPage, type PageWindow, pager } from './keyset.js';

/**
 * SQL that holds when the user `fid` (an SQL expression) is shown to `viewer` (another) in the reads
 * the spec says respect a viewer's mutes and blocks: not muted by the viewer, and no block between the
 * two either way. The one rule those reads share, written into each query so limits count what is shown.
 */
export const shownTo = (viewer: string, fid: string): string =>
  `NOT EXISTS (SELECT 1 FROM mutes m WHERE m.fid = ${viewer} AND m.muted_fid = ${fid})
         AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_fid = ${viewer} AND b.blocked_fid = ${fid})
         AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_fid = ${fid} AND b.blocked_fid = ${viewer})`;

/** One row of a moderation list: who acted (`fid`), on whom (`other`), when (`at`, unix ms). */
export type ModerationRow = { fid: number; other: number; at: number };

const MODERATION_ROW_PAGES = pager<ModerationRow>();
const FID_OTHER_AT_BLOCKED_FID_PAGES = pager<ModerationRow & { blocked_fid: number }>();

export function mutesPage(store: Store, fid: number, w: PageWindow): KeysetPage<ModerationRow> {
  return MODERATION_ROW_PAGES.page(
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
  return FID_OTHER_AT_BLOCKED_FID_PAGES.page(
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
  return MODERATION_ROW_PAGES.page(
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

const INSERT_BLOCK = write<[blocker: number, blocked: number, at: number]>(
  'INSERT OR IGNORE INTO blocks (blocker_fid, blocked_fid, created_at) VALUES (?, ?, ?)',
);

/** true when the block is new. */
export function insertBlock(store: Store, blocker: number, blocked: number, at: number): boolean {
  return INSERT_BLOCK.run(store, blocker, blocked, at).changes > 0;
}

const DELETE_BLOCK = write<[blocker: number, blocked: number]>(
  'DELETE FROM blocks WHERE blocker_fid = ? AND blocked_fid = ?',
);

export function deleteBlock(store: Store, blocker: number, blocked: number): boolean {
  return DELETE_BLOCK.run(store, blocker, blocked).changes > 0;
}

const INSERT_MUTE = write<[fid: number, muted: number, at: number]>(
  'INSERT OR IGNORE INTO mutes (fid, muted_fid, created_at) VALUES (?, ?, ?)',
);

/** true when the mute is new. */
export function insertMute(store: Store, fid: number, muted: number, at: number): boolean {
  return INSERT_MUTE.run(store, fid, muted, at).changes > 0;
}

const DELETE_MUTE = write<[fid: number, muted: number]>('DELETE FROM mutes WHERE fid = ? AND muted_fid = ?');

export function deleteMute(store: Store, fid: number, muted: number): boolean {
  return DELETE_MUTE.run(store, fid, muted).changes > 0;
}

const INSERT_BAN = write<[fid: number, at: number]>(
  'INSERT OR IGNORE INTO bans (fid, banned_at) VALUES (?, ?)',
);

/** true when the ban is new. */
export function insertBan(store: Store, fid: number, at: number): boolean {
  return INSERT_BAN.run(store, fid, at).changes > 0;
}

const DELETE_BAN = write<[fid: number]>('DELETE FROM bans WHERE fid = ?');

export function deleteBan(store: Store, fid: number): boolean {
  return DELETE_BAN.run(store, fid).changes > 0;
}

/** Who a user mutes and blocks, who mutes and blocks it, and when it was banned: `other` is the other fid. */
export interface ModerationTies {
  mutes: { other: number; at: number }[];
  mutedBy: { other: number; at: number }[];
  blocks: { other: number; at: number }[];
  blockedBy: { other: number; at: number }[];
  bannedAt: number | undefined;
}

const MUTES_OF = rows<[fid: number], { other: number; at: number }>(
  'SELECT muted_fid AS other, created_at AS at FROM mutes WHERE fid = ?',
);
const MUTED_BY = rows<[fid: number], { other: number; at: number }>(
  'SELECT fid AS other, created_at AS at FROM mutes WHERE muted_fid = ?',
);
const BLOCKS_OF = rows<[fid: number], { other: number; at: number }>(
  'SELECT blocked_fid AS other, created_at AS at FROM blocks WHERE blocker_fid = ?',
);
const BLOCKED_BY = rows<[fid: number], { other: number; at: number }>(
  'SELECT blocker_fid AS other, created_at AS at FROM blocks WHERE blocked_fid = ?',
);
const BANNED_AT = column<[fid: number], number>('SELECT banned_at FROM bans WHERE fid = ?');

export function moderationTiesOf(store: Store, fid: number): ModerationTies {
  return {
    mutes: MUTES_OF.all(store, fid),
    mutedBy: MUTED_BY.all(store, fid),
    blocks: BLOCKS_OF.all(store, fid),
    blockedBy: BLOCKED_BY.all(store, fid),
    bannedAt: BANNED_AT.get(store, fid),
  };
}
