// Notifications as the spec shapes them, from the groups store/queries/notifications.ts reads: each
// with its cast, and the users who liked, recast or followed listed for the grouped kinds.
import type { V2Response } from '../../api/dispatch.js';
import { dehydrateCasts, hydrateCasts } from '../../hydrate/cast.js';
import { hydrateUsers } from '../../hydrate/user.js';
import { isoTime } from '../../store/clock.js';
import {
  followersByDay,
  NOTIFICATION_KINDS,
  type NotificationGroup,
  type NotificationKind,
  type NotificationScope,
  notificationsPage,
  notificationsSeenAt,
  reactorsByDay,
  unseenNotificationCount,
} from '../../store/queries/notifications.js';
import type { Store } from '../../store/store.js';
import { nextCursor, pageWindow } from '../cursor.js';
import type { PageParams } from './page.js';

/** Notifications as both generations declare them. */
export type NotificationsAnswer = V2Response<'fetchAllNotifications'>;
export type Notification = NotificationsAnswer['notifications'][number];
type Follower = NonNullable<Notification['follows']>[number];
type ReactionWithUserInfo = NonNullable<Notification['reactions']>[number];

export const KINDS = NOTIFICATION_KINDS;
export type Kind = NotificationKind;

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

/** When each kind was last marked seen: the later of "all" and that kind. */
function seenTimes(store: Store, fid: number): Record<Kind, number> {
  const of = notificationsSeenAt(store, fid);
  const all = of.get('') ?? 0;
  return Object.fromEntries(KINDS.map((k) => [k, Math.max(all, of.get(k) ?? 0)])) as Record<Kind, number>;
}

export function notificationsFor(
  store: Store,
  params: PageParams & { fid: number },
  origin: string,
  kinds: readonly Kind[],
  scope?: NotificationScope,
): NotificationsAnswer {
  const { fid } = params;
  const page = notificationsPage(store, fid, { kinds, scope }, pageWindow(params, 2));
  const seen = seenTimes(store, fid);
  const unseen = unseenNotificationCount(store, fid, { kinds, scope }, seen);
  return {
    unseen_notifications_count: unseen,
    notifications: render(store, fid, page.rows, seen, origin),
    next: nextCursor(page.next),
  };
}

function render(
  store: Store,
  fid: number,
  groups: NotificationGroup[],
  seen: Record<Kind, number>,
  origin: string,
): Notification[] {
  const options = { viewerFid: fid, origin };
  const castRefs = groups.map((g) => g.ref).filter((r): r is string => r !== null);
  const casts = hydrateCasts(store, castRefs, options);
  const reactionGroups = groups.filter((g) => g.kind === 'likes' || g.kind === 'recasts');
  const reactors = reactorsByDay(
    store,
    reactionGroups.map((g) => g.ref!),
    fid,
    GROUP_USERS,
  );
  const followDays = groups.filter((g) => g.kind === 'follows').map((g) => Number(g.gid.split(':')[1]));
  const followers = followersByDay(store, fid, followDays, GROUP_USERS);
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
        .filter((f) => f.day === k)
        .flatMap((f) => (users.has(f.fid) ? [{ object: 'follower' as const, user: users.get(f.fid)! }] : []));
      return [{ ...base, follows }];
    }
    const cast = casts.get(g.ref!);
    if (!cast) return [];
    if (g.kind === 'likes' || g.kind === 'recasts') {
      const type = g.kind === 'likes' ? 1 : 2;
      const k = Number(g.gid.split(':')[2]);
      const reactions: ReactionWithUserInfo[] = reactors
        .filter((r) => r.type === type && r.target === g.ref && r.day === k)
        .flatMap((r) => {
          const user = users.get(r.fid);
          return user ? [{ object: g.kind as 'likes' | 'recasts', cast: dehydrated.get(g.ref!)!, user }] : [];
        });
      return [{ ...base, cast, reactions }];
    }
    return [{ ...base, cast }];
  });
}
