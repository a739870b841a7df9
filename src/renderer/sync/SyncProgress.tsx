/** A determinate bar for the changes handled so far in this drain, with the numbers in words. */
export function SyncProgress({ done, total }: { done: number; total: number }) {
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  const text = `${done} of ${total} ${total === 1 ? 'change' : 'changes'} handled`;
  return (
    <div className="sync-progress">
      <div
        className="sync-progress-track"
        role="progressbar"
        aria-label="Sync progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={text}
        data-testid="sync-progress"
      >
        <div className="sync-progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="sync-progress-text" aria-hidden="true">
        {text}
      </span>
    </div>
  );
}
