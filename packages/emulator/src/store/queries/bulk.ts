// Bulk loading (the seed): millions of rows written directly, by statements prepared once and run
// with positional arguments (no object per row) through a RowSink (batched on the store's connection,
// or written by a worker thread), into tables stripped of secondary indexes and triggers; then
// indexes, counters and statistics are rebuilt in single passes.
import { closeSync, fsyncSync, openSync } from 'node:fs';
import { codeOf } from '../../ground/thrown.js';
import { recountChannels } from '../channel-counters.js';
import { ConnectionRows, type RowSink } from '../row-batches.js';
import { ThreadRows } from '../row-thread.js';
import { column, rows, write } from '../statements.js';
import type { Store } from '../store.js';

/** Every seeded on-chain event is on OP mainnet. */
const CHAIN_ID = 10;

type Text = string | null;
type Num = number | null;

const INSERT_USER = write<
  [
    fid: number,
    username: string,
    displayName: string,
    bio: string,
    pfpUrl: string,
    url: Text,
    custodyAddress: string,
    recoveryAddress: string,
    locationLat: Num,
    locationLng: Num,
    locationDescription: Text,
    twitter: Text,
    github: Text,
    registeredAt: number,
  ]
>(`INSERT INTO users (fid, username, display_name, bio, pfp_url, url, custody_address, recovery_address,
        location_lat, location_lng, location_description, twitter, github, registered_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
const INSERT_USER_DATA = write<[fid: number, type: number, value: string, hash: string, ts: number]>(
  'INSERT INTO user_data (fid, type, value, hash, ts) VALUES (?, ?, ?, ?, ?)',
);
const INSERT_ONCHAIN_EVENT = write<
  [
    id: number,
    type: number,
    fid: number,
    blockNumber: number,
    blockHash: string,
    blockTimestamp: number,
    txHash: string,
    address: string,
    body: string,
  ]
>(`INSERT INTO onchain_events (id, type, fid, chain_id, block_number, block_hash, block_timestamp, tx_hash,
        log_index, tx_index, address, body) VALUES (?, ?, ?, ${CHAIN_ID}, ?, ?, ?, ?, 0, 0, ?, ?)`);
const INSERT_STORAGE_RENT = write<
  [id: number, fid: number, units: number, payer: string, rentedAt: number, expiresAt: number]
>('INSERT INTO storage_rent (id, fid, units, payer, rented_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)');
const INSERT_SIGNER = write<
  [
    signerUuid: string,
    publicKey: string,
    privateKey: Buffer,
    fid: number,
    appFid: number,
    createdAt: number,
    updatedAt: number,
  ]
>(`INSERT INTO signers (signer_uuid, public_key, private_key, fid, app_fid, status, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, 'approved', ?, ?)`);
const INSERT_ACTIVE_KEY = write<[fid: number, publicKey: string, appFid: number, addedAt: number]>(
  'INSERT INTO active_keys (fid, public_key, app_fid, added_at) VALUES (?, ?, ?, ?)',
);
const INSERT_USERNAME_PROOF = write<
  [name: string, fid: number, owner: string, timestamp: number, signature: Buffer]
>('INSERT INTO username_proofs (name, fid, owner, type, timestamp, signature) VALUES (?, ?, ?, 1, ?, ?)');
const INSERT_VERIFICATION = write<
  [fid: number, address: string, protocol: string, blockHash: string, hash: string, ts: number]
>('INSERT INTO verifications (fid, address, protocol, block_hash, hash, ts) VALUES (?, ?, ?, ?, ?, ?)');
const INSERT_FOLLOW = write<[fid: number, targetFid: number, hash: string, ts: number]>(
  "INSERT INTO links (fid, type, target_fid, hash, ts) VALUES (?, 'follow', ?, ?, ?)",
);
const INSERT_CHANNEL = write<
  [
    id: string,
    url: string,
    name: string,
    description: string,
    imageUrl: string,
    leadFid: number,
    createdAt: number,
  ]
>(
  'INSERT INTO channels (id, url, name, description, image_url, lead_fid, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
);
const INSERT_CHANNEL_MEMBER = write<[channelId: string, fid: number, role: string, createdAt: number]>(
  'INSERT INTO channel_members (channel_id, fid, role, created_at) VALUES (?, ?, ?, ?)',
);
const INSERT_CHANNEL_FOLLOW = write<[channelId: string, fid: number, createdAt: number]>(
  'INSERT OR IGNORE INTO channel_follows (channel_id, fid, created_at) VALUES (?, ?, ?)',
);
const INSERT_CHANNEL_INVITE = write<
  [channelId: string, invitedFid: number, inviterFid: number, role: string, createdAt: number]
>(
  'INSERT INTO channel_invites (channel_id, invited_fid, inviter_fid, role, created_at) VALUES (?, ?, ?, ?, ?)',
);
const INSERT_CAST = write<
  [
    hash: string,
    fid: number,
    ts: number,
    text: string,
    parentHash: Text,
    parentFid: Num,
    parentUrl: Text,
    rootHash: string,
    rootParentUrl: Text,
    channelId: Text,
    embeds: string,
    mentions: string,
    mentionsPositions: string,
    repliesCount: number,
    likesCount: number,
    recastsCount: number,
  ]
>(`INSERT INTO casts (hash, fid, ts, text, parent_hash, parent_fid, parent_url, root_hash, root_parent_url,
        channel_id, embeds, mentions, mentions_positions, replies_count, likes_count, recasts_count)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
const INSERT_CAST_MENTION = write<[castHash: string, fid: number, ts: number]>(
  'INSERT OR IGNORE INTO cast_mentions (cast_hash, fid, ts) VALUES (?, ?, ?)',
);
const INSERT_CAST_QUOTE = write<[castHash: string, quotedHash: string, ts: number]>(
  'INSERT OR IGNORE INTO cast_quotes (cast_hash, quoted_hash, ts) VALUES (?, ?, ?)',
);
const INSERT_REACTION = write<
  [fid: number, type: number, target: string, targetFid: Num, hash: string, ts: number]
>('INSERT INTO reactions (fid, type, target, target_fid, hash, ts) VALUES (?, ?, ?, ?, ?, ?)');

/** Inserts into the derived tables, one function per table, arguments in column order. */
export function bulkInserts(batches: RowSink) {
  const user = batches.ofReferenced(INSERT_USER);
  const userData = batches.of(INSERT_USER_DATA);
  const chain = batches.of(INSERT_ONCHAIN_EVENT);
  const rent = batches.of(INSERT_STORAGE_RENT);
  const signer = batches.of(INSERT_SIGNER);
  const key = batches.of(INSERT_ACTIVE_KEY);
  const proof = batches.of(INSERT_USERNAME_PROOF);
  const verification = batches.of(INSERT_VERIFICATION);
  const link = batches.of(INSERT_FOLLOW);
  const channel = batches.ofReferenced(INSERT_CHANNEL);
  const member = batches.of(INSERT_CHANNEL_MEMBER);
  const channelFollow = batches.of(INSERT_CHANNEL_FOLLOW);
  const invite = batches.of(INSERT_CHANNEL_INVITE);
  const cast = batches.of(INSERT_CAST);
  const mention = batches.of(INSERT_CAST_MENTION);
  const quote = batches.of(INSERT_CAST_QUOTE);
  const reaction = batches.of(INSERT_REACTION);
  return {
    user(
      fid: number,
      username: string,
      displayName: string,
      bio: string,
      pfpUrl: string,
      url: Text,
      custodyAddress: string,
      recoveryAddress: string,
      locationLat: Num,
      locationLng: Num,
      locationDescription: Text,
      twitter: Text,
      github: Text,
      registeredAt: number,
    ): void {
      user(
        fid,
        username,
        displayName,
        bio,
        pfpUrl,
        url,
        custodyAddress,
        recoveryAddress,
        locationLat,
        locationLng,
        locationDescription,
        twitter,
        github,
        registeredAt,
      );
    },
    userData(fid: number, type: number, value: string, hash: string, ts: number): void {
      userData(fid, type, value, hash, ts);
    },
    /** `blockTimestamp` in unix seconds; `body` is the event's JSON. */
    onchainEvent(
      id: number,
      type: number,
      fid: number,
      blockNumber: number,
      blockHash: string,
      blockTimestamp: number,
      txHash: string,
      address: string,
      body: string,
    ): void {
      chain(id, type, fid, blockNumber, blockHash, blockTimestamp, txHash, address, body);
    },
    storageRent(
      id: number,
      fid: number,
      units: number,
      payer: string,
      rentedAt: number,
      expiresAt: number,
    ): void {
      rent(id, fid, units, payer, rentedAt, expiresAt);
    },
    /** An approved managed signer. */
    signer(
      signerUuid: string,
      publicKey: string,
      privateKey: Buffer,
      fid: number,
      appFid: number,
      createdAt: number,
      updatedAt: number,
    ): void {
      signer(signerUuid, publicKey, privateKey, fid, appFid, createdAt, updatedAt);
    },
    activeKey(fid: number, publicKey: string, appFid: number, addedAt: number): void {
      key(fid, publicKey, appFid, addedAt);
    },
    /** An fname proof; `timestamp` in unix seconds. */
    usernameProof(name: string, fid: number, owner: string, timestamp: number, signature: Buffer): void {
      proof(name, fid, owner, timestamp, signature);
    },
    verification(
      fid: number,
      address: string,
      protocol: string,
      blockHash: string,
      hash: string,
      ts: number,
    ): void {
      verification(fid, address, protocol, blockHash, hash, ts);
    },
    follow(fid: number, targetFid: number, hash: string, ts: number): void {
      link(fid, targetFid, hash, ts);
    },
    channel(
      id: string,
      url: string,
      name: string,
      description: string,
      imageUrl: string,
      leadFid: number,
      createdAt: number,
    ): void {
      channel(id, url, name, description, imageUrl, leadFid, createdAt);
    },
    channelMember(channelId: string, fid: number, role: string, createdAt: number): void {
      member(channelId, fid, role, createdAt);
    },
    /** Ignored when the fid already follows the channel. */
    channelFollow(channelId: string, fid: number, createdAt: number): void {
      channelFollow(channelId, fid, createdAt);
    },
    channelInvite(
      channelId: string,
      invitedFid: number,
      inviterFid: number,
      role: string,
      createdAt: number,
    ): void {
      invite(channelId, invitedFid, inviterFid, role, createdAt);
    },
    /** `embeds`, `mentions` and `mentionsPositions` are JSON; the counts are final (not recounted). */
    cast(
      hash: string,
      fid: number,
      ts: number,
      text: string,
      parentHash: Text,
      parentFid: Num,
      parentUrl: Text,
      rootHash: string,
      rootParentUrl: Text,
      channelId: Text,
      embeds: string,
      mentions: string,
      mentionsPositions: string,
      repliesCount: number,
      likesCount: number,
      recastsCount: number,
    ): void {
      cast(
        hash,
        fid,
        ts,
        text,
        parentHash,
        parentFid,
        parentUrl,
        rootHash,
        rootParentUrl,
        channelId,
        embeds,
        mentions,
        mentionsPositions,
        repliesCount,
        likesCount,
        recastsCount,
      );
    },
    /** Ignored when the cast already mentions the fid. */
    castMention(castHash: string, fid: number, ts: number): void {
      mention(castHash, fid, ts);
    },
    /** Ignored when the cast already quotes that cast. */
    castQuote(castHash: string, quotedHash: string, ts: number): void {
      quote(castHash, quotedHash, ts);
    },
    /** `target` is a cast hash (with `targetFid`) or a URL (`targetFid` null). */
    reaction(fid: number, type: number, target: string, targetFid: Num, hash: string, ts: number): void {
      reaction(fid, type, target, targetFid, hash, ts);
    },
  };
}

export type BulkInserts = ReturnType<typeof bulkInserts>;

const INSERT_MESSAGE = write<
  [
    hash: Uint8Array,
    fid: number,
    type: number,
    timestamp: number,
    dataBytes: Uint8Array,
    signature: Uint8Array | null,
    signerId: number,
  ]
>(
  `INSERT INTO messages (hash, fid, type, timestamp, data_bytes, signature, signer_id)
   VALUES (?, ?, ?, ?, ?, ?, ?)`,
);
const INSERT_MESSAGE_SIGNER = write<[id: number, publicKey: string]>(
  'INSERT INTO message_signers (id, public_key) VALUES (?, ?)',
);
const MESSAGE_SIGNERS = rows<[], { id: number; public_key: string }>(
  'SELECT id, public_key FROM message_signers',
);
const INSERT_HUB_EVENT = write<
  [
    type: number,
    messageHash: Text,
    onchainEventId: Num,
    usernameProofName: Text,
    blockNumber: number,
    ts: number,
  ]
>(`INSERT INTO hub_events (type, message_hash, deleted_hashes, onchain_event_id, username_proof_name,
        block_number, shard_index, ts) VALUES (?, ?, '[]', ?, ?, ?, 1, ?)`);

/**
 * The protocol log as bulk-seeded rows are stored: messages without a crdt_key, their signature
 * null when deferred to first read; hub events that delete nothing.
 */
export function bulkMessageInserts(store: Store, batches: RowSink) {
  const message = batches.of(INSERT_MESSAGE);
  const addSigner = batches.of(INSERT_MESSAGE_SIGNER);
  const event = batches.of(INSERT_HUB_EVENT);
  // Messages name their signer by a row of message_signers, added the first time a key signs. Ids
  // are given here the way SQLite gives them (the next above the largest), so no insert waits for
  // a read: the rows may be written by another connection.
  const signers = new Map<string, number>();
  let lastId = 0;
  for (const { id, public_key } of MESSAGE_SIGNERS.iterate(store)) {
    signers.set(public_key, id);
    lastId = Math.max(lastId, id);
  }
  return {
    /** `hash` is the message hash's 20 bytes; `timestamp` in Farcaster seconds. */
    message(
      hash: Uint8Array,
      fid: number,
      type: number,
      timestamp: number,
      dataBytes: Uint8Array,
      signature: Uint8Array | null,
      signer: string,
    ): void {
      let id = signers.get(signer);
      if (id === undefined) {
        id = ++lastId;
        addSigner(id, signer);
        signers.set(signer, id);
      }
      message(hash, fid, type, timestamp, dataBytes, signature, id);
    },
    hubEvent(
      type: number,
      messageHash: Text,
      onchainEventId: Num,
      usernameProofName: Text,
      blockNumber: number,
      ts: number,
    ): void {
      event(type, messageHash, onchainEventId, usernameProofName, blockNumber, ts);
    },
  };
}

export type BulkMessageInserts = ReturnType<typeof bulkMessageInserts>;

const LOAD_CACHE = -262144;
const INDEX_BUILD_CACHE = -4096;
/**
 * The row-writing thread's cache: 64 MB builds no slower than the load's quarter GB (large seed,
 * alternating: 74.7 / 63.9 s against 77.3 / 71.1 s) and keeps the build's peak RSS at 650-790 MB
 * instead of 1 GB.
 */
const THREAD_CACHE = -65536;

/**
 * Where a bulk load's rows go: with `thread`, a worker thread writing them on a connection of its own
 * (a file database not in a transaction), with the pragmas enterBulkLoadMode gave the store's;
 * otherwise the store's connection. The thread's connection does not check foreign keys: the seed's
 * rows are consistent by construction (seed.test runs SQLite's check on a threaded build), and the
 * large seed's 1.7M channel follows each paid a parent lookup (3.1 -> 1.3 s of the thread's time).
 */
export function bulkRows(store: Store, thread: boolean): RowSink {
  if (!thread || store.db.memory || store.db.inTransaction) return new ConnectionRows(store);
  return new ThreadRows(store, [
    // The store's: out of WAL for the load, or in it when another connection kept the file there.
    `journal_mode = ${String(store.db.pragma('journal_mode', { simple: true }))}`,
    'synchronous = OFF',
    `cache_size = ${THREAD_CACHE}`,
    'foreign_keys = OFF',
    'busy_timeout = 5000',
  ]);
}

export interface BulkLoadMode {
  /** Recreates the dropped indexes and triggers and rebuilds cast search; once, later calls do nothing. */
  restoreIndexes(): void;
  /** Puts journal, syncing and cache back, and flushes the file. */
  restorePragmas(): void;
}

/**
 * Bulk loading is several times faster without secondary indexes (built once, sorted, at the end),
 * without a journal on disk and with a big page cache. A crash mid-load can leave a file unusable;
 * the seed marker is written last, so such a file is simply seeded again (or deleted) on next start.
 * `pageSize` gives a file that size of page when the load can set it (the file out of WAL); the caller
 * empties the file first (the seed's `clearAll`), so the VACUUM that changes it copies no rows.
 */
export function enterBulkLoadMode(store: Store, pageSize?: number): BulkLoadMode {
  const db = store.db;
  const indexes = db
    .prepare<[], { name: string; sql: string }>(
      `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL
       AND tbl_name NOT IN ('schema_migrations', 'meta')`,
    )
    .all();
  for (const i of indexes) db.exec(`DROP INDEX ${i.name}`);
  // Likewise the FTS index: rebuilt in one pass instead of one trigger call per cast.
  const triggers = db
    .prepare<[], { name: string; sql: string }>(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger'`)
    .all();
  for (const t of triggers) db.exec(`DROP TRIGGER ${t.name}`);
  const journal = String(db.pragma('journal_mode', { simple: true }));
  if (!db.memory && !db.inTransaction) leaveWal(store, pageSize);
  db.pragma('synchronous = OFF');
  // A quarter GB of page cache: a file's build (the large seed's 2+ GB) then stays under 1 GB of RSS
  // (1 GB of cache measured 749 MB peak for a fifth of the large seed, 256 MB 549 MB, in the same
  // time); an in-memory database holds all its pages whatever this says.
  db.pragma(`cache_size = ${LOAD_CACHE}`);
  // Index builds sort every row of a table: SQLite's sorter may use a helper thread for it.
  db.pragma('threads = 2');
  let rebuilt = false;
  return {
    restoreIndexes() {
      if (rebuilt) return;
      rebuilt = true;
      withSortersOnBothCores(store, () => {
        for (const i of indexes) db.exec(i.sql);
      });
      for (const t of triggers) db.exec(t.sql);
      // The rebuild reads every cast once, in order: the small cache serves it no worse, and the
      // load's quarter GB would fill with pages nothing reads again (peak RSS).
      withSmallCache(store, () => rebuildCastSearch(store));
    },
    restorePragmas() {
      db.pragma('threads = 0');
      db.pragma('cache_size = -65536');
      db.pragma('synchronous = NORMAL');
      if (db.memory) return;
      db.pragma(`journal_mode = ${journal}`);
      // Bulk loading never synced: flush the file now rather than in the first client write's WAL
      // checkpoint, which would otherwise stall that write on gigabytes of the large seed.
      const fd = openSync(db.name, 'r+');
      try {
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    },
  };
}

/**
 * Takes a file out of WAL for a load, so each page is written once, to the file, instead of to the
 * WAL and again by its checkpoints. The rollback journal is kept in memory: better-sqlite3 opens
 * connections in SQLite's defensive mode, where `journal_mode = OFF` is ignored without an error
 * (the large seed ran through its WAL for that reason), and an in-memory journal builds the large
 * seed in the same time that none does (alternating: 39.9 / 37.1 s against 39.5 / 37.0 s).
 *
 * Out of WAL, an emptied file can take another page size: it is rebuilt (VACUUM), cheap with no rows.
 * A file another connection holds open stays in WAL (SQLite answers busy) and keeps its pages.
 */
function leaveWal(store: Store, pageSize: number | undefined): void {
  const db = store.db;
  try {
    if (db.pragma('journal_mode = MEMORY', { simple: true }) !== 'memory') return;
  } catch (e) {
    if (codeOf(e) === 'SQLITE_BUSY') return;
    throw e;
  }
  if (pageSize === undefined || db.pragma('page_size', { simple: true }) === pageSize) return;
  db.pragma(`page_size = ${pageSize}`);
  db.exec('VACUUM');
}

const TEMP_OBJECTS = column<[], number>('SELECT COUNT(*) FROM sqlite_temp_master');

/**
 * Runs `build` (index builds) with SQLite's sorter on both cores. The sorter hands sorted runs to
 * its helper thread only when temporary files are on disk (never with the store's temp_store =
 * MEMORY), and a run holds a cache's worth of keys: with the load's quarter GB a whole index fits in
 * one run, sorted on one core. Switching temp_store drops the connection's TEMP objects, so this is
 * done only when there are none (a seed's load, before the store's watchers attach); otherwise the
 * indexes are built the old way. The large seed's indexes: 27.4 -> 17.6 s (medians, one sitting).
 */
function withSortersOnBothCores(store: Store, build: () => void): void {
  const db = store.db;
  if (TEMP_OBJECTS.get(store) !== 0) {
    build();
    return;
  }
  const tempStore = Number(db.pragma('temp_store', { simple: true }));
  db.pragma('temp_store = FILE');
  try {
    withSmallCache(store, build);
  } finally {
    db.pragma(`temp_store = ${tempStore}`);
  }
}

/** Runs `work` with the index builds' small page cache, then gives the load its own back. */
function withSmallCache(store: Store, work: () => void): void {
  store.db.pragma(`cache_size = ${INDEX_BUILD_CACHE}`);
  try {
    work();
  } finally {
    store.db.pragma(`cache_size = ${LOAD_CACHE}`);
  }
}

/** Rebuilds the cast search index from the casts table in one pass. */
export function rebuildCastSearch(store: Store): void {
  store.db.exec(`INSERT INTO casts_fts (casts_fts) VALUES ('rebuild')`);
}

/**
 * Derives the users' and channels' counters from grouped scans, once, after a load that ran without
 * triggers: cheaper than keeping them while rows stream in, and cheaper than a correlated count per
 * row (casts arrive with theirs). The `powerBadges` most-followed users get the power badge.
 */
export function recountCounters(store: Store, powerBadges: number): void {
  store.db.exec(`
      UPDATE users SET follower_count = g.n
        FROM (SELECT target_fid AS f, COUNT(*) AS n FROM links WHERE type = 'follow' GROUP BY target_fid) g
        WHERE users.fid = g.f;
      UPDATE users SET following_count = g.n
        FROM (SELECT fid AS f, COUNT(*) AS n FROM links WHERE type = 'follow' GROUP BY fid) g WHERE users.fid = g.f;
      ${recountChannels}
      UPDATE users SET power_badge = 1 WHERE fid IN (SELECT fid FROM users ORDER BY follower_count DESC LIMIT ${powerBadges});
    `);
}

/** Sampled statistics: enough for the planner, seconds faster than a full ANALYZE on the large seed. */
export function analyze(store: Store): void {
  store.db.exec('PRAGMA analysis_limit = 1000; ANALYZE');
}
