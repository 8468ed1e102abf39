// A cast with its replies as a tree (lookupCastConversation) and a locally made summary of a thread.
import type {
  CastWithInteractions,
  CastWithInteractionsAndConversationsRef,
  Conversation,
  ConversationSummary,
} from '@castkit/sdk';
import type { V2Params } from '../../api/dispatch.js';
import { IN_JSON, type Store } from '../../store/store.js';
import { decodeCursor, pageOf, type SortKey } from '../cursor.js';
import { hydrateCastList, hydrateCasts } from '../hydrate/cast.js';
import type { CastRow } from '../hydrate/cast-rows.js';
import { hydrateUserList } from '../hydrate/user.js';
import type { Viewer } from './page.js';
import { resolveCast } from './resolve.js';

/** Replies shown under each reply below the first level (the first level is the paged one). */
const NESTED_REPLIES = 3;
const SCORE = '(c.likes_count + 2 * c.recasts_count + c.replies_count)';

type Sort = NonNullable<V2Params<'lookupCastConversation'>['sort_type']>;

const ORDER: Record<Sort, string> = {
  chron: 'c.ts ASC, c.hash ASC',
  desc_chron: 'c.ts DESC, c.hash DESC',
  algorithmic: `${SCORE} DESC, c.hash DESC`,
};

export function lookupConversation(
  store: Store,
  params: V2Params<'lookupCastConversation'>,
  viewer: Viewer,
): Conversation {
  const root = resolveCast(store, params.identifier, params.type);
  const { reply_depth: depth, limit, fold } = params;
  const sort = params.sort_type ?? 'chron';
  const after = decodeCursor(params.cursor, 2);

  // Above the fold: replies with some engagement, by power users, or by the cast's own author.
  const quality = `(${SCORE} > 0 OR c.fid = ? OR EXISTS (SELECT 1 FROM users u WHERE u.fid = c.fid AND u.power_badge = 1))`;
  const where = ['c.parent_hash = ?', 'c.deleted = 0'];
  const binds: unknown[] = [root.hash];
  if (fold) {
    where.push(fold === 'above' ? quality : `NOT ${quality}`);
    binds.push(root.fid);
  }
  if (after) {
    if (sort === 'chron') where.push('c.ts >= ? AND (c.ts > ? OR c.hash > ?)');
    else if (sort === 'desc_chron') where.push('c.ts <= ? AND (c.ts < ? OR c.hash < ?)');
    else where.push(`${SCORE} <= ? AND (${SCORE} < ? OR c.hash < ?)`);
    binds.push(after[0], after[0], after[1]);
  }
  let page: { items: { hash: string; k: number }[]; next: { cursor: string | null } } = {
    items: [],
    next: { cursor: null },
  };
  if (depth > 0) {
    const rows = store
      .stmt(
        `SELECT c.hash, ${sort === 'algorithmic' ? SCORE : 'c.ts'} AS k FROM casts c
         WHERE ${where.join(' AND ')} ORDER BY ${ORDER[sort]} LIMIT ?`,
      )
      .all(...binds, limit + 1) as { hash: string; k: number }[];
    page = pageOf(rows, limit, (r): SortKey => [r.k, r.hash]);
  }

  // Deeper levels: a few replies under each reply, one query per level.
  const children = new Map<string, string[]>();
  let level = page.items.map((r) => r.hash);
  for (let d = 2; d <= depth && level.length; d++) {
    const rows = store
      .stmt(
        `SELECT hash, parent_hash FROM (
           SELECT c.hash, c.parent_hash, ROW_NUMBER() OVER (PARTITION BY c.parent_hash ORDER BY ${ORDER[sort]}) AS n
           FROM casts c WHERE c.parent_hash IN (${IN_JSON}) AND c.deleted = 0
         ) WHERE n <= ${NESTED_REPLIES} ORDER BY n`,
      )
      .all(JSON.stringify(level)) as { hash: string; parent_hash: string }[];
    for (const r of rows) children.set(r.parent_hash, [...(children.get(r.parent_hash) ?? []), r.hash]);
    level = rows.map((r) => r.hash);
  }

  const parents = params.include_chronological_parent_casts ? ancestors(store, root) : [];
  const all = [root.hash, ...page.items.map((r) => r.hash), ...[...children.values()].flat(), ...parents];
  const casts = hydrateCasts(store, all, viewer);
  const tree = (hash: string): CastWithInteractionsAndConversationsRef | undefined => {
    const cast = casts.get(hash);
    if (!cast) return undefined;
    // The spec types nested replies loosely (objects); they are the same shape, recursively.
    const replies = (children.get(hash) ?? []).map(tree).filter((c) => c !== undefined);
    return { ...cast, direct_replies: replies as unknown as Record<string, unknown>[] };
  };
  const body: Conversation = {
    conversation: {
      cast: {
        ...casts.get(root.hash)!,
        direct_replies: page.items.map((r) => tree(r.hash)).filter((c) => c !== undefined),
      },
    },
    next: page.next,
  };
  if (params.include_chronological_parent_casts) {
    body.conversation.chronological_parent_casts = parents
      .map((h) => casts.get(h))
      .filter((c): c is CastWithInteractions => c !== undefined);
  }
  return body;
}

/** The casts above this one, from the thread's root down to its direct parent. */
function ancestors(store: Store, cast: CastRow): string[] {
  if (!cast.parent_hash) return [];
  return store
    .stmt(
      `WITH RECURSIVE up (hash, parent_hash, d) AS (
         SELECT hash, parent_hash, 1 FROM casts WHERE hash = ?
         UNION ALL SELECT c.hash, c.parent_hash, up.d + 1 FROM casts c JOIN up ON c.hash = up.parent_hash WHERE up.d < 100
       ) SELECT hash FROM up ORDER BY d DESC`,
    )
    .pluck()
    .all(cast.parent_hash) as string[];
}

/** A deterministic, local stand-in for the LLM summary: who talked, how much, and the top reply. */
export function summarizeConversation(
  store: Store,
  params: V2Params<'lookupCastConversationSummary'>,
  origin: string,
): ConversationSummary {
  const { identifier, limit } = params;
  const root = resolveCast(store, identifier, /^0x[0-9a-f]+$/i.test(identifier) ? 'hash' : 'url');
  const thread = store
    .stmt(
      `SELECT hash, fid, mentions, likes_count FROM casts WHERE root_hash = ? AND deleted = 0 AND hash != ?
       ORDER BY ts LIMIT ?`,
    )
    .all(root.root_hash, root.hash, limit) as {
    hash: string;
    fid: number;
    mentions: string;
    likes_count: number;
  }[];
  const authorFids = [...new Set([root.fid, ...thread.map((c) => c.fid)])];
  const mentionFids = [...new Set([root, ...thread].flatMap((c) => JSON.parse(c.mentions) as number[]))];
  const participants = hydrateUserList(store, authorFids, { origin });
  const [head] = hydrateCastList(store, [root.hash], { origin });
  const top = [...thread].sort((a, b) => b.likes_count - a.likes_count)[0];
  const [topCast] = top ? hydrateCastList(store, [top.hash], { origin }) : [];
  const clip = (t: string) => (t.length > 80 ? `${t.slice(0, 77)}...` : t);
  let text = `@${head?.author.username} posted "${clip(head?.text ?? '')}". `;
  text += thread.length
    ? `${thread.length} repl${thread.length === 1 ? 'y' : 'ies'} from ${authorFids.length - 1 || 1} participant${authorFids.length > 2 ? 's' : ''} followed.`
    : 'Nobody has replied yet.';
  if (topCast) text += ` The most liked reply, by @${topCast.author.username}: "${clip(topCast.text)}".`;
  return {
    summary: {
      text,
      participants,
      mentioned_profiles: hydrateUserList(store, mentionFids, { origin }),
    },
  };
}
