import { useId, useRef, useState } from 'react';
import type { AiMediaKind } from '../../shared/ai';
import type { AppError } from '../../shared/errors';
import { acceptFor, type ChosenInput } from './input-choices';
import { inputKindNouns } from './labels';
import { LibraryPicker } from './LibraryPicker';

interface Props {
  kind: AiMediaKind;
  value: ChosenInput | null;
  sending: string | null;
  error: string | undefined;
  fileError: AppError | null;
  onFile(file: File): void;
  onCancelSend(): void;
  onChange(input: ChosenInput | null): void;
}

const sourceWords: Record<ChosenInput['ref']['kind'], string> = {
  asset: 'from the library',
  file: 'from this computer',
  upload: 'from this computer',
  result: 'an earlier result',
};

/** The media input: from the library, a file (or one dropped on the form), or a result chosen in the gallery. */
export function InputChooser({ kind, value, sending, error, fileError, onFile, onCancelSend, onChange }: Props) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [picking, setPicking] = useState(false);
  const libraryButton = useRef<HTMLButtonElement>(null);
  const noun = inputKindNouns[kind];
  const closePicker = () => {
    setPicking(false);
    // Once the modal is gone (the page behind it is inert until then), the keyboard returns to the button.
    requestAnimationFrame(() => libraryButton.current?.focus());
  };
  return (
    <fieldset className="input-chooser" aria-describedby={`${id}-hint`} aria-invalid={error ? true : undefined}>
      <legend>Input: {noun}</legend>
      <p className="input-current" data-testid="ai-input-current" aria-live="polite">
        {sending ? (
          <span>Sending “{sending}” to Atelier…</span>
        ) : value ? (
          <>
            <strong>{value.name}</strong> <span className="muted">({sourceWords[value.ref.kind]})</span>
          </>
        ) : (
          <span className="muted">None chosen yet</span>
        )}
      </p>
      <div className="row">
        <button type="button" ref={libraryButton} data-testid="ai-input-library" onClick={() => setPicking(true)}>
          From the library…
        </button>
        <button type="button" onClick={() => fileInput.current?.click()} disabled={sending !== null}>
          From a file…
        </button>
        <input
          ref={fileInput}
          type="file"
          hidden
          tabIndex={-1}
          accept={acceptFor(kind)}
          aria-label={`Choose ${noun} from this computer`}
          data-testid="ai-input-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            // Clear it so choosing the same file again fires another change.
            e.target.value = '';
            if (file) onFile(file);
          }}
        />
        {sending && (
          <button type="button" className="lib-small" onClick={onCancelSend}>
            Cancel
          </button>
        )}
        {value && !sending && (
          <button type="button" className="lib-small" aria-label="Clear the input" onClick={() => onChange(null)}>
            Clear
          </button>
        )}
      </div>
      <span id={`${id}-hint`} className="field-hint">
        You can also drop a file on this form, or choose “Use as input” on a result below.
      </span>
      {(error || fileError) && (
        <span className="field-error" role="alert">
          {error ?? fileError?.message}
          {!error && fileError?.hint && ` ${fileError.hint}`}
        </span>
      )}
      {picking && (
        <LibraryPicker
          kind={kind}
          onClose={closePicker}
          onPick={(a) => {
            onChange({ ref: { kind: 'asset', assetId: a.id }, name: a.name });
            closePicker();
          }}
        />
      )}
    </fieldset>
  );
}
