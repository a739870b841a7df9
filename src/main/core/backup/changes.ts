import { z } from 'zod';
import type { GroupChanges, LostChange } from '../../../shared/backups';
import { ResourceGroup, resourceGroups } from '../../../shared/profile';
import type { Db } from '../db/open';
import { withReadOnly } from '../db/read-only';
import { recordLabel } from '../store/labels';
import { savedEntries, type SavedEntry } from '../store/outbox';
import { changeCountsSince, storedData } from '../store/record-store';
import { tableOf } from '../store/tables';

// What restoring a backup loses, read (never written) from the current database and the backup.

/** Records created, changed or deleted since `sinceMs`, per group (groups without changes left out). */
export function changesSince(db: Db, sinceMs: number): GroupChanges[] {
  const out: GroupChanges[] = [];
  for (const group of resourceGroups) {
    const counts = changeCountsSince(db, group, sinceMs);
    if (counts.created + counts.changed + counts.deleted > 0) out.push({ group, ...counts });
  }
  return out;
}

const Fields = z.record(z.string(), z.unknown());

function fieldsOf(json: string): Record<string, unknown> {
  try {
    const parsed = Fields.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

function labelOf(db: Db, group: ResourceGroup, entry: SavedEntry): string {
  const { noun } = tableOf(group);
  try {
    const data = storedData(db, group, entry.record_id);
    return recordLabel(noun, fieldsOf(data ?? entry.payload));
  } catch {
    return recordLabel(noun, fieldsOf(entry.payload));
  }
}

/** Changes waiting in `current`'s outbox that `backup` does not hold: restoring loses them. */
export function unsentChanges(current: Db, backup: Db | null): LostChange[] {
  const held = new Set(backup ? savedEntries(backup).map((e) => e.idempotency_key) : []);
  const lost: LostChange[] = [];
  for (const entry of savedEntries(current)) {
    const group = ResourceGroup.safeParse(entry.grp);
    if (!group.success || held.has(entry.idempotency_key)) continue;
    lost.push({
      group: group.data,
      recordId: entry.record_id,
      label: labelOf(current, group.data, entry),
      op: entry.op,
      at: new Date(entry.created_at).toISOString(),
      maybeSent: entry.sent_at !== null,
    });
  }
  return lost;
}

/** Open a database file to read only; the reason in words when it cannot be read. */
export function readOnly<T>(file: string, read: (db: Db) => T): { value: T } | { problem: string } {
  try {
    return { value: withReadOnly(file, read) };
  } catch (e) {
    return { problem: e instanceof Error ? e.message : String(e) };
  }
}
