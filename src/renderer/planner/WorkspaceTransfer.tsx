import { useId, useState } from 'react';
import { SubmitError } from '../ai/SubmitError';
import { useChannel } from '../backend/context';
import { useAction } from '../backend/use-action';
import { FolderPathField } from '../app/FolderPathField';
import { TransferResult, type TransferDone } from './TransferResult';

/** D7: the whole workspace (records as JSON and media files) to a folder, or back from one into an empty workspace. */
export function WorkspaceTransfer() {
  const id = useId();
  const info = useChannel('app.info', {});
  const web = info.data?.host === 'web';
  const [folder, setFolder] = useState('');
  const [done, setDone] = useState<TransferDone | null>(null);
  const exporter = useAction('workspace.export');
  const importer = useAction('workspace.import', [
    'records.list',
    'records.get',
    'planner.calendar',
    'planner.queue',
    'library.query',
    'library.tags',
    'automations.runs',
  ]);
  const busy = exporter.isPending || importer.isPending;
  const error = exporter.error ?? importer.error;
  const needsFolder = web && !folder.trim();
  const input = folder.trim() ? { folder: folder.trim() } : {};

  const go = (kind: 'export' | 'import') => {
    setDone(null);
    exporter.reset();
    importer.reset();
    (kind === 'export' ? exporter : importer).mutate(input, { onSuccess: (t) => setDone({ kind, t }) });
  };

  return (
    <section className="card form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Workspace backup</h2>
      <p className="muted">
        Export writes every record as JSON and every media file to a folder. Import restores such a folder into an empty
        workspace (a fresh Atelier).
      </p>
      {web ? (
        <FolderPathField
          id={`${id}-folder`}
          testId="workspace-folder"
          placeholder="/home/me/atelier-backup"
          value={folder}
          onChange={setFolder}
        />
      ) : (
        <p className="field-hint">Atelier asks for the folder when you press a button.</p>
      )}
      <div className="row">
        <button
          type="button"
          data-testid="workspace-export"
          disabled={busy || needsFolder}
          onClick={() => go('export')}
        >
          {exporter.isPending ? 'Exporting…' : 'Export workspace'}
        </button>
        <button
          type="button"
          data-testid="workspace-import"
          disabled={busy || needsFolder}
          onClick={() => go('import')}
        >
          {importer.isPending ? 'Importing…' : 'Import workspace'}
        </button>
        <span role="status">{done && <TransferResult done={done} />}</span>
      </div>
      <SubmitError error={error?.error ?? null} fields={[]} />
    </section>
  );
}
