import { useEffect, useId, useRef } from 'react';
import { useChannel } from '../backend/context';
import { useAction } from '../backend/use-action';
import { absoluteTime } from '../sync/format';
import { lostLine } from '../settings/backups-format';

/** Once, after a restore: which unsent changes the backup did not hold, by record. */
export function RestoreReportDialog() {
  const report = useChannel('recovery.report', {});
  const dismiss = useAction('recovery.dismissReport', ['recovery.report']);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const data = report.data;
  useEffect(() => {
    const d = dialog.current;
    if (d && data && !d.open) d.showModal();
  }, [data]);
  if (!data) return null;
  return (
    <dialog ref={dialog} className="picker" aria-labelledby={titleId} data-testid="restore-report" onClose={() => dismiss.mutate({})}>
      <h2 id={titleId}>The backup from {absoluteTime(data.backup.createdAt)} was restored</h2>
      {data.unreadable ? (
        <p>The previous database could not be read, so Atelier cannot list the changes that were not sent from it.</p>
      ) : data.lost.length === 0 ? (
        <p>Every change had reached the platform: nothing was lost. What the platform has comes back with the next sync.</p>
      ) : (
        <>
          <p>These changes had not reached the platform and are not in the backup, so they are lost:</p>
          <ul data-testid="restore-report-lost">
            {data.lost.map((c) => (
              <li key={`${c.recordId}-${c.at}-${c.op}`}>{lostLine(c)}</li>
            ))}
          </ul>
        </>
      )}
      <p className="muted">
        The previous database is kept in the data folder as <span className="mono">{data.keptAs}</span>. This list is also kept in the backups folder.
      </p>
      <div className="row">
        <button type="button" className="primary" onClick={() => dismiss.mutate({})}>
          OK
        </button>
      </div>
    </dialog>
  );
}
