import type { BackupView } from '../../shared/backups';
import { SubmitError } from '../ai/SubmitError';
import { Modal } from '../app/Modal';
import { useAction } from '../backend/use-action';
import { absoluteTime } from '../sync/format';
import { RestoreSummary } from './RestoreSummary';
import { useReopen } from './use-reopen';

/** "Restore…": says what will be lost, then replaces the database with the backup and reopens. */
export function RestoreDialog({ backup, onClose }: { backup: BackupView; onClose(): void }) {
  const restore = useAction('backups.restore');
  const reopen = useReopen();
  const busy = restore.isPending || reopen.reopening;
  return (
    // Escape does not close it while the database is being replaced.
    <Modal
      title={`Restore the backup from ${absoluteTime(backup.createdAt)}?`}
      testId="restore-dialog"
      busy={busy}
      onClose={onClose}
    >
      <RestoreSummary id={backup.id} />
      <p className="muted">
        The current database is not deleted: it is kept, as it is, beside the restored one. Media files are never
        removed by a restore.
      </p>
      <SubmitError error={restore.error?.error ?? null} fields={[]} />
      {reopen.message && (
        <p role="status" data-testid="restore-done">
          {reopen.message}
        </p>
      )}
      <div className="row">
        <button type="button" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button
          type="button"
          className="primary"
          data-testid="restore-confirm"
          disabled={busy || reopen.message !== null}
          onClick={() => restore.mutate({ id: backup.id }, { onSuccess: reopen.after })}
        >
          {restore.isPending ? 'Restoring…' : 'Restore and reopen'}
        </button>
      </div>
    </Modal>
  );
}
