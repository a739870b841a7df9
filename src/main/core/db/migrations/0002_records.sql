-- Local copies of every resource group. Shared columns on each table:
--   id             local id (a UUID made here), never changes
--   account_id     the account that owns the record; nothing is ever sent under another account
--   remote_id      the platform's id once the create was acknowledged
--   remote_version the last version the platform told us about (sent with updates and deletes)
--   data           every field as JSON; the typed columns are generated from it for queries
--   base           the fields as last agreed with the platform, to tell local from remote changes
--   sync_state     local (never synced) | pending | synced | conflict
--   conflict       the platform's side while in conflict (JSON; {"deleted":true} when it deleted)
--   deleted        tombstone: deleted here or there; kept so pulls and replays stay idempotent

CREATE TABLE assets (
  id             TEXT PRIMARY KEY,
  account_id     TEXT NOT NULL,
  remote_id      TEXT,
  remote_version INTEGER,
  data           TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(data)),
  base           TEXT CHECK (base IS NULL OR json_valid(base)),
  created_at     INTEGER NOT NULL,
  updated_at     INTEGER NOT NULL,
  deleted        INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
  sync_state     TEXT NOT NULL DEFAULT 'local' CHECK (sync_state IN ('local', 'pending', 'synced', 'conflict')),
  conflict       TEXT CHECK (conflict IS NULL OR json_valid(conflict)),
  -- local only: moved to the trash at (restorable until emptied), thumbnail blob and its state
  trashed_at     INTEGER,
  thumb_sha256   TEXT,
  thumb_state    TEXT NOT NULL DEFAULT 'none' CHECK (thumb_state IN ('none', 'ready', 'placeholder', 'missing')),
  name        TEXT GENERATED ALWAYS AS (coalesce(json_extract(data, '$.name'), '')) VIRTUAL,
  kind        TEXT GENERATED ALWAYS AS (coalesce(json_extract(data, '$.kind'), 'other')) VIRTUAL,
  sha256      TEXT GENERATED ALWAYS AS (json_extract(data, '$.sha256')) VIRTUAL,
  size_bytes  INTEGER GENERATED ALWAYS AS (json_extract(data, '$.size_bytes')) VIRTUAL,
  tags_text   TEXT GENERATED ALWAYS AS (coalesce(json_extract(data, '$.tags'), '')) VIRTUAL,
  notes       TEXT GENERATED ALWAYS AS (coalesce(json_extract(data, '$.notes'), '')) VIRTUAL,
  ai_text     TEXT GENERATED ALWAYS AS (coalesce(json_extract(data, '$.ai_text'), '')) VIRTUAL
) STRICT;
CREATE UNIQUE INDEX assets_remote ON assets (account_id, remote_id) WHERE remote_id IS NOT NULL;
CREATE INDEX assets_updated ON assets (account_id, deleted, updated_at);
CREATE INDEX assets_conflict ON assets (account_id) WHERE sync_state = 'conflict';
CREATE INDEX assets_name ON assets (account_id, deleted, name);
CREATE INDEX assets_kind ON assets (account_id, deleted, kind);
CREATE TABLE automations (
  id             TEXT PRIMARY KEY,
  account_id     TEXT NOT NULL,
  remote_id      TEXT,
  remote_version INTEGER,
  data           TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(data)),
  base           TEXT CHECK (base IS NULL OR json_valid(base)),
  created_at     INTEGER NOT NULL,
  updated_at     INTEGER NOT NULL,
  deleted        INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
  sync_state     TEXT NOT NULL DEFAULT 'local' CHECK (sync_state IN ('local', 'pending', 'synced', 'conflict')),
  conflict       TEXT CHECK (conflict IS NULL OR json_valid(conflict)),
  name        TEXT GENERATED ALWAYS AS (coalesce(json_extract(data, '$.name'), '')) VIRTUAL,
  enabled     INTEGER GENERATED ALWAYS AS (coalesce(json_extract(data, '$.enabled'), 0)) VIRTUAL
) STRICT;
CREATE UNIQUE INDEX automations_remote ON automations (account_id, remote_id) WHERE remote_id IS NOT NULL;
CREATE INDEX automations_updated ON automations (account_id, deleted, updated_at);
CREATE INDEX automations_conflict ON automations (account_id) WHERE sync_state = 'conflict';
CREATE INDEX automations_name ON automations (account_id, deleted, name);
CREATE TABLE content_plans (
  id             TEXT PRIMARY KEY,
  account_id     TEXT NOT NULL,
  remote_id      TEXT,
  remote_version INTEGER,
  data           TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(data)),
  base           TEXT CHECK (base IS NULL OR json_valid(base)),
  created_at     INTEGER NOT NULL,
  updated_at     INTEGER NOT NULL,
  deleted        INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
  sync_state     TEXT NOT NULL DEFAULT 'local' CHECK (sync_state IN ('local', 'pending', 'synced', 'conflict')),
  conflict       TEXT CHECK (conflict IS NULL OR json_valid(conflict)),
  title       TEXT GENERATED ALWAYS AS (coalesce(json_extract(data, '$.title'), '')) VIRTUAL,
  starts_at   TEXT GENERATED ALWAYS AS (json_extract(data, '$.starts_at')) VIRTUAL
) STRICT;
CREATE UNIQUE INDEX content_plans_remote ON content_plans (account_id, remote_id) WHERE remote_id IS NOT NULL;
CREATE INDEX content_plans_updated ON content_plans (account_id, deleted, updated_at);
CREATE INDEX content_plans_conflict ON content_plans (account_id) WHERE sync_state = 'conflict';
CREATE INDEX content_plans_starts_at ON content_plans (account_id, deleted, starts_at);
CREATE TABLE creatives (
  id             TEXT PRIMARY KEY,
  account_id     TEXT NOT NULL,
  remote_id      TEXT,
  remote_version INTEGER,
  data           TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(data)),
  base           TEXT CHECK (base IS NULL OR json_valid(base)),
  created_at     INTEGER NOT NULL,
  updated_at     INTEGER NOT NULL,
  deleted        INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
  sync_state     TEXT NOT NULL DEFAULT 'local' CHECK (sync_state IN ('local', 'pending', 'synced', 'conflict')),
  conflict       TEXT CHECK (conflict IS NULL OR json_valid(conflict)),
  name        TEXT GENERATED ALWAYS AS (coalesce(json_extract(data, '$.name'), '')) VIRTUAL,
  template_id TEXT GENERATED ALWAYS AS (json_extract(data, '$.template_id')) VIRTUAL
) STRICT;
CREATE UNIQUE INDEX creatives_remote ON creatives (account_id, remote_id) WHERE remote_id IS NOT NULL;
CREATE INDEX creatives_updated ON creatives (account_id, deleted, updated_at);
CREATE INDEX creatives_conflict ON creatives (account_id) WHERE sync_state = 'conflict';
CREATE INDEX creatives_name ON creatives (account_id, deleted, name);
CREATE TABLE media_queue (
  id             TEXT PRIMARY KEY,
  account_id     TEXT NOT NULL,
  remote_id      TEXT,
  remote_version INTEGER,
  data           TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(data)),
  base           TEXT CHECK (base IS NULL OR json_valid(base)),
  created_at     INTEGER NOT NULL,
  updated_at     INTEGER NOT NULL,
  deleted        INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
  sync_state     TEXT NOT NULL DEFAULT 'local' CHECK (sync_state IN ('local', 'pending', 'synced', 'conflict')),
  conflict       TEXT CHECK (conflict IS NULL OR json_valid(conflict)),
  asset_id     TEXT GENERATED ALWAYS AS (json_extract(data, '$.asset_id')) VIRTUAL,
  scheduled_at TEXT GENERATED ALWAYS AS (json_extract(data, '$.scheduled_at')) VIRTUAL,
  position     REAL GENERATED ALWAYS AS (json_extract(data, '$.position')) VIRTUAL
) STRICT;
CREATE UNIQUE INDEX media_queue_remote ON media_queue (account_id, remote_id) WHERE remote_id IS NOT NULL;
CREATE INDEX media_queue_updated ON media_queue (account_id, deleted, updated_at);
CREATE INDEX media_queue_conflict ON media_queue (account_id) WHERE sync_state = 'conflict';
CREATE INDEX media_queue_position ON media_queue (account_id, deleted, position);
CREATE TABLE media_templates (
  id             TEXT PRIMARY KEY,
  account_id     TEXT NOT NULL,
  remote_id      TEXT,
  remote_version INTEGER,
  data           TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(data)),
  base           TEXT CHECK (base IS NULL OR json_valid(base)),
  created_at     INTEGER NOT NULL,
  updated_at     INTEGER NOT NULL,
  deleted        INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
  sync_state     TEXT NOT NULL DEFAULT 'local' CHECK (sync_state IN ('local', 'pending', 'synced', 'conflict')),
  conflict       TEXT CHECK (conflict IS NULL OR json_valid(conflict)),
  name        TEXT GENERATED ALWAYS AS (coalesce(json_extract(data, '$.name'), '')) VIRTUAL
) STRICT;
CREATE UNIQUE INDEX media_templates_remote ON media_templates (account_id, remote_id) WHERE remote_id IS NOT NULL;
CREATE INDEX media_templates_updated ON media_templates (account_id, deleted, updated_at);
CREATE INDEX media_templates_conflict ON media_templates (account_id) WHERE sync_state = 'conflict';
CREATE INDEX media_templates_name ON media_templates (account_id, deleted, name);
CREATE TABLE posts (
  id             TEXT PRIMARY KEY,
  account_id     TEXT NOT NULL,
  remote_id      TEXT,
  remote_version INTEGER,
  data           TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(data)),
  base           TEXT CHECK (base IS NULL OR json_valid(base)),
  created_at     INTEGER NOT NULL,
  updated_at     INTEGER NOT NULL,
  deleted        INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
  sync_state     TEXT NOT NULL DEFAULT 'local' CHECK (sync_state IN ('local', 'pending', 'synced', 'conflict')),
  conflict       TEXT CHECK (conflict IS NULL OR json_valid(conflict)),
  status       TEXT GENERATED ALWAYS AS (coalesce(json_extract(data, '$.status'), 'draft')) VIRTUAL,
  scheduled_at TEXT GENERATED ALWAYS AS (json_extract(data, '$.scheduled_at')) VIRTUAL
) STRICT;
CREATE UNIQUE INDEX posts_remote ON posts (account_id, remote_id) WHERE remote_id IS NOT NULL;
CREATE INDEX posts_updated ON posts (account_id, deleted, updated_at);
CREATE INDEX posts_conflict ON posts (account_id) WHERE sync_state = 'conflict';
CREATE INDEX posts_scheduled_at ON posts (account_id, deleted, scheduled_at);

-- The library's own indexes: newest first, by type, by size, and the live (not trashed) view.
CREATE INDEX assets_created ON assets (account_id, deleted, trashed_at, created_at);
CREATE INDEX assets_size ON assets (account_id, deleted, trashed_at, size_bytes);
CREATE INDEX assets_sha ON assets (sha256);

-- Tags, kept by triggers so a tag filter is an index lookup at 100,000 assets.
CREATE TABLE asset_tags (
  asset_id TEXT NOT NULL REFERENCES assets (id) ON DELETE CASCADE,
  tag      TEXT NOT NULL COLLATE NOCASE,
  PRIMARY KEY (tag, asset_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX asset_tags_asset ON asset_tags (asset_id);

CREATE TRIGGER assets_tags_ai AFTER INSERT ON assets BEGIN
  INSERT OR IGNORE INTO asset_tags (asset_id, tag)
    SELECT new.id, trim(value) FROM json_each(new.data, '$.tags') WHERE type = 'text' AND trim(value) <> '';
END;
CREATE TRIGGER assets_tags_au AFTER UPDATE OF data ON assets WHEN new.tags_text IS NOT old.tags_text BEGIN
  DELETE FROM asset_tags WHERE asset_id = new.id;
  INSERT OR IGNORE INTO asset_tags (asset_id, tag)
    SELECT new.id, trim(value) FROM json_each(new.data, '$.tags') WHERE type = 'text' AND trim(value) <> '';
END;

-- Full-text search over names, tags, notes and AI text (external content: the text lives once).
CREATE VIRTUAL TABLE assets_fts USING fts5 (
  name, tags_text, notes, ai_text,
  content = 'assets', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
CREATE TRIGGER assets_fts_ai AFTER INSERT ON assets BEGIN
  INSERT INTO assets_fts (rowid, name, tags_text, notes, ai_text) VALUES (new.rowid, new.name, new.tags_text, new.notes, new.ai_text);
END;
CREATE TRIGGER assets_fts_ad AFTER DELETE ON assets BEGIN
  INSERT INTO assets_fts (assets_fts, rowid, name, tags_text, notes, ai_text) VALUES ('delete', old.rowid, old.name, old.tags_text, old.notes, old.ai_text);
END;
CREATE TRIGGER assets_fts_au AFTER UPDATE OF data ON assets BEGIN
  INSERT INTO assets_fts (assets_fts, rowid, name, tags_text, notes, ai_text) VALUES ('delete', old.rowid, old.name, old.tags_text, old.notes, old.ai_text);
  INSERT INTO assets_fts (rowid, name, tags_text, notes, ai_text) VALUES (new.rowid, new.name, new.tags_text, new.notes, new.ai_text);
END;

-- The outbox: one entry per local change, written in the same transaction as the change.
-- An entry's payload and idempotency key are frozen once it is handed to the network (sent_at,
-- written before the request leaves); later changes to the record append entries, and entries of
-- one record replay in seq order.
CREATE TABLE outbox (
  seq             INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id      TEXT NOT NULL,
  grp             TEXT NOT NULL,
  record_id       TEXT NOT NULL,
  op              TEXT NOT NULL CHECK (op IN ('create', 'update', 'delete')),
  payload         TEXT NOT NULL CHECK (json_valid(payload)),
  idempotency_key TEXT NOT NULL UNIQUE,
  state           TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'failed', 'conflict')),
  attempts        INTEGER NOT NULL DEFAULT 0,
  sent_at         INTEGER,
  next_attempt_at INTEGER NOT NULL DEFAULT 0,
  last_error      TEXT,
  created_at      INTEGER NOT NULL,
  updated_at      INTEGER NOT NULL
) STRICT;
CREATE INDEX outbox_record ON outbox (record_id, seq);
CREATE INDEX outbox_due ON outbox (account_id, grp, state, seq);

-- Where each group's change feed was last read, per account.
CREATE TABLE sync_cursors (
  account_id TEXT NOT NULL,
  grp        TEXT NOT NULL,
  cursor     TEXT,
  pulled_at  INTEGER,
  PRIMARY KEY (account_id, grp)
) STRICT;

-- The activity log the sync view shows (trimmed to the newest entries).
CREATE TABLE sync_log (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  at         INTEGER NOT NULL,
  account_id TEXT,
  grp        TEXT,
  record_id  TEXT,
  level      TEXT NOT NULL CHECK (level IN ('info', 'warn', 'error')),
  message    TEXT NOT NULL
) STRICT;
