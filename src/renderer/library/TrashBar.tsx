import { useState } from 'react';
import { AlertDialog } from 'radix-ui';

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
  return (
    <div className="trash-bar">
      <span className="muted">Assets in the trash can be restored until the trash is emptied.</span>
      <button type="button" disabled={busy || selected === 0} onClick={onRestore}>
        Restore{selected ? ` (${selected.toLocaleString()})` : ''}
      </button>
      {/* Radix closes it on Escape and gives the focus back to "Empty trash…". */}
      <AlertDialog.Root open={confirming} onOpenChange={setConfirming}>
        <AlertDialog.Trigger type="button" disabled={busy || total === 0}>
          Empty trash…
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          {/* Not AlertDialog.Overlay: its scroll lock writes a <style> element, which the page's CSP refuses. */}
          <div className="modal-overlay" />
          <AlertDialog.Content
            className="picker"
            onOpenAutoFocus={(e) => {
              // The answer the question asks for takes the keyboard, as before: Enter deletes, Escape cancels.
              e.preventDefault();
              if (e.currentTarget instanceof HTMLElement)
                e.currentTarget.querySelector<HTMLElement>('.danger')?.focus();
            }}
          >
            <div className="picker-head">
              <AlertDialog.Title>Empty the trash?</AlertDialog.Title>
            </div>
            <AlertDialog.Description>
              {total.toLocaleString()} {total === 1 ? 'asset is' : 'assets are'} deleted for good, with their files on
              this computer. This cannot be undone.
            </AlertDialog.Description>
            <div className="row">
              <AlertDialog.Action type="button" className="danger" disabled={busy} onClick={onEmpty}>
                Delete forever
              </AlertDialog.Action>
              <AlertDialog.Cancel type="button">Cancel</AlertDialog.Cancel>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </div>
  );
}
