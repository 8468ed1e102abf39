// Stored cast rows and the checks routes make before hydrating them.

import { hexValue } from '../../api/params.js';
import { NotFoundError } from '../../protocol/errors.js';
import { IN_JSON, type Store } from '../../store/store.js';

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
  embeds: string;
  mentions: string;
  mentions_positions: string;
  replies_count: number;
  likes_count: number;
  recasts_count: number;
  deleted: number;
}

export type StoredEmbed = { url: string } | { castId: { fid: number; hash: string } };

/** Live (not deleted) rows for the given hashes, keyed by hash. */
export function castRows(store: Store, hashes: readonly string[]): Map<string, CastRow> {
  const out = new Map<string, CastRow>();
  if (!hashes.length) return out;
  const rows = store
    .stmt(`SELECT * FROM casts WHERE hash IN (${IN_JSON}) AND deleted = 0`)
    .all(JSON.stringify([...new Set(hashes)])) as CastRow[];
  for (const row of rows) out.set(row.hash, row);
  return out;
}

/** A cast hash from a request: 0x + 40 hex digits (400 otherwise), lower-cased as stored. */
/** A cast hash given by a client: 20 bytes of 0x-hex. */
export const castHashParam = (value: unknown, property: string): string => hexValue(value, property, 20);

/** The live cast with this hash, or the 404 that names it. */
export function requireCast(store: Store, hash: string, property = 'hash'): CastRow {
  const row = store.stmt('SELECT * FROM casts WHERE hash = ? AND deleted = 0').get(hash) as
    | CastRow
    | undefined;
  if (!row) throw new NotFoundError(`cast ${hash} not found`, property);
  return row;
}

export const parseEmbeds = (row: Pick<CastRow, 'embeds'>): StoredEmbed[] =>
  JSON.parse(row.embeds) as StoredEmbed[];
export const parseNumbers = (json: string): number[] => JSON.parse(json) as number[];
export const isoTime = (ms: number): string => new Date(ms).toISOString();
