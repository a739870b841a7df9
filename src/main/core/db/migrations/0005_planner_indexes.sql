-- The calendar and the reminders read queue items by time, as they read posts (posts_scheduled_at).
CREATE INDEX media_queue_scheduled_at ON media_queue (account_id, deleted, scheduled_at);

-- Duplicate warnings find scheduled posts with the same text. The text is trimmed of what
-- String.prototype.trim strips (so it agrees with the exact comparison done in code) and only its
-- start is indexed: enough to find the few candidates without a second copy of every long text.
ALTER TABLE posts ADD COLUMN text_head TEXT GENERATED ALWAYS AS (
  substr(trim(coalesce(json_extract(data, '$.text'), ''),
    char(32, 9, 10, 11, 12, 13, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), 1, 64)
) VIRTUAL;
CREATE INDEX posts_text_head ON posts (account_id, deleted, text_head) WHERE scheduled_at IS NOT NULL;

-- The calendar's channel filter lists the channels in use: a distinct walk of these indexes.
ALTER TABLE posts ADD COLUMN channel TEXT GENERATED ALWAYS AS (json_extract(data, '$.channel')) VIRTUAL;
CREATE INDEX posts_channel ON posts (account_id, deleted, channel);
ALTER TABLE media_queue ADD COLUMN channel TEXT GENERATED ALWAYS AS (json_extract(data, '$.channel')) VIRTUAL;
CREATE INDEX media_queue_channel ON media_queue (account_id, deleted, channel);
