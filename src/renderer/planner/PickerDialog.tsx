import type { ReactNode } from 'react';
import { Modal } from '../app/Modal';

/** A modal dialog for choosing something (focus kept inside, Escape closes); unmounting closes it. */
export function PickerDialog({
  title,
  testId,
  onClose,
  children,
}: {
  title: string;
  testId?: string;
  onClose(): void;
  children: ReactNode;
}) {
  return (
    <Modal title={title} testId={testId} onClose={onClose} closeButton>
      {children}
      <div className="row">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
