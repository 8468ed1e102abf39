// Migration 1. Conventions: hashes, keys and addresses are lower-case 0x-hex TEXT so routes can
// compare them with request parameters directly; `ts`/`*_at` columns are unix milliseconds;
// `messages.timestamp` alone is in Farcaster seconds (since 2021-01-01) because it is protocol data.
// Derived tables hold current state only; the messages table is the history.
export const initialSchema = `
CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE users (
  fid INTEGER PRIMARY KEY,
  username TEXT,
  display_name TEXT,
  bio TEXT,
  pfp_url TEXT,
  banner_url TEXT,
  url TEXT,
  custody_address TEXT NOT NULL,
  recovery_address TEXT,
  location_lat REAL,
  location_lng REAL,
  location_description TEXT,
  twitter TEXT,
  github TEXT,
  power_badge INTEGER NOT NULL DEFAULT 0,
  follower_count INTEGER NOT NULL DEFAULT 0,
  following_count INTEGER NOT NULL DEFAULT 0,
  registered_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX users_username ON users (username) WHERE username IS NOT NULL;
CREATE INDEX users_custody ON users (custody_address);
CREATE INDEX users_twitter ON users (twitter) WHERE twitter IS NOT NULL;
CREATE INDEX users_location ON users (location_lat, location_lng) WHERE location_lat IS NOT NULL;
CREATE INDEX users_followers ON users (follower_count DESC);

-- Hash-keyed tables are rowid tables with a UNIQUE index rather than a hash PRIMARY KEY: the index
-- can then be dropped and rebuilt sorted around a bulk seed (random-key inserts into a large B-tree
-- were the slowest part of seeding the large size).
CREATE TABLE messages (
  hash TEXT NOT NULL,
  fid INTEGER NOT NULL,
  type INTEGER NOT NULL,
  timestamp INTEGER NOT NULL,
  data_bytes BLOB NOT NULL,
  -- NULL only for bulk-seeded rows: signed on first read with the stored signer key (ed25519 is
  -- deterministic, so the result is the same as signing at seed time).
  signature BLOB,
  signer TEXT NOT NULL,
  removed INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX messages_hash ON messages (hash);
CREATE INDEX messages_fid_type ON messages (fid, type, timestamp, hash);

-- Protocol view of profile fields: the latest UserDataAdd per (fid, type). users mirrors the values.
CREATE TABLE user_data (
  fid INTEGER NOT NULL,
  type INTEGER NOT NULL,
  value TEXT NOT NULL,
  hash TEXT NOT NULL,
  ts INTEGER NOT NULL,
  PRIMARY KEY (fid, type)
) WITHOUT ROWID;

-- Ed25519 keys registered on chain for a fid (managed or not); only these may sign its messages.
CREATE TABLE active_keys (
  fid INTEGER NOT NULL,
  public_key TEXT NOT NULL,
  app_fid INTEGER NOT NULL DEFAULT 0,
  added_at INTEGER NOT NULL,
  removed_at INTEGER,
  PRIMARY KEY (fid, public_key)
) WITHOUT ROWID;

CREATE TABLE signers (
  signer_uuid TEXT PRIMARY KEY,
  public_key TEXT NOT NULL UNIQUE,
  private_key BLOB,
  fid INTEGER REFERENCES users (fid),
  app_fid INTEGER,
  status TEXT NOT NULL CHECK (status IN ('generated', 'pending_approval', 'approved', 'revoked')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX signers_fid ON signers (fid, status);

CREATE TABLE onchain_events (
  id INTEGER PRIMARY KEY,
  type INTEGER NOT NULL,
  fid INTEGER NOT NULL,
  chain_id INTEGER NOT NULL,
  block_number INTEGER NOT NULL,
  block_hash TEXT NOT NULL,
  block_timestamp INTEGER NOT NULL,
  tx_hash TEXT NOT NULL,
  log_index INTEGER NOT NULL,
  tx_index INTEGER NOT NULL,
  -- id register: custody address; signer add/remove: the ed25519 key; storage rent: payer.
  address TEXT,
  body TEXT NOT NULL
);
CREATE INDEX onchain_events_fid ON onchain_events (fid, type, id);
CREATE INDEX onchain_events_address ON onchain_events (address, type);

CREATE TABLE casts (
  hash TEXT NOT NULL,
  fid INTEGER NOT NULL,
  ts INTEGER NOT NULL,
  type INTEGER NOT NULL DEFAULT 0,
  text TEXT NOT NULL,
  parent_hash TEXT,
  parent_fid INTEGER,
  parent_url TEXT,
  root_hash TEXT NOT NULL,
  root_parent_url TEXT,
  channel_id TEXT,
  embeds TEXT NOT NULL DEFAULT '[]',
  mentions TEXT NOT NULL DEFAULT '[]',
  mentions_positions TEXT NOT NULL DEFAULT '[]',
  replies_count INTEGER NOT NULL DEFAULT 0,
  likes_count INTEGER NOT NULL DEFAULT 0,
  recasts_count INTEGER NOT NULL DEFAULT 0,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX casts_hash ON casts (hash);
CREATE INDEX casts_fid_ts ON casts (fid, ts);
CREATE INDEX casts_parent ON casts (parent_hash, ts) WHERE parent_hash IS NOT NULL;
CREATE INDEX casts_parent_url ON casts (parent_url, ts) WHERE parent_url IS NOT NULL;
CREATE INDEX casts_channel ON casts (channel_id, ts) WHERE channel_id IS NOT NULL;
CREATE INDEX casts_root ON casts (root_hash, ts);
CREATE INDEX casts_ts ON casts (ts);

CREATE TABLE cast_mentions (
  cast_hash TEXT NOT NULL,
  fid INTEGER NOT NULL,
  ts INTEGER NOT NULL,
  PRIMARY KEY (fid, ts, cast_hash)
) WITHOUT ROWID;

-- Quoted casts, so a cast can list (and count) the casts that quote it.
CREATE TABLE cast_quotes (
  cast_hash TEXT NOT NULL,
  quoted_hash TEXT NOT NULL,
  ts INTEGER NOT NULL,
  PRIMARY KEY (quoted_hash, ts, cast_hash)
) WITHOUT ROWID;

CREATE VIRTUAL TABLE casts_fts USING fts5 (text, content = 'casts', content_rowid = 'rowid');
CREATE TRIGGER casts_fts_insert AFTER INSERT ON casts BEGIN
  INSERT INTO casts_fts (rowid, text) VALUES (new.rowid, new.text);
END;

CREATE TABLE reactions (
  fid INTEGER NOT NULL,
  type INTEGER NOT NULL CHECK (type IN (1, 2)),
  target TEXT NOT NULL,
  target_fid INTEGER,
  hash TEXT NOT NULL,
  ts INTEGER NOT NULL
);
CREATE UNIQUE INDEX reactions_key ON reactions (fid, type, target);
CREATE INDEX reactions_target ON reactions (target, type, ts);
CREATE INDEX reactions_fid_ts ON reactions (fid, type, ts);
CREATE INDEX reactions_target_fid ON reactions (target_fid, ts);

CREATE TABLE links (
  fid INTEGER NOT NULL,
  type TEXT NOT NULL DEFAULT 'follow',
  target_fid INTEGER NOT NULL,
  hash TEXT NOT NULL,
  ts INTEGER NOT NULL,
  PRIMARY KEY (fid, type, target_fid)
) WITHOUT ROWID;
CREATE INDEX links_fid_ts ON links (fid, type, ts);
CREATE INDEX links_target ON links (target_fid, type, ts);

CREATE TABLE verifications (
  fid INTEGER NOT NULL,
  address TEXT NOT NULL,
  protocol TEXT NOT NULL CHECK (protocol IN ('ethereum', 'solana')),
  block_hash TEXT NOT NULL,
  hash TEXT NOT NULL,
  ts INTEGER NOT NULL,
  PRIMARY KEY (fid, address)
) WITHOUT ROWID;
CREATE INDEX verifications_address ON verifications (address);

CREATE TABLE username_proofs (
  name TEXT PRIMARY KEY,
  fid INTEGER NOT NULL,
  owner TEXT NOT NULL,
  type INTEGER NOT NULL,
  timestamp INTEGER NOT NULL,
  signature BLOB NOT NULL,
  message_hash TEXT
);
CREATE INDEX username_proofs_fid ON username_proofs (fid);

CREATE TABLE channels (
  id TEXT PRIMARY KEY,
  url TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  image_url TEXT,
  lead_fid INTEGER REFERENCES users (fid),
  created_at INTEGER NOT NULL
);

CREATE TABLE channel_members (
  channel_id TEXT NOT NULL REFERENCES channels (id),
  fid INTEGER NOT NULL,
  role TEXT NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'moderator', 'owner')),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (channel_id, fid)
) WITHOUT ROWID;
CREATE INDEX channel_members_fid ON channel_members (fid, created_at);

CREATE TABLE channel_follows (
  channel_id TEXT NOT NULL REFERENCES channels (id),
  fid INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (channel_id, fid)
) WITHOUT ROWID;
CREATE INDEX channel_follows_fid ON channel_follows (fid, created_at);

CREATE TABLE channel_invites (
  channel_id TEXT NOT NULL REFERENCES channels (id),
  invited_fid INTEGER NOT NULL,
  inviter_fid INTEGER NOT NULL,
  role TEXT NOT NULL DEFAULT 'member',
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'rejected')),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (channel_id, invited_fid, role)
) WITHOUT ROWID;
CREATE INDEX channel_invites_invited ON channel_invites (invited_fid, status);

-- scope '' marks every notification type seen; otherwise a type name, 'channel:<id>' or 'url:<parent_url>'.
CREATE TABLE notifications_seen (
  fid INTEGER NOT NULL,
  scope TEXT NOT NULL DEFAULT '',
  seen_at INTEGER NOT NULL,
  PRIMARY KEY (fid, scope)
) WITHOUT ROWID;

CREATE TABLE storage_rent (
  id INTEGER PRIMARY KEY,
  fid INTEGER NOT NULL,
  units INTEGER NOT NULL,
  payer TEXT NOT NULL,
  rented_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX storage_rent_fid ON storage_rent (fid, expires_at);

-- Hub event log. Bodies reference rows in messages / onchain_events / username_proofs so an event
-- renders exactly the stored message; ids only ever increase (AUTOINCREMENT never reuses).
CREATE TABLE hub_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  type INTEGER NOT NULL,
  message_hash TEXT,
  deleted_hashes TEXT NOT NULL DEFAULT '[]',
  onchain_event_id INTEGER,
  username_proof_name TEXT,
  block_number INTEGER NOT NULL,
  shard_index INTEGER NOT NULL DEFAULT 1,
  ts INTEGER NOT NULL
);
`;
