import { useId, useState } from 'react';
import type { BackupView } from '../../shared/backups';
import type { Settings } from '../../shared/settings';
import { SubmitError } from '../ai/SubmitError';
import { useChannel, useEventSync } from '../backend/context';
import { useAction } from '../backend/use-action';
import { formatBytes } from '../library/format';
import { QueryError } from '../sync/QueryError';
import { absoluteTime } from '../sync/format';
import { reasonLabels } from './backups-format';
import { RestoreDialog } from './RestoreDialog';

function BackupRow({ backup, onRestore }: { backup: BackupView; onRestore(): void }) {
  return (
    <tr data-testid="backup-row" data-id={backup.id}>
      <th scope="row">{absoluteTime(backup.createdAt)}</th>
      <td className="num">{formatBytes(backup.sizeBytes)}</td>
      <td>{backup.appVersion}</td>
      <td>{reasonLabels[backup.reason]}</td>
      <td className={backup.ok ? undefined : 'sync-attention'}>
        {backup.ok ? `✓ Checked (${backup.records} records)` : `✗ Failed its check: ${backup.problem ?? ''}`}
      </td>
      <td>
        {backup.ok && (
          <button type="button" className="link" data-testid="backup-restore" onClick={onRestore}>
            Restore…
          </button>
        )}
      </td>
    </tr>
  );
}

function Retention({ settings, update }: { settings: Settings; update(patch: Partial<Settings>): void }) {
  const id = useId();
  const field = (key: 'backupsKeepDaily' | 'backupsKeepWeekly', label: string, min: number, max: number) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        type="number"
        min={min}
        max={max}
        defaultValue={settings[key]}
        onBlur={(e) => {
          const value = Math.round(Number(e.target.value));
          if (Number.isFinite(value) && value >= min && value <= max && value !== settings[key])
            update({ [key]: value });
        }}
      />
    </div>
  );
  return (
    <div className="row">
      {field('backupsKeepDaily', 'Days to keep a backup of', 1, 60)}
      {field('backupsKeepWeekly', 'Weeks before that to keep one of', 0, 52)}
    </div>
  );
}

/** Settings → Backups: the list, Back up now, the folder, Restore…, and how many are kept. */
export function BackupsCard({ settings }: { settings: Settings }) {
  useEventSync('backups.changed', 'backups.list');
  const save = useAction('settings.update', ['settings.get', 'backups.list']);
  const list = useChannel('backups.list', {});
  const create = useAction('backups.create', ['backups.list']);
  const reveal = useAction('backups.reveal');
  const [restoring, setRestoring] = useState<BackupView | null>(null);
  const titleId = useId();
  const backups = list.data?.backups ?? [];
  return (
    <section className="card" aria-labelledby={titleId} data-testid="backups-card">
      <h2 id={titleId}>Backups</h2>
      <p className="muted">
        Atelier backs up its database every day, before it updates the database and before a new version installs. Each
        backup is checked before it is listed. Restoring one never removes a media file.
      </p>
      <QueryError error={list.error} />
      {list.data && backups.length === 0 && <p>No backup yet.</p>}
      {backups.length > 0 && (
        <div className="sync-table-wrap">
          <table className="sync-table">
            <thead>
              <tr>
                <th scope="col">Taken</th>
                <th scope="col" className="num">
                  Size
                </th>
                <th scope="col">Version</th>
                <th scope="col">Why</th>
                <th scope="col">Check</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {backups.map((b) => (
                <BackupRow key={b.id} backup={b} onRestore={() => setRestoring(b)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="row">
        <button
          type="button"
          data-testid="backup-now"
          disabled={create.isPending || list.data?.running}
          onClick={() => create.mutate({})}
        >
          {create.isPending || list.data?.running ? 'Backing up…' : 'Back up now'}
        </button>
        <button type="button" data-testid="backup-reveal" onClick={() => reveal.mutate({})}>
          Show the backups folder
        </button>
      </div>
      {reveal.data && !reveal.data.revealed && (
        <p data-testid="backup-folder">
          The backups are in <span className="mono">{reveal.data.folder}</span> on the computer running Atelier.
        </p>
      )}
      <SubmitError error={create.error?.error ?? reveal.error?.error ?? save.error?.error ?? null} fields={[]} />
      <Retention settings={settings} update={(patch) => save.mutate(patch)} />
      {restoring && <RestoreDialog backup={restoring} onClose={() => setRestoring(null)} />}
    </section>
  );
}
