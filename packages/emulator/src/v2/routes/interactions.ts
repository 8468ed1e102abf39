// fetchUserInteractions: what two users did to each other (follows, likes, recasts, mentions,
// replies, quotes), both directions, newest first, shaped as notifications.
import type { Notification } from '@castkit/sdk';
import type { V2Handlers } from '../../api/dispatch.js';
import { ValidationError } from '../../protocol/errors.js';
import type { Store } from '../../store/store.js';
import { KINDS, type Kind, SPEC_TYPE } from '../casts/notifications.js';
import { dehydrateCasts, hydrateCasts } from '../hydrate/cast.js';
import { isoTime } from '../hydrate/cast-rows.js';
import { hydrateUsers, requireUser } from '../hydrate/user.js';

/** The spec has no paging here: the most recent interactions, up to this many. */
const MAX_INTERACTIONS = 100;

interface Hit {
  kind: Kind;
  actor: number;
  ts: number;
  /** The cast involved: the reacted-to cast, or the mentioning / replying / quoting cast. */
  ref: string | null;
}

/** Every interaction from `a` towards `b` of the given kinds (one query per kind, all indexed). */
function towards(store: Store, a: number, b: number, kinds: readonly Kind[]): Hit[] {
  const hits: Hit[] = [];
  const run = (kind: Kind, sql: string, ...args: unknown[]) => {
    if (!kinds.includes(kind)) return;
    for (const r of store.stmt(sql).all(...args) as { ts: number; ref: string | null }[]) {
      hits.push({ kind, actor: a, ts: r.ts, ref: r.ref });
    }
  };
  const limit = MAX_INTERACTIONS;
  run(
    'follows',
    `SELECT ts, NULL AS ref FROM links WHERE fid = ? AND type = 'follow' AND target_fid = ?`,
    a,
    b,
  );
  const reactions = `SELECT r.ts, r.target AS ref FROM reactions r JOIN casts c ON c.hash = r.target AND c.deleted = 0
    WHERE r.fid = ? AND r.type = ? AND r.target_fid = ? ORDER BY r.ts DESC LIMIT ?`;
  run('likes', reactions, a, 1, b, limit);
  run('recasts', reactions, a, 2, b, limit);
  run(
    'mentions',
    `SELECT c.ts, c.hash AS ref FROM cast_mentions m JOIN casts c ON c.hash = m.cast_hash AND c.deleted = 0
     WHERE m.fid = ? AND c.fid = ? ORDER BY c.ts DESC LIMIT ?`,
    b,
    a,
    limit,
  );
  run(
    'replies',
    `SELECT ts, hash AS ref FROM casts WHERE fid = ? AND parent_fid = ? AND deleted = 0 ORDER BY ts DESC LIMIT ?`,
    a,
    b,
    limit,
  );
  run(
    'quotes',
    `SELECT c.ts, c.hash AS ref FROM casts c JOIN cast_quotes q ON q.cast_hash = c.hash
     JOIN casts p ON p.hash = q.quoted_hash WHERE c.fid = ? AND p.fid = ? AND c.deleted = 0 ORDER BY c.ts DESC LIMIT ?`,
    a,
    b,
    limit,
  );
  return hits;
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
