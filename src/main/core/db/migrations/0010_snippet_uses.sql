-- How often each snippet was inserted on this computer. Kept apart from the snippet itself (a synced
-- media template record) so that inserting one never makes a change to send; most-used lists first.
CREATE TABLE snippet_uses (
  account_id   TEXT NOT NULL,
  snippet_id   TEXT NOT NULL,
  uses         INTEGER NOT NULL DEFAULT 0 CHECK (uses >= 0),
  last_used_at INTEGER NOT NULL,
  PRIMARY KEY (account_id, snippet_id)
) STRICT;
