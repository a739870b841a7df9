import type { WorkspaceTransfer as Transfer } from '../../shared/planner';

export type TransferDone = { kind: 'export' | 'import'; t: Transfer };

/** What the last workspace export or import did (or that it was cancelled). */
export function TransferResult({ done }: { done: TransferDone }) {
  const exported = done.kind === 'export';
  if (done.t.folder === '') {
    return (
      <span className="muted" data-testid="workspace-result">
        Cancelled: nothing was {exported ? 'exported' : 'imported'}.
      </span>
    );
  }
  const records = done.t.records === 1 ? 'record' : 'records';
  const files = done.t.files === 1 ? 'file' : 'files';
  return (
    <span className="lib-notice" data-testid="workspace-result">
      {exported ? 'Exported' : 'Imported'} {done.t.records} {records} and {done.t.files} {files}{' '}
      {exported ? 'to' : 'from'} <span className="mono">{done.t.folder}</span>.
    </span>
  );
}
