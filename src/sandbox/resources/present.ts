import { iso } from '../clock';
import type { StoredRecord } from './store';

/** A live record is flat: its fields plus the server's; a tombstone only says what was deleted and when. */
export function present(record: StoredRecord): Record<string, unknown> {
  if (record.deletedAt !== null) {
    return {
      id: record.id,
      deleted: true,
      version: record.version,
      created_at: iso(record.createdAt),
      updated_at: iso(record.updatedAt),
      deleted_at: iso(record.deletedAt),
    };
  }
  return {
    id: record.id,
    ...record.data,
    version: record.version,
    created_at: iso(record.createdAt),
    updated_at: iso(record.updatedAt),
    deleted: false,
  };
}
