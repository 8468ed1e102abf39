import type Database from 'better-sqlite3';
import { authAddressesSchema } from './auth-addresses-schema.js';
import { campaignsSchema } from './campaigns-schema.js';
import { channelCountersSchema } from './channel-counters.js';
import { idempotencySchema } from './idempotency-schema.js';
import { importSchema } from './import-schema.js';
import { ledgerSchema } from './ledger-schema.js';
import { compactLoggedMessages, compactMessagesSchema } from './messages-schema.js';
import { miniappsSchema } from './miniapps-schema.js';
import { nftSchema } from './nft-schema.js';
import { initialSchema } from './schema.js';
import { socialSchema } from './social-schema.js';
import { dropGenerationIndexes, undoSchema } from './undo-schema.js';
import { walletsSchema } from './wallets-schema.js';
import { webhookAttemptSignatures, webhookPayloads, webhooksSchema } from './webhooks-schema.js';

interface Migration {
  version: number;
  name: string;
  sql: string;
  /** What SQL alone cannot say, run after `sql` in the same transaction. */
  after?: (db: Database.Database) => void;
}

// Append only: a released migration is never edited, a change is a new numbered entry.
const migrations: Migration[] = [
  { version: 1, name: 'initial schema', sql: initialSchema },
  { version: 2, name: 'blocks, mutes and bans', sql: socialSchema },
  { version: 3, name: 'idempotency keys', sql: idempotencySchema },
  // Trending ranks reactions inside a time window; without this it scans every reaction.
  { version: 4, name: 'reactions by time', sql: 'CREATE INDEX reactions_ts ON reactions (ts);' },
  { version: 5, name: 'channel follower and member counters', sql: channelCountersSchema },
  // The following feed reads each followee's newest top-level live casts and recasts from these
  // alone (covering: no table lookups), newest first; parent_hash is there so SQLite sees the
  // partial index as covering. A cast's recent reactors come from reactions_target alone, in the
  // order they are listed (newest first, then fid).
  {
    version: 6,
    name: 'following feed entries, covering reactors',
    sql: `CREATE INDEX casts_feed ON casts (fid, ts, hash, parent_hash) WHERE parent_hash IS NULL AND deleted = 0;
      CREATE INDEX reactions_recasts ON reactions (fid, ts, target) WHERE type = 2;
      DROP INDEX reactions_target;
      CREATE INDEX reactions_target ON reactions (target, type, ts DESC, fid);`,
  },
  // A managed signer's next message is stamped one second after the last one with the same CRDT
  // key (protocol/apply.ts crdtKey), not after the last of its kind. Bulk-seeded rows keep NULL:
  // they are older than anything a client writes.
  {
    version: 7,
    name: 'message CRDT keys',
    sql: `ALTER TABLE messages ADD COLUMN crdt_key TEXT;
      CREATE INDEX messages_crdt_key ON messages (fid, crdt_key, timestamp) WHERE crdt_key IS NOT NULL;`,
  },
  { version: 8, name: 'webhooks and their delivery outbox', sql: webhooksSchema },
  { version: 9, name: 'mini apps, notification tokens, frame actions', sql: miniappsSchema },
  { version: 10, name: 'subscriptions and the simulated ledger', sql: ledgerSchema },
  { version: 11, name: 'snapshot marks and undo log', sql: undoSchema },
  {
    version: 12,
    name: 'webhook attempt signatures, due deliveries by webhook',
    sql: webhookAttemptSignatures,
  },
  { version: 13, name: 'webhook payloads once per event', sql: webhookPayloads },
  { version: 14, name: 'imported users and the live hashes of imported casts', sql: importSchema },
  {
    version: 15,
    name: 'notification campaigns and opens, developer-managed auth addresses',
    sql: campaignsSchema + authAddressesSchema,
  },
  { version: 16, name: 'server wallets, NFT collections, fungible trades', sql: walletsSchema + nftSchema },
  // A fungible trade is an event of the one log (trade.created for webhooks and realtime) that the
  // hub, which has no such event, does not show: its row names the trade instead of a message.
  {
    version: 17,
    name: 'trade events in the event log',
    sql: 'ALTER TABLE hub_events ADD COLUMN trade_id INTEGER;',
  },
  {
    version: 18,
    name: 'message hashes as bytes, signers by reference',
    sql: compactMessagesSchema,
    after: compactLoggedMessages,
  },
  { version: 19, name: 'undo log without generation indexes', sql: '', after: dropGenerationIndexes },
];

/** Brings `db` to the latest schema; `through` stops at a version (a test's file from before a migration). */
export function migrate(db: Database.Database, through = Number.POSITIVE_INFINITY): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  const applied = new Set(
    db
      .prepare('SELECT version FROM schema_migrations')
      .pluck()
      .all()
      .map((v) => Number(v)),
  );
  for (const m of migrations) {
    if (applied.has(m.version) || m.version > through) continue;
    db.transaction(() => {
      db.exec(m.sql);
      m.after?.(db);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        m.version,
        m.name,
        Date.now(),
      );
    })();
  }
}

export function schemaVersion(db: Database.Database): number {
  return Number(db.prepare('SELECT MAX(version) FROM schema_migrations').pluck().get() ?? 0);
}

/** The schema version this code migrates a database to. */
export const LATEST_SCHEMA_VERSION = Math.max(...migrations.map((m) => m.version));
