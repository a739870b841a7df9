-- A tag filter answered from asset_tags alone: each tag row carries the asset columns the library's
-- filter and default order test (account, tombstone, trash, creation time), kept equal to the asset's
-- by triggers. The count is then one index range and the newest page walks that range in order,
-- instead of looking every tagged asset up in the assets table (6,000 lookups for one tag at 100,000
-- assets, then a sort of the whole rows).
ALTER TABLE asset_tags ADD COLUMN account_id TEXT NOT NULL DEFAULT '';
ALTER TABLE asset_tags ADD COLUMN deleted INTEGER NOT NULL DEFAULT 0;
ALTER TABLE asset_tags ADD COLUMN trashed_at INTEGER;
ALTER TABLE asset_tags ADD COLUMN created_at INTEGER NOT NULL DEFAULT 0;

UPDATE asset_tags SET (account_id, deleted, trashed_at, created_at) =
  (SELECT a.account_id, a.deleted, a.trashed_at, a.created_at FROM assets a WHERE a.id = asset_tags.asset_id);

CREATE INDEX asset_tags_filter ON asset_tags (tag, account_id, deleted, trashed_at, created_at);

DROP TRIGGER assets_tags_ai;
DROP TRIGGER assets_tags_au;
CREATE TRIGGER assets_tags_ai AFTER INSERT ON assets BEGIN
  INSERT OR IGNORE INTO asset_tags (asset_id, tag, account_id, deleted, trashed_at, created_at)
    SELECT new.id, trim(value), new.account_id, new.deleted, new.trashed_at, new.created_at
    FROM json_each(new.data, '$.tags') WHERE type = 'text' AND trim(value) <> '';
END;
CREATE TRIGGER assets_tags_au AFTER UPDATE OF data ON assets WHEN new.tags_text IS NOT old.tags_text BEGIN
  DELETE FROM asset_tags WHERE asset_id = new.id;
  INSERT OR IGNORE INTO asset_tags (asset_id, tag, account_id, deleted, trashed_at, created_at)
    SELECT new.id, trim(value), new.account_id, new.deleted, new.trashed_at, new.created_at
    FROM json_each(new.data, '$.tags') WHERE type = 'text' AND trim(value) <> '';
END;
-- Trash, restore, tombstone (and anything else that moves these columns) follow on the tag rows.
CREATE TRIGGER assets_tags_state AFTER UPDATE OF account_id, deleted, trashed_at, created_at ON assets
  WHEN new.account_id IS NOT old.account_id OR new.deleted IS NOT old.deleted
    OR new.trashed_at IS NOT old.trashed_at OR new.created_at IS NOT old.created_at BEGIN
  UPDATE asset_tags SET account_id = new.account_id, deleted = new.deleted, trashed_at = new.trashed_at,
    created_at = new.created_at
  WHERE asset_id = new.id;
END;
