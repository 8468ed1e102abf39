// Notification campaigns (migration 14): what publishFrameNotifications sent, token by token, and
// the opens the mini-app host simulation records when a user opens a delivered notification.
// Times are unix ms from store.now().
export const campaignsSchema = `
CREATE TABLE notification_campaigns (
  id TEXT PRIMARY KEY,
  notification_id TEXT NOT NULL,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  target_url TEXT NOT NULL,
  success_count INTEGER NOT NULL,
  failure_count INTEGER NOT NULL,
  not_attempted_count INTEGER NOT NULL,
  created_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX notification_campaigns_created ON notification_campaigns (created_at, id);

CREATE TABLE notification_campaign_sends (
  campaign_id TEXT NOT NULL REFERENCES notification_campaigns (id) ON DELETE CASCADE,
  app_id INTEGER NOT NULL,
  fid INTEGER NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('successful', 'invalid', 'rate_limited', 'disabled')),
  PRIMARY KEY (campaign_id, app_id, fid)
) WITHOUT ROWID;

CREATE TABLE notification_opens (
  id INTEGER PRIMARY KEY,
  app_id INTEGER NOT NULL,
  fid INTEGER NOT NULL,
  notification_id TEXT NOT NULL,
  ts INTEGER NOT NULL
);
CREATE INDEX notification_opens_notification ON notification_opens (notification_id, app_id, fid);
`;
