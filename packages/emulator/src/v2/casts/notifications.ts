// Notifications are not stored: they are read from the tables that already say what happened to a
// user (follows, reactions to their casts, mentions, replies, quotes), grouped the way clients show
// them (likes / recasts per cast per day, follows per day; one per mention, reply and quote).
import type { Follower, Notification, NotificationsResponse, ReactionWithUserInfo } from '@castkit/sdk';
import { IN_JSON, type Store } from '../../store/store.js';
import { decodeCursor, pageOf } from '../cursor.js';
import { dehydrateCasts, hydrateCasts } from '../hydrate/cast.js';
import { isoTime } from '../hydrate/cast-rows.js';
import { hydrateUsers } from '../hydrate/user.js';
import type { PageParams } from './page.js';

export const KINDS = ['follows', 'likes', 'recasts', 'mentions', 'replies', 'quotes'] as const;
export type Kind = (typeof KINDS)[number];

export const SPEC_TYPE: Record<Kind, Notification['type']> = {
  follows: 'follows',
  likes: 'likes',
  recasts: 'recasts',
  mentions: 'mention',
  replies: 'reply',
  quotes: 'quote',
};

/** Users listed per grouped notification (count says how many there were in all). */
const GROUP_USERS = 10;
const DAY = 'CAST(%.ts / 86400000 AS INTEGER)';
const day = (alias: string) => DAY.replace('%', alias);

/** Restricts cast-based notifications to casts matching `where` (on alias c); follows drop out. */
export interface Scope {
  where: string;
  binds: unknown[];
}

/** `since`: only events after each kind's time (what counting unseen notifications needs). */
function sources(fid: number, kinds: readonly Kind[], scope?: Scope, since?: Record<Kind, number>) {
  const parts: string[] = [];
  const binds: unknown[] = [];
  const on = scope ? ` AND ${scope.where}` : '';
  const add = (sql: string, kind: Kind, ts: string, ...b: unknown[]) => {
    parts.push(sql + on + (since ? ` AND ${ts} > ?` : ''));
    binds.push(...b, ...(scope?.binds ?? []), ...(since ? [since[kind]] : []));
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

/** When each kind was last marked seen: the later of "all" and that kind. */
function seenTimes(store: Store, fid: number): Record<Kind, number> {
  const rows = store.stmt('SELECT scope, seen_at FROM notifications_seen WHERE fid = ?').all(fid) as {
    scope: string;
    seen_at: number;
  }[];
  const of = new Map(rows.map((r) => [r.scope, r.seen_at]));
  const all = of.get('') ?? 0;
  return Object.fromEntries(KINDS.map((k) => [k, Math.max(all, of.get(k) ?? 0)])) as Record<Kind, number>;
}

interface Group {
  kind: Kind;
  gid: string;
  ts: number;
  n: number;
  ref: string | null;
}

export function notificationsFor(
  store: Store,
  params: PageParams & { fid: number },
  origin: string,
  kinds: readonly Kind[],
  scope?: Scope,
): NotificationsResponse {
  const { fid, limit } = params;
  const after = decodeCursor(params.cursor, 2);
  const { grouped, binds } = sources(fid, kinds, scope);
  const rows = store
    .stmt(
      `SELECT * FROM (${grouped}) WHERE ? IS NULL OR ts < ? OR (ts = ? AND gid < ?) ORDER BY ts DESC, gid DESC LIMIT ?`,
    )
    .all(
      ...binds,
      after ? 1 : null,
      after?.[0] ?? 0,
      after?.[0] ?? 0,
      after?.[1] ?? '',
      limit + 1,
    ) as Group[];
  const seen = seenTimes(store, fid);
  const newer = sources(fid, kinds, scope, seen);
  const unseen = store
    .stmt(`SELECT COUNT(*) FROM (${newer.grouped})`)
    .pluck()
    .get(...newer.binds) as number;
  const { items, next } = pageOf(rows, limit, (g) => [g.ts, g.gid]);
  return { unseen_notifications_count: unseen, notifications: render(store, fid, items, seen, origin), next };
}

function render(
  store: Store,
  fid: number,
  groups: Group[],
  seen: Record<Kind, number>,
  origin: string,
): Notification[] {
  const options = { viewerFid: fid, origin };
  const castRefs = groups.map((g) => g.ref).filter((r): r is string => r !== null);
  const casts = hydrateCasts(store, castRefs, options);
  const reactionGroups = groups.filter((g) => g.kind === 'likes' || g.kind === 'recasts');
  const reactors = store
    .stmt(
      `SELECT fid, type, target, ts, k FROM (
         SELECT fid, type, target, ts, ${day('reactions')} AS k,
           ROW_NUMBER() OVER (PARTITION BY type, target, ${day('reactions')} ORDER BY ts DESC, fid) AS n
         FROM reactions WHERE target IN (${IN_JSON}) AND fid != ?
       ) WHERE n <= ${GROUP_USERS}`,
    )
    .all(JSON.stringify(reactionGroups.map((g) => g.ref)), fid) as {
    fid: number;
    type: number;
    target: string;
    ts: number;
    k: number;
  }[];
  const followDays = groups.filter((g) => g.kind === 'follows').map((g) => Number(g.gid.split(':')[1]));
  const followers = store
    .stmt(
      `SELECT fid, k FROM (
         SELECT fid, ${day('links')} AS k, ROW_NUMBER() OVER (PARTITION BY ${day('links')} ORDER BY ts DESC, fid) AS n
         FROM links WHERE target_fid = ? AND type = 'follow' AND ${day('links')} IN (${IN_JSON})
       ) WHERE n <= ${GROUP_USERS}`,
    )
    .all(fid, JSON.stringify(followDays)) as { fid: number; k: number }[];
  const users = hydrateUsers(store, [...reactors.map((r) => r.fid), ...followers.map((f) => f.fid)], options);
  const dehydrated = dehydrateCasts(
    store,
    reactionGroups.map((g) => g.ref!),
    origin,
  );

  return groups.flatMap((g): Notification[] => {
    const base = {
      object: 'notification' as const,
      most_recent_timestamp: isoTime(g.ts),
      type: SPEC_TYPE[g.kind],
      seen: g.ts <= seen[g.kind],
      count: g.n,
    };
    if (g.kind === 'follows') {
      const k = Number(g.gid.split(':')[1]);
      const follows: Follower[] = followers
        .filter((f) => f.k === k)
        .flatMap((f) => (users.has(f.fid) ? [{ object: 'follower' as const, user: users.get(f.fid)! }] : []));
      return [{ ...base, follows }];
    }
    const cast = casts.get(g.ref!);
    if (!cast) return [];
    if (g.kind === 'likes' || g.kind === 'recasts') {
      const type = g.kind === 'likes' ? 1 : 2;
      const k = Number(g.gid.split(':')[2]);
      const reactions: ReactionWithUserInfo[] = reactors
        .filter((r) => r.type === type && r.target === g.ref && r.k === k)
        .flatMap((r) => {
          const user = users.get(r.fid);
          return user ? [{ object: g.kind as 'likes' | 'recasts', cast: dehydrated.get(g.ref!)!, user }] : [];
        });
      return [{ ...base, cast, reactions }];
    }
    return [{ ...base, cast }];
  });
}
