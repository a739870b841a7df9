import type { GroupSyncView } from '../../shared/sync';
import { QueryError } from './QueryError';
import { groupLabels, groupNouns } from './format';
import { useSyncAction } from './use-sync';

type Asking = GroupSyncView & { massDelete: NonNullable<GroupSyncView['massDelete']> };

/** A pull that would delete most of a group waits for the user: allow it, or keep ours and send them again. */
export function MassDeletePrompts({ groups }: { groups: GroupSyncView[] }) {
  const asking = groups.filter((g): g is Asking => g.massDelete !== null);
  if (asking.length === 0) return null;
  return (
    <>
      {asking.map((g) => (
        <MassDeletePrompt key={g.group} group={g} />
      ))}
    </>
  );
}

function MassDeletePrompt({ group: g }: { group: Asking }) {
  const confirm = useSyncAction('sync.confirmMassDelete');
  const titleId = `mass-delete-${g.group}-title`;
  return (
    <section className="card sync-ask" aria-labelledby={titleId} data-testid={`mass-delete-${g.group}`}>
      <h2 id={titleId}>
        <span aria-hidden="true">⚠ </span>
        {groupLabels[g.group]}: the platform would delete most of them
      </h2>
      <p>
        The platform would delete {g.massDelete.wouldDelete} of your {g.massDelete.localCount} {groupNouns[g.group]}. Nothing is deleted until you answer.
      </p>
      <p className="muted">Allow deletes them here too. Keep mine keeps them on this computer and sends them back to the platform.</p>
      <div className="row">
        <button type="button" onClick={() => confirm.mutate({ group: g.group, choice: 'allow' })} disabled={confirm.isPending}>
          Allow
        </button>
        <button type="button" className="primary" onClick={() => confirm.mutate({ group: g.group, choice: 'keep' })} disabled={confirm.isPending}>
          Keep mine
        </button>
      </div>
      <QueryError error={confirm.error} />
    </section>
  );
}
