-- The live assets of an account, narrowest form: (account, tombstone, trash), then the rowid SQLite
-- appends to every index. The library's total with no filter counts one range of it (a third smaller
-- than assets_created, so it stays in the CPU's caches longer at 1,000,000 assets), and a search's
-- total looks each full-text match up in it by rowid, in rowid order, instead of in the assets table
-- (whole rows: ten times the pages) or of a list of every match built for a scan of the library.
CREATE INDEX assets_live ON assets (account_id, deleted, trashed_at);
