// What one viewer has to do with a batch of users, channels and casts: follows and blocks either
// way, channel follows and roles, likes and recasts. v2/hydrate/viewer.ts turns these into the
// spec's viewer_context objects.

import { IN_JSON, type Store } from '../store.js';

/** Of `fids`: whom the viewer follows, who follows the viewer, whom the viewer blocks, who blocks the viewer. */
export function viewerUserRelations(
  store: Store,
  viewerFid: number,
  fids: readonly number[],
): { following: number[]; followedBy: number[]; blocking: number[]; blockedBy: number[] } {
  const json = JSON.stringify(fids);
  const fidsOf = (sql: string) => store.stmt(sql).pluck().all(viewerFid, json) as number[];
  return {
    following: fidsOf(
      `SELECT target_fid FROM links WHERE fid = ? AND type = 'follow' AND target_fid IN (${IN_JSON})`,
    ),
    followedBy: fidsOf(
      `SELECT fid FROM links WHERE target_fid = ? AND type = 'follow' AND fid IN (${IN_JSON})`,
    ),
    blocking: fidsOf(`SELECT blocked_fid FROM blocks WHERE blocker_fid = ? AND blocked_fid IN (${IN_JSON})`),
    blockedBy: fidsOf(`SELECT blocker_fid FROM blocks WHERE blocked_fid = ? AND blocker_fid IN (${IN_JSON})`),
  };
}

/** Of channels `ids`: those the viewer follows, and the viewer's role in those they belong to. */
export function viewerChannelRelations(
  store: Store,
  viewerFid: number,
  ids: readonly string[],
): { follows: string[]; roles: { id: string; role: string }[] } {
  const json = JSON.stringify(ids);
  const follows = store
    .stmt(`SELECT channel_id FROM channel_follows WHERE fid = ? AND channel_id IN (${IN_JSON})`)
    .pluck()
    .all(viewerFid, json) as string[];
  const roles = store
    .stmt(`SELECT channel_id AS id, role FROM channel_members WHERE fid = ? AND channel_id IN (${IN_JSON})`)
    .all(viewerFid, json) as { id: string; role: string }[];
  return { follows, roles };
}

/** The viewer's likes (type 1) and recasts (type 2) of any of `hashes`. */
export function viewerCastReactions(
  store: Store,
  viewerFid: number,
  hashes: readonly string[],
): { type: number; target: string }[] {
  return store
    .stmt(`SELECT type, target FROM reactions WHERE fid = ? AND type IN (1, 2) AND target IN (${IN_JSON})`)
    .all(viewerFid, JSON.stringify(hashes)) as { type: number; target: string }[];
}
