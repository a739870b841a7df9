import { useState } from 'react';
import type { ResourceGroup } from '../../shared/profile';
import type { GroupSyncView } from '../../shared/sync';
import { Modal } from '../app/Modal';
import { QueryError } from './QueryError';
import { groupLabels, groupNouns } from './format';
import { useSyncAction } from './use-sync';

type Asking = GroupSyncView & { massDelete: NonNullable<GroupSyncView['massDelete']> };

/**
 * A pull that would delete most of a group waits for the user: allow it, or keep ours and send them
 * again. One question at a time, as an alert dialog; Escape puts it aside for this visit (the group
 * table still says it waits for an answer).
 */
export function MassDeletePrompts({ groups }: { groups: GroupSyncView[] }) {
  const [later, setLater] = useState<readonly ResourceGroup[]>([]);
  const asking = groups.find((g): g is Asking => g.massDelete !== null && !later.includes(g.group));
  if (!asking) return null;
  return <MassDeletePrompt key={asking.group} group={asking} onLater={() => setLater((l) => [...l, asking.group])} />;
}

function MassDeletePrompt({ group: g, onLater }: { group: Asking; onLater(): void }) {
  const confirm = useSyncAction('sync.confirmMassDelete');
  const title = (
    <>
      <span aria-hidden="true">⚠ </span>
      {groupLabels[g.group]}: the platform would delete most of them
    </>
  );
  return (
    <Modal title={title} testId={`mass-delete-${g.group}`} alert busy={confirm.isPending} onClose={onLater}>
      <p>
        The platform would delete {g.massDelete.wouldDelete} of your {g.massDelete.localCount} {groupNouns[g.group]}.
        Nothing is deleted until you answer.
      </p>
      <p className="muted">
        Allow deletes them here too. Keep mine keeps them on this computer and sends them back to the platform.
      </p>
      <div className="row">
        <button
          type="button"
          onClick={() => confirm.mutate({ group: g.group, choice: 'allow' })}
          disabled={confirm.isPending}
        >
          Allow
        </button>
        <button
          type="button"
          className="primary"
          data-autofocus
          onClick={() => confirm.mutate({ group: g.group, choice: 'keep' })}
          disabled={confirm.isPending}
        >
          Keep mine
        </button>
      </div>
      <QueryError error={confirm.error} />
    </Modal>
  );
}
