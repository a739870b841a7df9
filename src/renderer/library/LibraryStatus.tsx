import type { AppError } from '../../shared/errors';
import type { ImportReport } from '../../shared/library';
import { NoticeToast } from '../app/NoticeToast';
import { ImportSummary } from './ImportSummary';
import { isEmptyReport } from './import-report';
import type { Notice } from './notice';
import type { ImportProgress } from './use-import';

interface Props {
  progress: ImportProgress | null;
  report: ImportReport | null;
  importError: AppError | null;
  notice: Notice | null;
  onCancelImport(): void;
  onDismissImport(): void;
  onDismissNotice(): void;
}

function progressText(p: ImportProgress): string {
  if (p.phase === 'reading')
    return p.done ? `Reading dropped folders… ${p.done.toLocaleString()} files found` : 'Reading dropped folders…';
  if (p.phase === 'uploading') return `Uploading ${p.done.toLocaleString()} of ${p.total.toLocaleString()} files…`;
  return p.total ? `Importing ${p.total.toLocaleString()} ${p.total === 1 ? 'file' : 'files'}…` : 'Importing…';
}

/** The live region of the section: import progress and summary, and the result of the last action. */
export function LibraryStatus({
  progress,
  report,
  importError,
  notice,
  onCancelImport,
  onDismissImport,
  onDismissNotice,
}: Props) {
  return (
    <>
      <div className="library-status" role="status" aria-live="polite">
        {progress && (
          <div className="import-progress">
            <span>{progressText(progress)}</span>
            {progress.phase === 'uploading' && (
              <progress max={progress.total} value={progress.done} aria-label="Upload progress" />
            )}
            {progress.phase !== 'importing' && (
              <button type="button" className="lib-small" onClick={onCancelImport}>
                Cancel
              </button>
            )}
          </div>
        )}
        {importError && (
          <div className="error-note">
            <strong>The import did not finish: {importError.message}</strong>
            {importError.hint && <span> {importError.hint}</span>}{' '}
            <button type="button" className="link" onClick={onDismissImport}>
              Dismiss
            </button>
          </div>
        )}
        {report && !isEmptyReport(report) && <ImportSummary report={report} onDismiss={onDismissImport} />}
        {notice?.tone === 'error' && (
          <div className="error-note lib-notice">
            <span>{notice.text}</span>
            {notice.hint && <span> {notice.hint}</span>}
            <button type="button" className="lib-small" aria-label="Dismiss" onClick={onDismissNotice}>
              ×
            </button>
          </div>
        )}
      </div>
      {/* Errors stay above until read; what went well passes as a toast. */}
      <NoticeToast notice={notice?.tone === 'info' ? notice : null} onDismiss={onDismissNotice} />
    </>
  );
}
