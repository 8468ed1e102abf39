// Casts and what indexes them (mentions, quotes, full text): the write path's rows, keyset pages of
// cast hashes (newest first, keyed, ranked), threads, search, and the lookups routes make before writing.
// Pages return hashes; hydrate/cast.ts builds the casts.

import { column, IN_JSON, type Json, rows, StatementFamily, write } from '../statements.js';
import type { Store } from '../store.js';
import type { CastRow, StoredEmbed } from './cast-hydration.js';
import { type KeysetPage, type PageWindow, pager, type SortColumn } from './keyset.js';

const LIVE_CAST_AUTHOR = column<[hash: string], number>(
  'SELECT fid FROM casts WHERE hash = ? AND deleted = 0',
);

/** The author of a live cast, or undefined when there is none with this hash. */
export function liveCastAuthor(store: Store, hash: string): number | undefined {
  return LIVE_CAST_AUTHOR.get(store, hash);
}

type HashPage = KeysetPage<{ hash: string; ts: number }>;
const OLDEST_FIRST = [
  { sql: 'ts', as: 'ts', dir: 'asc' },
  { sql: 'hash', as: 'hash', dir: 'asc' },
] as const;

const HASH_TS_PAGES = pager<{ hash: string; ts: number }>();
const HASH_TOP_PAGES = pager<{ hash: string; top: number }>();
const HASH_S_PAGES = pager<{ hash: string; s: number }>();
const HASH_K_PAGES = pager<{ hash: string; k: number }>();

/** The hashes of a fid's live casts, oldest first. */
export function castHashesByFidPage(store: Store, fid: number, w: PageWindow): HashPage {
  return HASH_TS_PAGES.page(
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
  return HASH_TS_PAGES.page(
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
  return HASH_TS_PAGES.page(
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

const CAST_THREAD_ROW = rows<[hash: string], CastThreadRow>(
  'SELECT hash, fid, parent_hash, root_hash, root_parent_url, channel_id, deleted FROM casts WHERE hash = ?',
);

export function castThreadRow(store: Store, hash: string): CastThreadRow | undefined {
  return CAST_THREAD_ROW.get(store, hash);
}

const CAST_COUNTERS = ['replies_count', 'likes_count', 'recasts_count'] as const;
export type CastCounter = (typeof CAST_COUNTERS)[number];

const ADJUST_CAST_COUNTER = new Map(
  CAST_COUNTERS.map((c) => [
    c,
    write<[delta: number, hash: string]>(`UPDATE casts SET ${c} = MAX(${c} + ?, 0) WHERE hash = ?`),
  ]),
);

/** Moves one of a cast's maintained counters by `delta`, never below 0. */
export function adjustCastCounter(store: Store, hash: string, counter: CastCounter, delta: number): void {
  ADJUST_CAST_COUNTER.get(counter)?.run(store, delta, hash);
}

const MARK_CAST_DELETED = write<[hash: string]>('UPDATE casts SET deleted = 1 WHERE hash = ?');

export function markCastDeleted(store: Store, hash: string): void {
  MARK_CAST_DELETED.run(store, hash);
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
  embeds: Json<StoredEmbed[]>;
  mentions: Json<number[]>;
  mentionsPositions: Json<number[]>;
};

const INSERT_CAST = write<
  [
    hash: string,
    fid: number,
    ts: number,
    type: number,
    text: string,
    parentHash: string | null,
    parentFid: number | null,
    parentUrl: string | null,
    rootHash: string,
    rootParentUrl: string | null,
    channelId: string | null,
    embeds: Json<StoredEmbed[]>,
    mentions: Json<number[]>,
    mentionsPositions: Json<number[]>,
  ]
>(`INSERT INTO casts (hash, fid, ts, type, text, parent_hash, parent_fid, parent_url, root_hash, root_parent_url,
        channel_id, embeds, mentions, mentions_positions) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);

export function insertCast(store: Store, c: NewCast): void {
  INSERT_CAST.run(
    store,
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

const INSERT_CAST_MENTION = write<[castHash: string, fid: number, ts: number]>(
  'INSERT OR IGNORE INTO cast_mentions (cast_hash, fid, ts) VALUES (?, ?, ?)',
);

export function insertCastMention(store: Store, castHash: string, fid: number, ts: number): void {
  INSERT_CAST_MENTION.run(store, castHash, fid, ts);
}

const INSERT_CAST_QUOTE = write<[castHash: string, quotedHash: string, ts: number]>(
  'INSERT OR IGNORE INTO cast_quotes (cast_hash, quoted_hash, ts) VALUES (?, ?, ?)',
);

export function insertCastQuote(store: Store, castHash: string, quotedHash: string, ts: number): void {
  INSERT_CAST_QUOTE.run(store, castHash, quotedHash, ts);
}

/** Which casts a page holds: conditions on `casts c`, ANDed, with their binds in order. */
export interface CastFilter {
  where: string[];
  binds: unknown[];
  /** Extra joins after `FROM casts c` (their binds come first). */
  join?: string;
}

/** What a feed or a search selects, as plain values; `castFilter` turns it into a CastFilter. */
export interface CastSelection {
  /** An FTS5 query the text must match. */
  match?: string;
  fid?: number;
  fids?: readonly number[];
  channelId?: string;
  channelIds?: readonly string[];
  parentUrl?: string;
  parentUrls?: readonly string[];
  /** The URL the cast's thread was posted under. */
  rootParentUrl?: string;
  rootParentUrls?: readonly string[];
  /** Only casts that are not replies. */
  topLevel?: boolean;
  /** Only casts by members of their channel (the hosted API's members_only). */
  membersOnly?: boolean;
  /** Only casts with a URL embed starting with this. */
  embedUrlPrefix?: string;
  /** Only casts embedding a known mini app (by its URL). */
  frames?: boolean;
}

export function castFilter(s: CastSelection): CastFilter {
  const where: string[] = [];
  const binds: unknown[] = [];
  const add = (sql: string, ...b: unknown[]) => {
    where.push(sql);
    binds.push(...b);
  };
  if (s.match !== undefined) add('c.rowid IN (SELECT rowid FROM casts_fts WHERE casts_fts MATCH ?)', s.match);
  if (s.fid !== undefined) add('c.fid = ?', s.fid);
  if (s.fids) add(`c.fid IN (${IN_JSON})`, JSON.stringify(s.fids));
  if (s.channelId !== undefined) add('c.channel_id = ?', s.channelId);
  if (s.channelIds) add(`c.channel_id IN (${IN_JSON})`, JSON.stringify(s.channelIds));
  if (s.parentUrl !== undefined) add('c.parent_url = ?', s.parentUrl);
  if (s.parentUrls) add(`c.parent_url IN (${IN_JSON})`, JSON.stringify(s.parentUrls));
  if (s.rootParentUrl !== undefined) add('c.root_parent_url = ?', s.rootParentUrl);
  if (s.rootParentUrls) add(`c.root_parent_url IN (${IN_JSON})`, JSON.stringify(s.rootParentUrls));
  if (s.topLevel) add('c.parent_hash IS NULL');
  if (s.membersOnly) {
    add('EXISTS (SELECT 1 FROM channel_members m WHERE m.channel_id = c.channel_id AND m.fid = c.fid)');
  }
  if (s.embedUrlPrefix !== undefined) {
    add(
      `EXISTS (SELECT 1 FROM json_each(c.embeds) e WHERE substr(json_extract(e.value, '$.url'), 1, length(?)) = ?)`,
      s.embedUrlPrefix,
      s.embedUrlPrefix,
    );
  }
  if (s.frames) {
    add(
      `EXISTS (SELECT 1 FROM json_each(c.embeds) e JOIN miniapps m ON m.url = json_extract(e.value, '$.url'))`,
    );
  }
  return { where, binds };
}

const NEWEST_FIRST: SortColumn<'hash' | 'ts'>[] = [
  { sql: 'c.ts', as: 'ts', dir: 'desc' },
  { sql: 'c.hash', as: 'hash', dir: 'desc' },
];

const OLDEST_CASTS_FIRST: SortColumn<'hash' | 'ts'>[] = [
  { sql: 'c.ts', as: 'ts', dir: 'asc' },
  { sql: 'c.hash', as: 'hash', dir: 'asc' },
];

/** Which way a chronological page runs: newest first (every feed) or oldest first (search's chron). */
export type TimeOrder = 'newest' | 'oldest';

/** Live casts matching `filter` by (ts, hash), newest first unless asked oldest first. */
export function castsPage(
  store: Store,
  filter: CastFilter,
  w: PageWindow,
  order: TimeOrder = 'newest',
): KeysetPage<{ hash: string; ts: number }> {
  return HASH_TS_PAGES.page(
    store,
    {
      select: `SELECT c.hash, c.ts FROM casts c ${filter.join ?? ''}`,
      where: ['c.deleted = 0', ...filter.where],
      binds: filter.binds,
      order: order === 'newest' ? NEWEST_FIRST : OLDEST_CASTS_FIRST,
    },
    w,
  );
}

/** A SELECT with its binds, that a page function wraps. */
export interface Subquery {
  sql: string;
  binds: unknown[];
}

/**
 * Casts from `inner` (a SELECT yielding (hash, k), possibly the same hash several times, e.g. a cast
 * and its recasts): each cast once, at its highest k, highest first.
 */
export function keyedCastsPage(
  store: Store,
  inner: Subquery,
  w: PageWindow,
): KeysetPage<{ hash: string; top: number }> {
  return HASH_TOP_PAGES.page(
    store,
    {
      select: `SELECT hash, MAX(k) AS top FROM (${inner.sql})`,
      groupBy: 'hash',
      binds: inner.binds,
      order: [
        { sql: 'MAX(k)', as: 'top', dir: 'desc' },
        { sql: 'hash', as: 'hash', dir: 'desc' },
      ],
    },
    w,
  );
}

/** Casts from `scored` (a SELECT yielding (hash, s)), highest score first. */
export function rankedCastsPage(
  store: Store,
  scored: Subquery,
  w: PageWindow,
): KeysetPage<{ hash: string; s: number }> {
  return HASH_S_PAGES.page(
    store,
    {
      with: `WITH m AS MATERIALIZED (${scored.sql})`,
      select: 'SELECT hash, s FROM m',
      binds: scored.binds,
      order: [
        { sql: 's', as: 's', dir: 'desc' },
        { sql: 'hash', as: 'hash', dir: 'desc' },
      ],
    },
    w,
  );
}

/** A user's replies, the casts they recast (keyed by the recast's time), or both: for keyedCastsPage. */
export function repliesAndRecastsOf(fid: number, which: 'all' | 'replies' | 'recasts'): Subquery {
  const replies = 'SELECT hash, ts AS k FROM casts WHERE fid = ? AND parent_hash IS NOT NULL AND deleted = 0';
  const recasts = `SELECT r.target AS hash, r.ts AS k FROM reactions r
      JOIN casts c ON c.hash = r.target AND c.deleted = 0 WHERE r.fid = ? AND r.type = 2`;
  if (which === 'replies') return { sql: replies, binds: [fid] };
  if (which === 'recasts') return { sql: recasts, binds: [fid] };
  return { sql: `${replies} UNION ALL ${recasts}`, binds: [fid, fid] };
}

const POPULAR_CAST_HASHES = column<
  [fid: number, limit: number],
  string
>(`SELECT hash FROM casts WHERE fid = ? AND deleted = 0
       ORDER BY likes_count + 2 * recasts_count + replies_count DESC, ts DESC LIMIT ?`);

/** A user's most engaged-with live casts. */
export function popularCastHashes(store: Store, fid: number, limit: number): string[] {
  return POPULAR_CAST_HASHES.all(store, fid, limit);
}

const SEARCH_DAY_MS = 86_400_000;

/**
 * Search hits scored for rankedCastsPage: relevance (bm25, lower is better) plus a recency boost
 * that halves every few days, measured from `anchor`.
 */
export function searchScores(s: CastSelection & { match: string }, anchor: number): Subquery {
  const rest = castFilter({ ...s, match: undefined });
  return {
    sql: `SELECT c.hash, -bm25(casts_fts) + 2.0 / (1.0 + (? - c.ts) / ${SEARCH_DAY_MS}.0) AS s
          FROM casts_fts JOIN casts c ON c.rowid = casts_fts.rowid
          WHERE casts_fts MATCH ? AND ${[...rest.where, 'c.deleted = 0'].join(' AND ')}`,
    binds: [anchor, s.match, ...rest.binds],
  };
}

/** How many live casts matching `filter` fall in each `bucketMs` bucket of [start, end), by bucket number. */
export function castCountsByBucket(
  store: Store,
  filter: CastFilter,
  span: { start: number; end: number; bucketMs: number },
): { b: number; n: number }[] {
  return BUCKET_COUNTS.on(
    store,
    `SELECT CAST((c.ts - ?) / ? AS INTEGER) AS b, COUNT(*) AS n FROM casts c
     WHERE c.deleted = 0 AND c.ts >= ? AND c.ts < ? AND ${filter.where.join(' AND ')} GROUP BY b`,
  ).all(span.start, span.bucketMs, span.start, span.end, ...filter.binds);
}

const BUCKET_COUNTS = new StatementFamily<{ b: number; n: number }>();

/** How a cast's direct replies are ordered in a conversation. */
export type ReplySort = 'chron' | 'desc_chron' | 'algorithmic';

const ENGAGEMENT = '(c.likes_count + 2 * c.recasts_count + c.replies_count)';

const REPLY_ORDER: Record<ReplySort, SortColumn<'k' | 'hash'>[]> = {
  chron: [
    { sql: 'c.ts', as: 'k', dir: 'asc' },
    { sql: 'c.hash', as: 'hash', dir: 'asc' },
  ],
  desc_chron: [
    { sql: 'c.ts', as: 'k', dir: 'desc' },
    { sql: 'c.hash', as: 'hash', dir: 'desc' },
  ],
  algorithmic: [
    { sql: ENGAGEMENT, as: 'k', dir: 'desc' },
    { sql: 'c.hash', as: 'hash', dir: 'desc' },
  ],
};

/**
 * A page of a cast's live direct replies. `fold` splits them: above are replies with some
 * engagement, by power users, or by the cast's own author; below are the others.
 */
export function repliesPage(
  store: Store,
  parent: { hash: string; fid: number },
  o: { sort: ReplySort; fold?: 'above' | 'below' },
  w: PageWindow,
): KeysetPage<{ hash: string; k: number }> {
  const order = REPLY_ORDER[o.sort];
  const where = ['c.parent_hash = ?', 'c.deleted = 0'];
  const binds: unknown[] = [parent.hash];
  if (o.fold) {
    const quality = `(${ENGAGEMENT} > 0 OR c.fid = ? OR EXISTS (SELECT 1 FROM users u WHERE u.fid = c.fid AND u.power_badge = 1))`;
    where.push(o.fold === 'above' ? quality : `NOT ${quality}`);
    binds.push(parent.fid);
  }
  return HASH_K_PAGES.page(
    store,
    { select: `SELECT c.hash, ${order[0]!.sql} AS k FROM casts c`, where, binds, order },
    w,
  );
}

/** Up to `perParent` live replies under each of `parents`, in the conversation's order. */
export function firstRepliesOf(
  store: Store,
  parents: readonly string[],
  sort: ReplySort,
  perParent: number,
): { hash: string; parent_hash: string }[] {
  const order = REPLY_ORDER[sort].map((c) => `${c.sql} ${c.dir.toUpperCase()}`).join(', ');
  return FIRST_REPLIES.on(
    store,
    `SELECT hash, parent_hash FROM (
       SELECT c.hash, c.parent_hash, ROW_NUMBER() OVER (PARTITION BY c.parent_hash ORDER BY ${order}) AS n
       FROM casts c WHERE c.parent_hash IN (${IN_JSON}) AND c.deleted = 0
     ) WHERE n <= ? ORDER BY n`,
  ).all(JSON.stringify(parents), perParent);
}

const FIRST_REPLIES = new StatementFamily<{ hash: string; parent_hash: string }>();

const ANCESTOR_HASHES = column<[parentHash: string], string>(`WITH RECURSIVE up (hash, parent_hash, d) AS (
         SELECT hash, parent_hash, 1 FROM casts WHERE hash = ?
         UNION ALL SELECT c.hash, c.parent_hash, up.d + 1 FROM casts c JOIN up ON c.hash = up.parent_hash WHERE up.d < 100
       ) SELECT hash FROM up ORDER BY d DESC`);

/** The hashes above a cast whose parent is `parentHash`: from the thread's root down to that parent. */
export function ancestorHashes(store: Store, parentHash: string): string[] {
  return ANCESTOR_HASHES.all(store, parentHash);
}

const THREAD_CASTS = rows<
  [root_hash: string, hash: string, limit: number],
  { hash: string; fid: number; mentions: Json<number[]>; likes_count: number }
>(`SELECT hash, fid, mentions, likes_count FROM casts WHERE root_hash = ? AND deleted = 0 AND hash != ?
       ORDER BY ts LIMIT ?`);

/** The first `limit` live casts of a thread other than `cast`, oldest first. */
export function threadCasts(
  store: Store,
  cast: { root_hash: string; hash: string },
  limit: number,
): { hash: string; fid: number; mentions: Json<number[]>; likes_count: number }[] {
  return THREAD_CASTS.all(store, cast.root_hash, cast.hash, limit);
}

const CAST_BY_HASH_PREFIX = rows<[fid: number, length: number, prefix: string], CastRow>(
  `SELECT * FROM casts WHERE fid = ? AND deleted = 0 AND substr(hash, 1, ?) = ? ORDER BY ts DESC LIMIT 1`,
);

/** The newest live cast by `fid` whose hash starts with `prefix` (lower-case 0x-hex). */
export function castByHashPrefix(store: Store, fid: number, prefix: string): CastRow | undefined {
  return CAST_BY_HASH_PREFIX.get(store, fid, prefix.length, prefix);
}

const MENTIONS_BY = rows<
  [mentioned: number, fid: number, limit: number],
  { ts: number; hash: string }
>(`SELECT c.ts, c.hash FROM cast_mentions m JOIN casts c ON c.hash = m.cast_hash AND c.deleted = 0
       WHERE m.fid = ? AND c.fid = ? ORDER BY c.ts DESC LIMIT ?`);

/** When `fid` mentioned `mentioned`, newest first: (time, mentioning cast). */
export function mentionsBy(
  store: Store,
  fid: number,
  mentioned: number,
  limit: number,
): { ts: number; hash: string }[] {
  return MENTIONS_BY.all(store, mentioned, fid, limit);
}

const REPLIES_BY = rows<[fid: number, parentFid: number, limit: number], { ts: number; hash: string }>(
  `SELECT ts, hash FROM casts WHERE fid = ? AND parent_fid = ? AND deleted = 0 ORDER BY ts DESC LIMIT ?`,
);

/** When `fid` replied to casts by `parentFid`, newest first: (time, reply). */
export function repliesBy(
  store: Store,
  fid: number,
  parentFid: number,
  limit: number,
): { ts: number; hash: string }[] {
  return REPLIES_BY.all(store, fid, parentFid, limit);
}

const QUOTES_BY = rows<
  [fid: number, quotedFid: number, limit: number],
  { ts: number; hash: string }
>(`SELECT c.ts, c.hash FROM casts c JOIN cast_quotes q ON q.cast_hash = c.hash
       JOIN casts p ON p.hash = q.quoted_hash WHERE c.fid = ? AND p.fid = ? AND c.deleted = 0 ORDER BY c.ts DESC LIMIT ?`);

/** When `fid` quoted casts by `quotedFid`, newest first: (time, quoting cast). */
export function quotesBy(
  store: Store,
  fid: number,
  quotedFid: number,
  limit: number,
): { ts: number; hash: string }[] {
  return QUOTES_BY.all(store, fid, quotedFid, limit);
}

const CASTS_MATCHING = column<[match: string], number>(
  `SELECT COUNT(*) FROM casts_fts JOIN casts c ON c.rowid = casts_fts.rowid
       WHERE casts_fts MATCH ? AND c.deleted = 0`,
);

/** Live casts whose text matches an FTS5 query (a token's symbol as a phrase). */
export function castsMatchingCount(store: Store, match: string): number {
  return CASTS_MATCHING.get(store, match) ?? 0;
}

const CASTS_POINTING_AT = column<[hash: string, hash: string], string>(
  `SELECT hash FROM casts WHERE parent_hash = ? AND deleted = 0
   UNION SELECT q.cast_hash FROM cast_quotes q JOIN casts c ON c.hash = q.cast_hash AND c.deleted = 0
     WHERE q.quoted_hash = ?`,
);

/** The live casts that reply to or quote the cast `hash` (their messages name it). */
export function castsPointingAt(store: Store, hash: string): string[] {
  return CASTS_POINTING_AT.all(store, hash, hash);
}

const CASTS_MENTIONING = column<[fid: number], string>(
  `SELECT m.cast_hash FROM cast_mentions m JOIN casts c ON c.hash = m.cast_hash AND c.deleted = 0
   WHERE m.fid = ?`,
);

/** The live casts that mention `fid`. */
export function castsMentioning(store: Store, fid: number): string[] {
  return CASTS_MENTIONING.all(store, fid);
}
