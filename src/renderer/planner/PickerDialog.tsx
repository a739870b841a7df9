import { useEffect, useId, useRef, type ReactNode } from 'react';

/** A modal dialog for choosing something (focus kept inside, Escape closes); unmounting closes it. */
export function PickerDialog({ title, testId, onClose, children }: { title: string; testId?: string; onClose(): void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    d?.querySelector<HTMLElement>('input, button:not(.picker-close)')?.focus();
  }, []);
  return (
    <dialog ref={dialog} className="picker" aria-labelledby={titleId} data-testid={testId} onClose={onClose}>
      <div className="picker-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="lib-small picker-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      {children}
      <div className="row">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
