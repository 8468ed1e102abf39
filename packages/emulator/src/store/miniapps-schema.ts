// Mini apps (migration 9): the catalogue, who uses and added which app, the notification tokens the
// emulator issues as a mini-app host and what was delivered with them, the developer's page frames,
// recorded frame actions and pay frames. Times are unix ms from store.now().
export const miniappsSchema = `
CREATE TABLE miniapps (
  id INTEGER PRIMARY KEY,
  url TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  category TEXT NOT NULL,
  icon_url TEXT NOT NULL,
  image_url TEXT NOT NULL,
  button_title TEXT NOT NULL,
  author_fid INTEGER NOT NULL,
  webhook_url TEXT,
  developer INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
CREATE INDEX miniapps_category ON miniapps (category, id);
CREATE INDEX miniapps_developer ON miniapps (developer) WHERE developer = 1;

CREATE TABLE miniapp_uses (
  app_id INTEGER NOT NULL REFERENCES miniapps (id) ON DELETE CASCADE,
  fid INTEGER NOT NULL,
  ts INTEGER NOT NULL
);
CREATE INDEX miniapp_uses_app ON miniapp_uses (app_id, ts);
CREATE INDEX miniapp_uses_fid ON miniapp_uses (fid, ts, app_id);
CREATE INDEX miniapp_uses_ts ON miniapp_uses (ts, app_id);

CREATE TABLE miniapp_users (
  app_id INTEGER NOT NULL REFERENCES miniapps (id) ON DELETE CASCADE,
  fid INTEGER NOT NULL,
  token TEXT UNIQUE,
  notification_url TEXT,
  enabled INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (app_id, fid)
) WITHOUT ROWID;
CREATE INDEX miniapp_users_fid ON miniapp_users (fid);

CREATE TABLE miniapp_deliveries (
  id INTEGER PRIMARY KEY,
  token TEXT NOT NULL,
  app_id INTEGER NOT NULL,
  fid INTEGER NOT NULL,
  notification_id TEXT NOT NULL,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  target_url TEXT NOT NULL,
  ts INTEGER NOT NULL
);
CREATE INDEX miniapp_deliveries_token ON miniapp_deliveries (token, ts);
CREATE INDEX miniapp_deliveries_dedupe ON miniapp_deliveries (fid, notification_id, ts);
CREATE INDEX miniapp_deliveries_app ON miniapp_deliveries (app_id, id);

CREATE TABLE neynar_frames (
  uuid TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  pages TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE frame_actions (
  id INTEGER PRIMARY KEY,
  frame_url TEXT NOT NULL,
  fid INTEGER NOT NULL,
  cast_hash TEXT,
  cast_fid INTEGER,
  button_index INTEGER NOT NULL,
  input_text TEXT,
  ts INTEGER NOT NULL
);
CREATE INDEX frame_actions_url ON frame_actions (frame_url, ts);

CREATE TABLE pay_frames (
  id TEXT PRIMARY KEY,
  body TEXT NOT NULL,
  idem TEXT UNIQUE,
  created_at INTEGER NOT NULL
) WITHOUT ROWID;
`;
