-- AI asked for from a post: which job makes what for which post, channel and media, and how it ended.
-- The attach happens when the job succeeds, whenever that is (the composer may be long closed), so the
-- link is kept here; a row is local to this computer (the results it attaches are synced records).
CREATE TABLE post_ai_requests (
  id              TEXT PRIMARY KEY,
  account_id      TEXT NOT NULL,
  post_id         TEXT NOT NULL,
  kind            TEXT NOT NULL CHECK (kind IN ('image', 'altText', 'caption')),
  channel_id      TEXT,
  asset_id        TEXT,
  job_id          TEXT NOT NULL,
  state           TEXT NOT NULL CHECK (state IN ('waiting', 'done', 'offered', 'failed', 'dismissed')),
  aspect          TEXT,
  result_asset_id TEXT,
  result_text     TEXT,
  error           TEXT,
  created_at      INTEGER NOT NULL,
  updated_at      INTEGER NOT NULL
) STRICT;
CREATE INDEX post_ai_requests_post ON post_ai_requests (account_id, post_id, created_at);
CREATE INDEX post_ai_requests_job ON post_ai_requests (job_id, state);
