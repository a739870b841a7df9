import type { RefObject } from 'react';
import { ariaKeyShortcut } from '../app/platform';

interface Props {
  /** The hidden file input (browser mode), so the import command can open it too. */
  inputRef: RefObject<HTMLInputElement | null>;
  /** A browser picks files with its own input; the desktop app opens the system dialog. */
  usesUploads: boolean;
  busy: boolean;
  onDialog(): void;
  onFiles(files: File[]): void;
}

/** "Import…": the system file dialog in the desktop app, the browser's file picker otherwise. */
export function ImportButton({ inputRef: input, usesUploads, busy, onDialog, onFiles }: Props) {
  return (
    <>
      <button
        type="button"
        className="primary"
        aria-keyshortcuts={ariaKeyShortcut('import')}
        disabled={busy}
        onClick={() => (usesUploads ? input.current?.click() : onDialog())}
      >
        Import…
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        aria-label="Choose files to import"
        data-testid="import-input"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          // Clear it so choosing the same files again fires another change.
          e.target.value = '';
          onFiles(files);
        }}
      />
    </>
  );
}
