// Notifications are not stored: they are read from the tables that already say what happened to a
// user (follows, reactions to their casts, mentions, replies, quotes), grouped the way clients show
// them (likes / recasts per cast per day, follows per day; one per mention, reply and quote).
// notifications_seen holds when the user last marked them seen.

import { IN_JSON, rows, StatementFamily, write } from '../statements.js';
import type { Store } from '../store.js';
import { type KeysetPage, type PageWindow, pager } from './keyset.js';

export const NOTIFICATION_KINDS = ['follows', 'likes', 'recasts', 'mentions', 'replies', 'quotes'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * One notification. `gid` names the group and is unique: `likes:<cast>:<day>`,
 * `recasts:<cast>:<day>`, `follows:<day>`, or `<kind>:<cast>` for the others (days since the epoch).
 */
export type NotificationGroup = {
  kind: NotificationKind;
  gid: string;
  /** The latest event's time. */
  ts: number;
  /** How many events the group holds. */
  n: number;
  /** The cast involved: the reacted-to cast, or the mentioning / replying / quoting cast. */
  ref: string | null;
};

/** Limits cast notifications to casts in these channels or threads under these URLs; follows drop out. */
export type NotificationScope = { channelIds: readonly string[] } | { rootParentUrls: readonly string[] };

const day = (alias: string) => `CAST(${alias}.ts / 86400000 AS INTEGER)`;

/** `since`: only events after each kind's time (what counting unseen notifications needs). */
function sources(
  fid: number,
  kinds: readonly NotificationKind[],
  scope?: NotificationScope,
  since?: Record<NotificationKind, number>,
) {
  const parts: string[] = [];
  const binds: unknown[] = [];
  const on = scope
    ? 'channelIds' in scope
      ? { sql: ` AND c.channel_id IN (${IN_JSON})`, binds: [JSON.stringify(scope.channelIds)] }
      : { sql: ` AND c.root_parent_url IN (${IN_JSON})`, binds: [JSON.stringify(scope.rootParentUrls)] }
    : { sql: '', binds: [] };
  const add = (sql: string, kind: NotificationKind, ts: string, ...b: unknown[]) => {
    parts.push(sql + on.sql + (since ? ` AND ${ts} > ?` : ''));
    binds.push(...b, ...on.binds, ...(since ? [since[kind]] : []));
  };
  for (const [kind, type] of [
    ['likes', 1],
    ['recasts', 2],
  ] as const) {
    if (!kinds.includes(kind)) continue;
    add(
      `SELECT '${kind}' AS kind, '${kind}:' || r.target || ':' || ${day('r')} AS gid, r.ts AS ts, r.target AS ref
       FROM reactions r JOIN casts c ON c.hash = r.target AND c.deleted = 0
       WHERE r.target_fid = ? AND r.type = ${type} AND r.fid != ?`,
      kind,
      'r.ts',
      fid,
      fid,
    );
  }
  if (kinds.includes('follows') && !scope) {
    parts.push(
      `SELECT 'follows' AS kind, 'follows:' || ${day('l')} AS gid, l.ts AS ts, NULL AS ref FROM links l
       WHERE l.target_fid = ? AND l.type = 'follow'${since ? ' AND l.ts > ?' : ''}`,
    );
    binds.push(fid, ...(since ? [since.follows] : []));
  }
  if (kinds.includes('mentions')) {
    add(
      `SELECT 'mentions' AS kind, 'mentions:' || c.hash AS gid, c.ts AS ts, c.hash AS ref FROM cast_mentions m
       JOIN casts c ON c.hash = m.cast_hash AND c.deleted = 0 WHERE m.fid = ? AND c.fid != ?`,
      'mentions',
      'c.ts',
      fid,
      fid,
    );
  }
  if (kinds.includes('replies')) {
    add(
      `SELECT 'replies' AS kind, 'replies:' || c.hash AS gid, c.ts AS ts, c.hash AS ref FROM casts p
       JOIN casts c ON c.parent_hash = p.hash AND c.deleted = 0 WHERE p.fid = ? AND p.deleted = 0 AND c.fid != ?`,
      'replies',
      'c.ts',
      fid,
      fid,
    );
  }
  if (kinds.includes('quotes')) {
    add(
      `SELECT 'quotes' AS kind, 'quotes:' || c.hash AS gid, c.ts AS ts, c.hash AS ref FROM casts p
       JOIN cast_quotes q ON q.quoted_hash = p.hash JOIN casts c ON c.hash = q.cast_hash AND c.deleted = 0
       WHERE p.fid = ? AND c.fid != ?`,
      'quotes',
      'c.ts',
      fid,
      fid,
    );
  }
  const union = parts.length
    ? parts.join(' UNION ALL ')
    : `SELECT NULL AS kind, NULL AS gid, NULL AS ts, NULL AS ref WHERE 0`;
  return {
    grouped: `SELECT kind, gid, MAX(ts) AS ts, COUNT(*) AS n, MAX(ref) AS ref FROM (${union}) GROUP BY gid`,
    binds,
  };
}

const NOTIFICATION_GROUP_PAGES = pager<NotificationGroup>();

/** A user's notifications of `kinds` (within `scope`), newest first. */
export function notificationsPage(
  store: Store,
  fid: number,
  o: { kinds: readonly NotificationKind[]; scope?: NotificationScope },
  w: PageWindow,
): KeysetPage<NotificationGroup> {
  const { grouped, binds } = sources(fid, o.kinds, o.scope);
  return NOTIFICATION_GROUP_PAGES.page(
    store,
    {
      select: `SELECT * FROM (${grouped})`,
      binds,
      order: [
        { sql: 'ts', as: 'ts', dir: 'desc' },
        { sql: 'gid', as: 'gid', dir: 'desc' },
      ],
    },
    w,
  );
}

/** How many of those notifications have an event newer than when its kind was last seen. */
export function unseenNotificationCount(
  store: Store,
  fid: number,
  o: { kinds: readonly NotificationKind[]; scope?: NotificationScope },
  seen: Record<NotificationKind, number>,
): number {
  const { grouped, binds } = sources(fid, o.kinds, o.scope, seen);
  return COUNTS.on(store, `SELECT COUNT(*) FROM (${grouped})`).get(...binds) ?? 0;
}

const COUNTS = new StatementFamily<number>(true);

const NOTIFICATIONS_SEEN_AT = rows<[fid: number], { scope: string; seen_at: number }>(
  'SELECT scope, seen_at FROM notifications_seen WHERE fid = ?',
);

/** When the user last marked each scope seen ('' = all, or a kind). */
export function notificationsSeenAt(store: Store, fid: number): Map<string, number> {
  const rows = NOTIFICATIONS_SEEN_AT.all(store, fid);
  return new Map(rows.map((r) => [r.scope, r.seen_at]));
}

const MARK_NOTIFICATIONS_SEEN = write<
  [fid: number, scope: string, at: number]
>(`INSERT INTO notifications_seen (fid, scope, seen_at) VALUES (?, ?, ?)
       ON CONFLICT (fid, scope) DO UPDATE SET seen_at = excluded.seen_at`);

export function markNotificationsSeen(store: Store, fid: number, scope: string, at: number): void {
  MARK_NOTIFICATIONS_SEEN.run(store, fid, scope, at);
}

/**
 * The latest `perGroup` reactors to each of `targets` per (type, day), except `exceptFid`: who a
 * grouped like / recast notification lists.
 */
export function reactorsByDay(
  store: Store,
  targets: readonly string[],
  exceptFid: number,
  perGroup: number,
): { fid: number; type: number; target: string; ts: number; day: number }[] {
  return REACTIONS_BY_DAY.on(
    store,
    `SELECT fid, type, target, ts, k AS day FROM (
       SELECT fid, type, target, ts, ${day('reactions')} AS k,
         ROW_NUMBER() OVER (PARTITION BY type, target, ${day('reactions')} ORDER BY ts DESC, fid) AS n
       FROM reactions WHERE target IN (${IN_JSON}) AND fid != ?
     ) WHERE n <= ?`,
  ).all(JSON.stringify(targets), exceptFid, perGroup);
}

const REACTIONS_BY_DAY = new StatementFamily<{
  fid: number;
  type: number;
  target: string;
  ts: number;
  day: number;
}>();

/** The latest `perGroup` followers of `fid` on each of `days`: who a grouped follow notification lists. */
export function followersByDay(
  store: Store,
  fid: number,
  days: readonly number[],
  perGroup: number,
): { fid: number; day: number }[] {
  return FOLLOWS_BY_DAY.on(
    store,
    `SELECT fid, k AS day FROM (
       SELECT fid, ${day('links')} AS k, ROW_NUMBER() OVER (PARTITION BY ${day('links')} ORDER BY ts DESC, fid) AS n
       FROM links WHERE target_fid = ? AND type = 'follow' AND ${day('links')} IN (${IN_JSON})
     ) WHERE n <= ?`,
  ).all(fid, JSON.stringify(days), perGroup);
}

const FOLLOWS_BY_DAY = new StatementFamily<{ fid: number; day: number }>();
