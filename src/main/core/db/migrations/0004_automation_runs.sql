-- The automations' run log: local only (never synced), one row per rule per event, including the
-- runs loop protection and the rate limit skipped, so a creator can see why a rule did not act.
CREATE TABLE automation_runs (
  id              INTEGER PRIMARY KEY,
  account_id      TEXT NOT NULL,
  automation_id   TEXT NOT NULL,
  automation_name TEXT NOT NULL,
  at              INTEGER NOT NULL,
  cause           TEXT NOT NULL,
  outcome         TEXT NOT NULL CHECK (outcome IN ('ok', 'failed', 'skipped')),
  message         TEXT NOT NULL
) STRICT;
CREATE INDEX automation_runs_account ON automation_runs (account_id, id);
CREATE INDEX automation_runs_automation ON automation_runs (account_id, automation_id, id);

-- AI jobs an automation queued, with the chain of automations that led to them: the job's success
-- arrives later (maybe after a restart) and must carry the chain on, or a rule could loop forever.
CREATE TABLE automation_job_chains (
  job_id     TEXT PRIMARY KEY,
  chain      TEXT NOT NULL CHECK (json_valid(chain)),
  created_at INTEGER NOT NULL
) STRICT;
