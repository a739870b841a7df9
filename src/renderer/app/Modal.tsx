import type { ReactNode } from 'react';
import { Dialog } from 'radix-ui';

interface Props {
  title: ReactNode;
  testId?: string | undefined;
  /** Escape, a close button or Cancel; refused while `busy` (a restore must not be left half-way). */
  onClose(): void;
  busy?: boolean;
  /** The role Radix gives it: `alertdialog` for a question that must be answered. */
  alert?: boolean;
  /** A close button beside the title. */
  closeButton?: boolean;
  children: ReactNode;
}

// The element marked data-autofocus, else the first field or button, takes the keyboard (not the close button).
const FIRST =
  'input:not(:disabled), textarea:not(:disabled), select:not(:disabled), button:not(:disabled):not(.picker-close)';

/**
 * A modal dialog, open while mounted. Radix keeps the focus inside, closes it on Escape and gives
 * the focus back to where it was; a click outside does nothing, as with the native modal before.
 */
export function Modal({ title, testId, onClose, busy = false, alert = false, closeButton = false, children }: Props) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        {/* Not Dialog.Overlay: its scroll lock writes a <style> element, which the page's CSP refuses. */}
        <div className="modal-overlay" />
        <Dialog.Content
          className="picker"
          role={alert ? 'alertdialog' : 'dialog'}
          data-testid={testId}
          aria-describedby={undefined}
          onPointerDownOutside={(e) => e.preventDefault()}
          onOpenAutoFocus={(e) => {
            if (!(e.target instanceof HTMLElement)) return;
            e.preventDefault();
            (
              e.target.querySelector<HTMLElement>('[data-autofocus]') ?? e.target.querySelector<HTMLElement>(FIRST)
            )?.focus();
          }}
        >
          <div className="picker-head">
            <Dialog.Title>{title}</Dialog.Title>
            {closeButton && (
              <Dialog.Close className="lib-small picker-close" aria-label="Close" disabled={busy}>
                ×
              </Dialog.Close>
            )}
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
