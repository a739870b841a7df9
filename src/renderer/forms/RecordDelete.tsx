import type { ResourceGroup } from '../../shared/profile';
import type { RecordView } from '../../shared/records';
import { ErrorNote } from '../account/Field';
import { DeleteButton } from '../planner/DeleteButton';
import { usePlannerAction } from '../planner/use-records';

/** An editor's Delete (asked twice) for its record, with the refusal in words under it. */
export function RecordDelete({
  group,
  record,
  what,
  busy,
  onDeleted,
}: {
  group: ResourceGroup;
  record: RecordView | null;
  what: string;
  busy: boolean;
  onDeleted(): void;
}) {
  const remove = usePlannerAction('records.delete');
  if (!record) return null;
  return (
    <>
      <DeleteButton
        what={what}
        busy={busy || remove.isPending}
        onDelete={() => remove.mutate({ group, id: record.id }, { onSuccess: onDeleted })}
      />
      {remove.error && <ErrorNote error={remove.error} />}
    </>
  );
}
