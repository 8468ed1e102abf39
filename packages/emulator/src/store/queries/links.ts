// Reads of links (follows).
import type { Store } from '../store.js';

/** When `fid` followed `target`, if it does. */
export function followedAt(store: Store, fid: number, target: number): number | undefined {
  return store
    .stmt(`SELECT ts FROM links WHERE fid = ? AND type = 'follow' AND target_fid = ?`)
    .pluck()
    .get(fid, target) as number | undefined;
}
