import { useState } from 'react';
import type { ResourceGroup } from '../../shared/profile';
import type { RecordView } from '../../shared/records';
import { createFields, patchOf } from './fields';
import { usePlannerAction } from './use-records';

/**
 * Saving an editor's record: create it, or send only what changed; the notice and the failure to
 * show. `save` answers the record's id, or null when it could not be saved (the failure is set).
 */
export function useRecordSave(group: ResourceGroup, created: string, notice: string | null, onSaved: (record: RecordView, notice: string) => void) {
  const [saved, setSaved] = useState(notice);
  const [failure, setFailure] = useState<unknown>(null);
  const create = usePlannerAction('records.create');
  const update = usePlannerAction('records.update');
  const save = async (record: RecordView | null, fields: Record<string, unknown>): Promise<string | null> => {
    setFailure(null);
    const patch = record ? patchOf(record.fields, fields) : null;
    if (record && patch && Object.keys(patch).length === 0) return record.id;
    try {
      const next = record && patch ? await update.mutateAsync({ group, id: record.id, fields: patch }) : await create.mutateAsync({ group, fields: createFields(fields) });
      const said = record ? 'Saved.' : created;
      onSaved(next, said);
      setSaved(said);
      return next.id;
    } catch (e) {
      setFailure(e);
      return null;
    }
  };
  return { save, saved, setSaved, failure, setFailure, busy: create.isPending || update.isPending };
}
