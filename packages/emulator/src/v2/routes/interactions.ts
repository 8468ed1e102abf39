// fetchUserInteractions: what two users did to each other (follows, likes, recasts, mentions,
// replies, quotes), both directions, newest first, shaped as notifications.
import type { V2Handlers } from '../../api/dispatch.js';
import { ValidationError } from '../../ground/errors.js';
import { dehydrateCasts, hydrateCasts } from '../../hydrate/cast.js';
import { hydrateUsers, requireUser } from '../../hydrate/user.js';
import { isoTime } from '../../store/clock.js';
import { mentionsBy, quotesBy, repliesBy } from '../../store/queries/casts.js';
import { followedAt } from '../../store/queries/links.js';
import { reactionsBy } from '../../store/queries/reactions.js';
import type { Store } from '../../store/store.js';
import { KINDS, type Kind, type Notification, SPEC_TYPE } from '../casts/notifications.js';

/** The spec has no paging here: the most recent interactions, up to this many. */
const MAX_INTERACTIONS = 100;

interface Hit {
  kind: Kind;
  actor: number;
  ts: number;
  /** The cast involved: the reacted-to cast, or the mentioning / replying / quoting cast. */
  ref: string | null;
}

/** Every interaction from `a` towards `b` of the given kinds (one indexed query per kind). */
function towards(store: Store, a: number, b: number, kinds: readonly Kind[]): Hit[] {
  const limit = MAX_INTERACTIONS;
  const read: Record<Kind, () => { ts: number; hash: string | null }[]> = {
    follows: () => {
      const ts = followedAt(store, a, b);
      return ts === undefined ? [] : [{ ts, hash: null }];
    },
    likes: () => reactionsBy(store, a, 1, b, limit),
    recasts: () => reactionsBy(store, a, 2, b, limit),
    mentions: () => mentionsBy(store, a, b, limit),
    replies: () => repliesBy(store, a, b, limit),
    quotes: () => quotesBy(store, a, b, limit),
  };
  return KINDS.filter((kind) => kinds.includes(kind)).flatMap((kind) =>
    read[kind]().map((r) => ({ kind, actor: a, ts: r.ts, ref: r.hash })),
  );
}

export const interactionHandlers: V2Handlers = {
  fetchUserInteractions(call) {
    const { store, params } = call;
    const fids = [...new Set(params.fids)];
    if (fids.length !== 2) throw new ValidationError('fids must name exactly two different users', 'fids');
    const [a, b] = fids as [number, number];
    requireUser(store, a, 'fids');
    requireUser(store, b, 'fids');
    const kinds = params.type ?? KINDS;
    const hits = [...towards(store, a, b, kinds), ...towards(store, b, a, kinds)]
      .sort((x, y) => y.ts - x.ts)
      .slice(0, MAX_INTERACTIONS);
    const options = { origin: call.origin };
    const refs = hits.map((h) => h.ref).filter((r): r is string => r !== null);
    const casts = hydrateCasts(store, refs, options);
    const dehydrated = dehydrateCasts(
      store,
      hits.filter((h) => h.kind === 'likes' || h.kind === 'recasts').map((h) => h.ref!),
      call.origin,
    );
    const users = hydrateUsers(store, [a, b], options);
    const interactions = hits.flatMap((h): Notification[] => {
      const base = {
        object: 'notification' as const,
        most_recent_timestamp: isoTime(h.ts),
        type: SPEC_TYPE[h.kind],
        seen: true,
        count: 1,
      };
      const user = users.get(h.actor)!;
      if (h.kind === 'follows') return [{ ...base, follows: [{ object: 'follower', user }] }];
      const cast = casts.get(h.ref!);
      if (!cast) return [];
      if (h.kind === 'likes' || h.kind === 'recasts') {
        return [{ ...base, cast, reactions: [{ object: h.kind, cast: dehydrated.get(h.ref!)!, user }] }];
      }
      return [{ ...base, cast }];
    });
    return { interactions };
  },
};
