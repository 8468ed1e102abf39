// Migration 18: messages keep their hash as its 20 bytes and their signer as a reference to one row
// per key. A few hundred keys sign the small seed's 18k messages; the two 0x-hex columns (42 and 66
// characters a row) and the hash's index were a quarter of every in-memory emulator's database
// image, which each emulator holds a copy of. Statements over messages read the hash back as 0x-hex
// (queries/messages.ts), so nothing above the store sees the change.
import type Database from 'better-sqlite3';

const MESSAGES = `
CREATE TABLE message_signers (
  id INTEGER PRIMARY KEY,
  public_key TEXT NOT NULL UNIQUE
);
CREATE TABLE messages_compact (
  hash BLOB NOT NULL,
  fid INTEGER NOT NULL,
  type INTEGER NOT NULL,
  timestamp INTEGER NOT NULL,
  data_bytes BLOB NOT NULL,
  -- NULL only for bulk-seeded rows: signed on first read with the stored signer key (ed25519 is
  -- deterministic, so the result is the same as signing at seed time).
  signature BLOB,
  -- message_signers.id; no foreign key, so the large seed's millions of inserts check nothing more.
  signer_id INTEGER NOT NULL,
  removed INTEGER NOT NULL DEFAULT 0,
  crdt_key TEXT
);`;

// A fid's live messages of one type are listed only when an import moves a seeded user aside
// (domain/move-aside.ts): a few rows, sorted after the lookup. Its index no longer carries timestamp
// and hash, which made it 8% of the image.
const INDEXES = `
CREATE UNIQUE INDEX messages_hash ON messages (hash);
CREATE INDEX messages_fid_type ON messages (fid, type);
CREATE INDEX messages_crdt_key ON messages (fid, crdt_key, timestamp) WHERE crdt_key IS NOT NULL;`;

/**
 * Copies messages stored the way migrations 1-17 kept them (hex hash and signer) from `source` into
 * `target`, keeping each rowid (the undo log and snapshots name rows by it): the migration's copy,
 * and a snapshot file's from before it (snapshot-marks.ts).
 */
export function copyHexMessages(target: string, source: string): string {
  return `
INSERT OR IGNORE INTO message_signers (public_key) SELECT signer FROM ${source} ORDER BY rowid;
INSERT INTO ${target} (rowid, hash, fid, type, timestamp, data_bytes, signature, signer_id, removed, crdt_key)
  SELECT m.rowid, unhex(substr(m.hash, 3)), m.fid, m.type, m.timestamp, m.data_bytes, m.signature, s.id,
    m.removed, m.crdt_key
  FROM ${source} m JOIN message_signers s ON s.public_key = m.signer ORDER BY m.rowid;`;
}

export const compactMessagesSchema = `${MESSAGES}
${copyHexMessages('messages_compact', 'messages')}
DROP TABLE messages;
ALTER TABLE messages_compact RENAME TO messages;
${INDEXES}`;

/**
 * The undo log's old versions of messages (undo-log.ts), when a file has one, in the new shape: a
 * mark taken before the migration still rolls messages back. Inserted rows' entries hold their
 * rowid only and stay as they are.
 */
export function compactLoggedMessages(db: Database.Database): void {
  const logged = db
    .prepare<[], 1>(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'undo_t_messages'`)
    .pluck()
    .get();
  if (logged === undefined) return;
  db.exec(`ALTER TABLE undo_t_messages ADD COLUMN signer_id INTEGER;
    INSERT OR IGNORE INTO message_signers (public_key)
      SELECT signer FROM undo_t_messages WHERE signer IS NOT NULL ORDER BY _seq;
    UPDATE undo_t_messages SET hash = unhex(substr(hash, 3)),
      signer_id = (SELECT id FROM message_signers WHERE public_key = signer)
      WHERE typeof(hash) = 'text';`);
}
