// What one viewer has to do with a batch of users, channels and casts: follows and blocks either
// way, channel follows and roles, likes and recasts. hydrate/viewer.ts turns these into the
// spec's viewer_context objects.

import { column, IN_JSON, rows } from '../statements.js';
import type { Store } from '../store.js';

/** Of `fids`: whom the viewer follows, who follows the viewer, whom the viewer blocks, who blocks the viewer. */
export function viewerUserRelations(
  store: Store,
  viewerFid: number,
  fids: readonly number[],
): { following: number[]; followedBy: number[]; blocking: number[]; blockedBy: number[] } {
  const json = JSON.stringify(fids);
  return {
    following: FOLLOWING.all(store, viewerFid, json),
    followedBy: FOLLOWED_BY.all(store, viewerFid, json),
    blocking: BLOCKING.all(store, viewerFid, json),
    blockedBy: BLOCKED_BY.all(store, viewerFid, json),
  };
}

const FOLLOWING = column<[viewerFid: number, fids: string], number>(
  `SELECT target_fid FROM links WHERE fid = ? AND type = 'follow' AND target_fid IN (${IN_JSON})`,
);
const FOLLOWED_BY = column<[viewerFid: number, fids: string], number>(
  `SELECT fid FROM links WHERE target_fid = ? AND type = 'follow' AND fid IN (${IN_JSON})`,
);
const BLOCKING = column<[viewerFid: number, fids: string], number>(
  `SELECT blocked_fid FROM blocks WHERE blocker_fid = ? AND blocked_fid IN (${IN_JSON})`,
);
const BLOCKED_BY = column<[viewerFid: number, fids: string], number>(
  `SELECT blocker_fid FROM blocks WHERE blocked_fid = ? AND blocker_fid IN (${IN_JSON})`,
);

const VIEWER_CHANNEL_RELATIONS = column<[viewerFid: number, json: string], string>(
  `SELECT channel_id FROM channel_follows WHERE fid = ? AND channel_id IN (${IN_JSON})`,
);
const VIEWER_CHANNEL_RELATIONS_2 = rows<[viewerFid: number, json: string], { id: string; role: string }>(
  `SELECT channel_id AS id, role FROM channel_members WHERE fid = ? AND channel_id IN (${IN_JSON})`,
);

/** Of channels `ids`: those the viewer follows, and the viewer's role in those they belong to. */
export function viewerChannelRelations(
  store: Store,
  viewerFid: number,
  ids: readonly string[],
): { follows: string[]; roles: { id: string; role: string }[] } {
  const json = JSON.stringify(ids);
  const follows = VIEWER_CHANNEL_RELATIONS.all(store, viewerFid, json);
  const roles = VIEWER_CHANNEL_RELATIONS_2.all(store, viewerFid, json);
  return { follows, roles };
}

const VIEWER_CAST_REACTIONS = rows<[viewerFid: number, hashes: string], { type: number; target: string }>(
  `SELECT type, target FROM reactions WHERE fid = ? AND type IN (1, 2) AND target IN (${IN_JSON})`,
);

/** The viewer's likes (type 1) and recasts (type 2) of any of `hashes`. */
export function viewerCastReactions(
  store: Store,
  viewerFid: number,
  hashes: readonly string[],
): { type: number; target: string }[] {
  return VIEWER_CAST_REACTIONS.all(store, viewerFid, JSON.stringify(hashes));
}
