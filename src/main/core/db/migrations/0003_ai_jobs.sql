-- The AI job queue and its results. A job is one request to one AI operation; it moves
-- queued -> running -> succeeded | failed | cancelled, and a running job found at start
-- (the app stopped mid-request) goes back to queued with the same idempotency key, so the
-- platform replays its answer instead of generating (and billing) again.
CREATE TABLE ai_jobs (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  operation TEXT NOT NULL,
  model_id TEXT NOT NULL,
  prompt TEXT,
  params TEXT NOT NULL DEFAULT '{}',
  -- The media input, stored content-addressed like library files.
  input_sha256 TEXT,
  input_name TEXT,
  input_mime TEXT,
  input_kind TEXT,
  input_size INTEGER,
  -- Where the platform already holds the input (a result it produced), for profiles that send URLs.
  input_url TEXT,
  -- Words that describe the input (the prompt behind a result used as input, an asset's name), so
  -- searching a prompt also finds what was made from its result.
  source_text TEXT,
  -- SHA-256 of the canonical request (profile, operation, model, prompt, parameters, input hash):
  -- the same request again finds the stored result instead of paying twice.
  fingerprint TEXT NOT NULL,
  idempotency_key TEXT NOT NULL UNIQUE,
  profile TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
  -- Order among waiting jobs; reordering writes a value between two neighbours.
  position REAL NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  -- A waiting job does not start before this (Retry-After, offline backoff), epoch ms.
  not_before INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  started_at INTEGER,
  finished_at INTEGER,
  -- When the request that produced the result left, and how long it took, ms.
  requested_at INTEGER,
  duration_ms INTEGER,
  -- Last error as an AppError (JSON); kept on a queued job to say why it waits.
  error TEXT,
  -- The body as sent (media replaced by its hash) and the platform's answer as received.
  request TEXT,
  response TEXT,
  result_text TEXT,
  unknown_shape INTEGER NOT NULL DEFAULT 0 CHECK (unknown_shape IN (0, 1))
);
CREATE INDEX ai_jobs_queue ON ai_jobs (account_id, state, position);
CREATE INDEX ai_jobs_created ON ai_jobs (account_id, created_at DESC);
CREATE INDEX ai_jobs_fingerprint ON ai_jobs (account_id, fingerprint) WHERE state = 'succeeded';

CREATE TABLE ai_outputs (
  job_id TEXT NOT NULL REFERENCES ai_jobs (id) ON DELETE CASCADE,
  idx INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('image', 'video', 'audio')),
  sha256 TEXT NOT NULL,
  mime_type TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  width INTEGER,
  height INTEGER,
  duration_ms INTEGER,
  thumb_sha256 TEXT,
  -- Where the platform serves it (used as the input of a later job on URL profiles).
  remote_url TEXT,
  asset_id TEXT,
  PRIMARY KEY (job_id, idx)
);
CREATE INDEX ai_outputs_sha ON ai_outputs (sha256);

-- Full text over prompts and produced text.
CREATE VIRTUAL TABLE ai_fts USING fts5 (
  prompt, result_text, source_text,
  content = 'ai_jobs', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
CREATE TRIGGER ai_fts_ai AFTER INSERT ON ai_jobs BEGIN
  INSERT INTO ai_fts (rowid, prompt, result_text, source_text) VALUES (new.rowid, new.prompt, new.result_text, new.source_text);
END;
CREATE TRIGGER ai_fts_ad AFTER DELETE ON ai_jobs BEGIN
  INSERT INTO ai_fts (ai_fts, rowid, prompt, result_text, source_text) VALUES ('delete', old.rowid, old.prompt, old.result_text, old.source_text);
END;
CREATE TRIGGER ai_fts_au AFTER UPDATE OF prompt, result_text, source_text ON ai_jobs BEGIN
  INSERT INTO ai_fts (ai_fts, rowid, prompt, result_text, source_text) VALUES ('delete', old.rowid, old.prompt, old.result_text, old.source_text);
  INSERT INTO ai_fts (rowid, prompt, result_text, source_text) VALUES (new.rowid, new.prompt, new.result_text, new.source_text);
END;
