import { useState } from 'react';

interface Props {
  selected: number;
  total: number;
  busy: boolean;
  onRestore(): void;
  onEmpty(): void;
}

/** In the trash: restore the selection, or empty the trash after saying what that means. */
export function TrashBar({ selected, total, busy, onRestore, onEmpty }: Props) {
  const [confirming, setConfirming] = useState(false);
  if (confirming) {
    return (
      <div
        className="trash-bar warning"
        role="alertdialog"
        aria-labelledby="empty-trash-q"
        aria-describedby="empty-trash-d"
      >
        <strong id="empty-trash-q">Empty the trash?</strong>
        <span id="empty-trash-d">
          {total.toLocaleString()} {total === 1 ? 'asset is' : 'assets are'} deleted for good, with their files on this
          computer. This cannot be undone.
        </span>
        <button
          type="button"
          className="danger"
          autoFocus
          disabled={busy}
          onClick={() => {
            setConfirming(false);
            onEmpty();
          }}
        >
          Delete forever
        </button>
        <button type="button" onClick={() => setConfirming(false)}>
          Cancel
        </button>
      </div>
    );
  }
  return (
    <div className="trash-bar">
      <span className="muted">Assets in the trash can be restored until the trash is emptied.</span>
      <button type="button" disabled={busy || selected === 0} onClick={onRestore}>
        Restore{selected ? ` (${selected.toLocaleString()})` : ''}
      </button>
      <button type="button" disabled={busy || total === 0} onClick={() => setConfirming(true)}>
        Empty trash…
      </button>
    </div>
  );
}
