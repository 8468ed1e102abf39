// Casts and what indexes them (mentions, quotes).
import type { Store } from '../store.js';
import { type KeysetPage, keysetPage, type PageWindow } from './keyset.js';

/** The author of a live cast, or undefined when there is none with this hash. */
export function liveCastAuthor(store: Store, hash: string): number | undefined {
  return store.stmt('SELECT fid FROM casts WHERE hash = ? AND deleted = 0').pluck().get(hash) as
    | number
    | undefined;
}

type HashPage = KeysetPage<{ hash: string; ts: number }>;
const OLDEST_FIRST = [
  { sql: 'ts', as: 'ts', dir: 'asc' },
  { sql: 'hash', as: 'hash', dir: 'asc' },
] as const;

/** The hashes of a fid's live casts, oldest first. */
export function castHashesByFidPage(store: Store, fid: number, w: PageWindow): HashPage {
  return keysetPage(
    store,
    {
      select: 'SELECT hash, ts FROM casts',
      where: ['fid = ?', 'deleted = 0'],
      binds: [fid],
      order: OLDEST_FIRST,
    },
    w,
  );
}

/** The hashes of the live replies to a cast, or of the live casts under a URL, oldest first. */
export function castHashesByParentPage(
  store: Store,
  parent: { hash: string } | { url: string },
  w: PageWindow,
): HashPage {
  return keysetPage(
    store,
    {
      select: 'SELECT hash, ts FROM casts',
      where: ['hash' in parent ? 'parent_hash = ?' : 'parent_url = ?', 'deleted = 0'],
      binds: ['hash' in parent ? parent.hash : parent.url],
      order: OLDEST_FIRST,
    },
    w,
  );
}

/** The hashes of the live casts that mention a fid, oldest first. */
export function castHashesMentioningPage(store: Store, fid: number, w: PageWindow): HashPage {
  return keysetPage(
    store,
    {
      select: 'SELECT m.cast_hash AS hash, m.ts FROM cast_mentions m JOIN casts c ON c.hash = m.cast_hash',
      where: ['m.fid = ?', 'c.deleted = 0'],
      binds: [fid],
      order: [
        { sql: 'm.ts', as: 'ts', dir: 'asc' },
        { sql: 'm.cast_hash', as: 'hash', dir: 'asc' },
      ],
    },
    w,
  );
}

/** What the write path needs of a cast it replies to or removes. */
export type CastThreadRow = {
  hash: string;
  fid: number;
  parent_hash: string | null;
  root_hash: string;
  root_parent_url: string | null;
  channel_id: string | null;
  deleted: number;
};

export function castThreadRow(store: Store, hash: string): CastThreadRow | undefined {
  return store
    .stmt(
      'SELECT hash, fid, parent_hash, root_hash, root_parent_url, channel_id, deleted FROM casts WHERE hash = ?',
    )
    .get(hash) as CastThreadRow | undefined;
}

export type CastCounter = 'replies_count' | 'likes_count' | 'recasts_count';

/** Moves one of a cast's maintained counters by `delta`, never below 0. */
export function adjustCastCounter(store: Store, hash: string, counter: CastCounter, delta: number): void {
  store.stmt(`UPDATE casts SET ${counter} = MAX(${counter} + ?, 0) WHERE hash = ?`).run(delta, hash);
}

export function markCastDeleted(store: Store, hash: string): void {
  store.stmt('UPDATE casts SET deleted = 1 WHERE hash = ?').run(hash);
}

export type NewCast = {
  hash: string;
  fid: number;
  ts: number;
  type: number;
  text: string;
  parentHash: string | null;
  parentFid: number | null;
  parentUrl: string | null;
  rootHash: string;
  rootParentUrl: string | null;
  channelId: string | null;
  /** JSON: `[{url}|{castId:{fid,hash}}]` */
  embeds: string;
  /** JSON arrays */
  mentions: string;
  mentionsPositions: string;
};

export function insertCast(store: Store, c: NewCast): void {
  store
    .stmt(
      `INSERT INTO casts (hash, fid, ts, type, text, parent_hash, parent_fid, parent_url, root_hash, root_parent_url,
        channel_id, embeds, mentions, mentions_positions) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      c.hash,
      c.fid,
      c.ts,
      c.type,
      c.text,
      c.parentHash,
      c.parentFid,
      c.parentUrl,
      c.rootHash,
      c.rootParentUrl,
      c.channelId,
      c.embeds,
      c.mentions,
      c.mentionsPositions,
    );
}

export function insertCastMention(store: Store, castHash: string, fid: number, ts: number): void {
  store
    .stmt('INSERT OR IGNORE INTO cast_mentions (cast_hash, fid, ts) VALUES (?, ?, ?)')
    .run(castHash, fid, ts);
}

export function insertCastQuote(store: Store, castHash: string, quotedHash: string, ts: number): void {
  store
    .stmt('INSERT OR IGNORE INTO cast_quotes (cast_hash, quoted_hash, ts) VALUES (?, ?, ?)')
    .run(castHash, quotedHash, ts);
}
