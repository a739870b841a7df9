-- The inbox's own state: which of its items the user has read, and when each was first seen (conflicts,
-- mass-delete questions and key warnings carry no time of their own; this keeps their order across restarts).
-- The items themselves are read from where they live (sync, AI jobs, fixes, session, reminders, imports).
CREATE TABLE inbox_reads (
  account_id TEXT NOT NULL,
  item_id    TEXT NOT NULL,
  seen_at    INTEGER NOT NULL,
  read_at    INTEGER,
  PRIMARY KEY (account_id, item_id)
) STRICT;
