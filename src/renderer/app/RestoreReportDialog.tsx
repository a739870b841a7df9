import type { RescueReport, RestoreReport } from '../../shared/backups';
import { useChannel } from '../backend/context';
import { useAction } from '../backend/use-action';
import { absoluteTime } from '../sync/format';
import { lostLine } from '../settings/backups-format';
import { Modal } from './Modal';

function RestoreBody({ data }: { data: RestoreReport }) {
  if (data.unreadable)
    return (
      <p>The previous database could not be read, so Atelier cannot list the changes that were not sent from it.</p>
    );
  if (data.lost.length === 0)
    return (
      <p>
        Every change had reached the platform: nothing was lost. What the platform has comes back with the next sync.
      </p>
    );
  return (
    <>
      <p>These changes had not reached the platform and are not in the backup, so they are lost:</p>
      <ul data-testid="restore-report-lost">
        {data.lost.map((c) => (
          <li key={`${c.recordId}-${c.at}-${c.op}`}>{lostLine(c)}</li>
        ))}
      </ul>
    </>
  );
}

// Per table: what the rescue read back, and what it could not read.
function RescueBody({ data }: { data: RescueReport }) {
  const tables = data.tables.filter((t) => t.copied > 0 || t.lost > 0);
  return (
    <>
      <p>What could be read from the damaged database was saved into a new one, table by table:</p>
      <ul data-testid="rescue-report-tables">
        {tables.map((t) => (
          <li key={t.name}>
            {t.name}: {t.copied} saved{t.lost > 0 ? `, ${t.lost} could not be read` : ''}
          </li>
        ))}
      </ul>
      <p>What the platform already has comes back with the next sync.</p>
    </>
  );
}

/** Once, after a restore (which unsent changes the backup did not hold) or a rescue (what it saved). */
export function RestoreReportDialog() {
  const report = useChannel('recovery.report', {});
  const dismiss = useAction('recovery.dismissReport', ['recovery.report']);
  const data = report.data;
  if (!data) return null;
  const previous = data.kind === 'rescue' ? 'The damaged database' : 'The previous database';
  return (
    <Modal
      title={
        data.kind === 'rescue'
          ? 'The damaged database was rescued'
          : `The backup from ${absoluteTime(data.backup.createdAt)} was restored`
      }
      testId="restore-report"
      onClose={() => dismiss.mutate({})}
    >
      {data.kind === 'rescue' ? <RescueBody data={data} /> : <RestoreBody data={data} />}
      <p className="muted">
        {previous} is kept in the data folder as <span className="mono">{data.keptAs}</span>. This report is also kept
        in the backups folder.
      </p>
      <div className="row">
        <button type="button" className="primary" onClick={() => dismiss.mutate({})}>
          OK
        </button>
      </div>
    </Modal>
  );
}
