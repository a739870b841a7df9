-- Facts about this workspace itself (when it was created, its id), used by diagnostics.
CREATE TABLE app_meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;
