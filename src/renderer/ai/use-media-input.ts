import { useCallback, useState } from 'react';
import type { AiOperationView } from '../../shared/ai';
import { useFileDrop } from '../library/use-file-drop';
import { fileFits, type ChosenInput } from './input-choices';
import { inputKindNouns, operationLabels } from './labels';
import { useInputFile } from './use-input-file';

/**
 * The media input of an operation that takes one: chosen, sent from a file or dropped on the form;
 * a file of the wrong kind is refused in words.
 */
export function useMediaInput(view: AiOperationView, onInput: (input: ChosenInput | null) => void) {
  const mediaKind = view.input === 'text' ? null : view.input;
  const [mismatch, setMismatch] = useState<string | null>(null);
  const setInput = useCallback(
    (input: ChosenInput | null) => {
      setMismatch(null);
      onInput(input);
    },
    [onInput],
  );
  const file = useInputFile(setInput);
  const takeFile = (f: File) => {
    if (!mediaKind) return;
    if (!fileFits(mediaKind, f.type)) {
      setMismatch(`${operationLabels[view.operation]} takes ${inputKindNouns[mediaKind]}; “${f.name}” is ${f.type}.`);
      return;
    }
    setMismatch(null);
    void file.choose(f);
  };
  const drop = useFileDrop(
    (d) => {
      const f = d.plainFiles[0] ?? d.files[0];
      if (f) takeFile(f);
    },
    mediaKind !== null && file.sending === null,
  );
  return { mediaKind, mismatch, setInput, file, takeFile, drop };
}
