-- Channels: where a creator publishes (a network, a handle, a colour, weekly posting slots). The
-- platform names no group for them, so they are local records of this computer; posts name their
-- channels in their own (synced) fields. `slots` and `rules` are JSON; a deleted channel is kept
-- as a tombstone so posts that still name it can show what it was.
CREATE TABLE channels (
  id              TEXT PRIMARY KEY,
  account_id      TEXT NOT NULL,
  network         TEXT NOT NULL,
  name            TEXT NOT NULL,
  handle          TEXT NOT NULL DEFAULT '',
  colour          TEXT NOT NULL DEFAULT '#6b7280',
  avatar_asset_id TEXT,
  slots           TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(slots)),
  rules           TEXT CHECK (rules IS NULL OR json_valid(rules)),
  created_at      INTEGER NOT NULL,
  updated_at      INTEGER NOT NULL,
  deleted         INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1))
) STRICT;
CREATE INDEX channels_live ON channels (account_id, deleted, name COLLATE NOCASE);
