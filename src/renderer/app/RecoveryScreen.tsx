import { useState } from 'react';
import type { RecoveryStatus, RescueView } from '../../shared/backups';
import { SubmitError } from '../ai/SubmitError';
import { useChannel } from '../backend/context';
import { useAction } from '../backend/use-action';
import { absoluteTime } from '../sync/format';
import { damageTitle } from '../settings/backups-format';
import { RestoreSummary } from '../settings/RestoreSummary';
import { useReopen } from '../settings/use-reopen';

type Damaged = Extract<RecoveryStatus, { state: 'damaged' }>;

function RestoreChoice({ status }: { status: Damaged }) {
  const list = useChannel('backups.list', {});
  const good = (list.data?.backups ?? []).filter((b) => b.ok);
  const [chosen, setChosen] = useState(status.newest?.id ?? null);
  const restore = useAction('backups.restore');
  const reopen = useReopen();
  const backup = good.find((b) => b.id === chosen) ?? status.newest;
  return (
    <section className="card choice" aria-labelledby="recovery-restore-title">
      <h2 id="recovery-restore-title">Restore a backup</h2>
      {!backup ? (
        <p>There is no backup to restore.</p>
      ) : (
        <>
          <p>
            The newest good backup is from <strong>{absoluteTime(status.newest?.createdAt ?? backup.createdAt)}</strong>
            .
          </p>
          {good.length > 1 && (
            <label className="field">
              <span>Backup to restore</span>
              <select data-testid="recovery-backup" value={backup.id} onChange={(e) => setChosen(e.target.value)}>
                {good.map((b) => (
                  <option key={b.id} value={b.id}>
                    {absoluteTime(b.createdAt)} ({b.records} records)
                  </option>
                ))}
              </select>
            </label>
          )}
          <RestoreSummary id={backup.id} />
          <button
            type="button"
            className="primary"
            data-testid="recovery-restore"
            disabled={restore.isPending || reopen.message !== null}
            onClick={() => restore.mutate({ id: backup.id }, { onSuccess: reopen.after })}
          >
            {restore.isPending ? 'Restoring…' : 'Restore this backup'}
          </button>
        </>
      )}
      <SubmitError error={restore.error?.error ?? null} fields={[]} />
      {reopen.message && <p role="status">{reopen.message}</p>}
    </section>
  );
}

function RescueResult({ result }: { result: RescueView }) {
  const lost = result.tables.reduce((n, t) => n + t.lost, 0);
  return (
    <div role="status" data-testid="rescue-result">
      <p>
        Rescued {result.tables.reduce((n, t) => n + t.copied, 0)} rows{lost > 0 ? `; ${lost} could not be read` : ''}.
        The damaged file is kept as {result.keptAs}.
      </p>
    </div>
  );
}

function RescueChoice() {
  const rescue = useAction('recovery.rescue');
  const reopen = useReopen();
  return (
    <section className="card choice" aria-labelledby="recovery-rescue-title">
      <h2 id="recovery-rescue-title">Rescue what can be read</h2>
      <p>
        Atelier copies everything it can still read into a new database and opens that. The damaged file is kept beside
        it, untouched. What was on the damaged parts is lost here; what the platform has comes back with the next sync.
      </p>
      <button
        type="button"
        data-testid="recovery-rescue"
        disabled={rescue.isPending || reopen.message !== null}
        onClick={() => rescue.mutate({}, { onSuccess: (result) => reopen.after(result) })}
      >
        {rescue.isPending ? 'Rescuing…' : 'Rescue into a new database'}
      </button>
      <SubmitError error={rescue.error?.error ?? null} fields={[]} />
      {rescue.data && <RescueResult result={rescue.data} />}
      {reopen.message && <p role="status">{reopen.message}</p>}
    </section>
  );
}

/**
 * Shown instead of the app while the database is damaged: what happened, that nothing more is
 * written, and the choices.
 */
export function RecoveryScreen({ status }: { status: Damaged }) {
  const { damage } = status;
  return (
    <main className="first-run recovery" aria-labelledby="recovery-title" data-testid="recovery-screen">
      <h1 id="recovery-title">{damageTitle(damage)}</h1>
      <p className="lead" data-testid="recovery-message">
        {damage.message}
      </p>
      <p>
        <strong>Nothing more will be written to it.</strong> The file stays exactly as it is:{' '}
        <span className="mono">{damage.file}</span>
      </p>
      <p className="muted">
        Found {damage.during === 'start' ? 'when Atelier opened it' : 'while Atelier was running'},{' '}
        {absoluteTime(damage.detectedAt)}. {damage.hint}
      </p>
      <div className="choices">
        <RestoreChoice status={status} />
        {status.canRescue && <RescueChoice />}
      </div>
    </main>
  );
}
