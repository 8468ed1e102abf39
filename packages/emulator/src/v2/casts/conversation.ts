// A cast with its replies as a tree (lookupCastConversation) and a locally made summary of a thread.
import type { V2Params, V2Response } from '../../api/dispatch.js';
import { type CastOfBoth, hydrateCastList, hydrateCasts } from '../../hydrate/cast.js';
import { hydrateUserList } from '../../hydrate/user.js';
import type { CastRow } from '../../store/queries/cast-hydration.js';
import { ancestorHashes, firstRepliesOf, repliesPage, threadCasts } from '../../store/queries/casts.js';
import type { KeysetPage } from '../../store/queries/keyset.js';
import { fromJson } from '../../store/statements.js';
import type { Store } from '../../store/store.js';
import { nextCursor, pageWindow } from '../cursor.js';
import type { Viewer } from './page.js';
import { resolveCast } from './resolve.js';

/** Replies shown under each reply below the first level (the first level is the paged one). */
const NESTED_REPLIES = 3;

type ConversationAnswer = V2Response<'lookupCastConversation'>;
/** A reply in the tree, as both generations declare it. */
type Reply = ConversationAnswer['conversation']['cast']['direct_replies'][number];

export function lookupConversation(
  store: Store,
  params: V2Params<'lookupCastConversation'>,
  viewer: Viewer,
): ConversationAnswer {
  const root = resolveCast(store, params.identifier, params.type);
  const { reply_depth: depth, fold } = params;
  const sort = params.sort_type ?? 'chron';
  const window = pageWindow(params, 2);
  const page: KeysetPage<{ hash: string }> =
    depth > 0 ? repliesPage(store, root, { sort, fold }, window) : { rows: [], next: null };

  // Deeper levels: a few replies under each reply, one query per level.
  const children = new Map<string, string[]>();
  let level = page.rows.map((r) => r.hash);
  for (let d = 2; d <= depth && level.length; d++) {
    const rows = firstRepliesOf(store, level, sort, NESTED_REPLIES);
    for (const r of rows) children.set(r.parent_hash, [...(children.get(r.parent_hash) ?? []), r.hash]);
    level = rows.map((r) => r.hash);
  }

  const parents = params.include_chronological_parent_casts ? ancestors(store, root) : [];
  const all = [root.hash, ...page.rows.map((r) => r.hash), ...[...children.values()].flat(), ...parents];
  const casts = hydrateCasts(store, all, viewer);
  const tree = (hash: string): Reply | undefined => {
    const cast = casts.get(hash);
    if (!cast) return undefined;
    // The spec types nested replies loosely (objects); they are the same shape, recursively. A
    // spread's type is a plain object type, which a record of unknowns takes.
    const replies = (children.get(hash) ?? []).flatMap((h) => {
      const reply = tree(h);
      return reply ? [{ ...reply }] : [];
    });
    return { ...cast, direct_replies: replies };
  };
  const body: ConversationAnswer = {
    conversation: {
      cast: {
        ...casts.get(root.hash)!,
        direct_replies: page.rows.map((r) => tree(r.hash)).filter((c) => c !== undefined),
      },
    },
    next: nextCursor(page.next),
  };
  if (params.include_chronological_parent_casts) {
    body.conversation.chronological_parent_casts = parents
      .map((h) => casts.get(h))
      .filter((c): c is CastOfBoth => c !== undefined);
  }
  return body;
}

/** The casts above this one, from the thread's root down to its direct parent. */
function ancestors(store: Store, cast: CastRow): string[] {
  return cast.parent_hash ? ancestorHashes(store, cast.parent_hash) : [];
}

/** A deterministic, local stand-in for the LLM summary: who talked, how much, and the top reply. */
export function summarizeConversation(
  store: Store,
  params: V2Params<'lookupCastConversationSummary'>,
  origin: string,
): V2Response<'lookupCastConversationSummary'> {
  const { identifier, limit } = params;
  const root = resolveCast(store, identifier, /^0x[0-9a-f]+$/i.test(identifier) ? 'hash' : 'url');
  const thread = threadCasts(store, root, limit);
  const authorFids = [...new Set([root.fid, ...thread.map((c) => c.fid)])];
  const mentionFids = [...new Set([root, ...thread].flatMap((c) => fromJson(c.mentions)))];
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
