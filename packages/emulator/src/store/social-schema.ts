// Migration 2: off-protocol social state the v2 API keeps (Farcaster has no messages for these).
// Blocks and mutes are per user; bans are per app (the API key's app), so one list here.
// Also the indexes the channel lists walk newest first (followers, members, pending invites).
export const socialSchema = `
CREATE TABLE blocks (
  blocker_fid INTEGER NOT NULL,
  blocked_fid INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (blocker_fid, blocked_fid)
) WITHOUT ROWID;
CREATE INDEX blocks_blocker_ts ON blocks (blocker_fid, created_at, blocked_fid);
CREATE INDEX blocks_blocked ON blocks (blocked_fid, blocker_fid);
CREATE INDEX blocks_blocked_ts ON blocks (blocked_fid, created_at, blocker_fid);

CREATE TABLE mutes (
  fid INTEGER NOT NULL,
  muted_fid INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (fid, muted_fid)
) WITHOUT ROWID;
CREATE INDEX mutes_fid_ts ON mutes (fid, created_at, muted_fid);

CREATE TABLE bans (
  fid INTEGER PRIMARY KEY,
  banned_at INTEGER NOT NULL
);
CREATE INDEX bans_ts ON bans (banned_at, fid);

CREATE INDEX channel_follows_channel_ts ON channel_follows (channel_id, created_at, fid);
CREATE INDEX channel_members_channel_ts ON channel_members (channel_id, created_at, fid);
CREATE INDEX channel_invites_created ON channel_invites (status, created_at);
`;
