// Follower and member counts kept on the channel row by triggers: counting a popular channel's
// followers per request scanned ~100k index entries and dominated every feed that shows channels.
export const channelCountersSchema = `
ALTER TABLE channels ADD COLUMN follower_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE channels ADD COLUMN member_count INTEGER NOT NULL DEFAULT 0;
UPDATE channels SET
  follower_count = (SELECT COUNT(*) FROM channel_follows f WHERE f.channel_id = channels.id),
  member_count = (SELECT COUNT(*) FROM channel_members m WHERE m.channel_id = channels.id);
CREATE TRIGGER channel_follows_count_add AFTER INSERT ON channel_follows BEGIN
  UPDATE channels SET follower_count = follower_count + 1 WHERE id = NEW.channel_id;
END;
CREATE TRIGGER channel_follows_count_remove AFTER DELETE ON channel_follows BEGIN
  UPDATE channels SET follower_count = follower_count - 1 WHERE id = OLD.channel_id;
END;
CREATE TRIGGER channel_members_count_add AFTER INSERT ON channel_members BEGIN
  UPDATE channels SET member_count = member_count + 1 WHERE id = NEW.channel_id;
END;
CREATE TRIGGER channel_members_count_remove AFTER DELETE ON channel_members BEGIN
  UPDATE channels SET member_count = member_count - 1 WHERE id = OLD.channel_id;
END;
`;

/** Recomputes the counters in one grouped pass (after a bulk load that ran without triggers). */
export const recountChannels = `
UPDATE channels SET follower_count = 0, member_count = 0;
UPDATE channels SET follower_count = g.n
  FROM (SELECT channel_id AS id, COUNT(*) AS n FROM channel_follows GROUP BY channel_id) g WHERE channels.id = g.id;
UPDATE channels SET member_count = g.n
  FROM (SELECT channel_id AS id, COUNT(*) AS n FROM channel_members GROUP BY channel_id) g WHERE channels.id = g.id;
`;
