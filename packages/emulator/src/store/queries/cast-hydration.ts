// What the hydrators (hydrate/) read to build casts: whole cast rows by hash, and each cast's newest reactors.

import { IN_JSON, type Json, rows } from '../statements.js';
import type { Store } from '../store.js';

/** A cast's embed as stored: a URL, or another cast by id. */
export type StoredEmbed = { url: string } | { castId: { fid: number; hash: string } };

/** A `casts` row as stored; embeds, mentions and mentions_positions are JSON arrays. */
export interface CastRow {
  hash: string;
  fid: number;
  ts: number;
  text: string;
  parent_hash: string | null;
  parent_fid: number | null;
  parent_url: string | null;
  root_hash: string;
  root_parent_url: string | null;
  channel_id: string | null;
  embeds: Json<StoredEmbed[]>;
  mentions: Json<number[]>;
  mentions_positions: Json<number[]>;
  replies_count: number;
  likes_count: number;
  recasts_count: number;
  deleted: number;
}

const LIVE_CAST_ROWS = rows<[hashes: string], CastRow>(
  `SELECT * FROM casts WHERE hash IN (${IN_JSON}) AND deleted = 0`,
);

/** The live (not deleted) rows among `hashes`, in no particular order. */
export function liveCastRows(store: Store, hashes: readonly string[]): CastRow[] {
  return LIVE_CAST_ROWS.all(store, JSON.stringify(hashes));
}

const LIVE_CAST_ROW = rows<[hash: string], CastRow>('SELECT * FROM casts WHERE hash = ? AND deleted = 0');

export function liveCastRow(store: Store, hash: string): CastRow | undefined {
  return LIVE_CAST_ROW.get(store, hash);
}

const CAST_ROW_ANY_STATE = rows<[hash: string], CastRow>('SELECT * FROM casts WHERE hash = ?');

/** The row for this hash whether deleted or not (a cast.deleted event shows the cast as it was). */
export function castRowAnyState(store: Store, hash: string): CastRow | undefined {
  return CAST_ROW_ANY_STATE.get(store, hash);
}

/** How many recent likers / recasters a cast lists next to its counts. */
const RECENT_REACTORS = 5;

/**
 * One row per (cast, type 1 like / 2 recast): `reactors` is a JSON array of `[fid, username, known]`
 * for its newest few reactions, newest first; `known` is 0 for a reactor the store has no user for.
 */
export type RecentReactorsRow = {
  target: string;
  type: number;
  reactors: Json<[fid: number, username: string | null, known: number][]>;
};

const RECENT_REACTOR_ROWS = rows<[hashes: string], RecentReactorsRow>(`SELECT j.value AS target, t.type, (
         SELECT json_group_array(json_array(x.fid, u.username, u.fid IS NOT NULL) ORDER BY x.ts DESC, x.fid)
         FROM (SELECT fid, ts FROM reactions WHERE target = j.value AND type = t.type
           ORDER BY ts DESC, fid LIMIT ${RECENT_REACTORS}) x LEFT JOIN users u ON u.fid = x.fid
       ) AS reactors FROM json_each(?) j CROSS JOIN (SELECT 1 AS type UNION ALL SELECT 2) t`);

export function recentReactorRows(store: Store, hashes: readonly string[]): RecentReactorsRow[] {
  // Each (cast, type) reads only its newest few entries of reactions_target (covering, in order);
  // a reactor the store has no user for takes its place in the few but is not listed.
  return RECENT_REACTOR_ROWS.all(store, JSON.stringify(hashes));
}
