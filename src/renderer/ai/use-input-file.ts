import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppError } from '../../shared/errors';
import { useBackend } from '../backend/context';
import { toAppError } from '../library/app-error';
import type { ChosenInput } from './input-choices';

/**
 * A file from this computer as an AI input. A browser sends it to the local host first, as the
 * library's import does, and refers to the upload; the desktop app refers to the file by its path.
 */
export function useInputFile(onChosen: (input: ChosenInput) => void) {
  const api = useBackend();
  const [sending, setSending] = useState<string | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const choose = useCallback(
    async (file: File) => {
      running.current?.abort();
      setError(null);
      const name = file.name.slice(0, 500) || 'untitled';
      const upload = api.media.upload;
      if (!upload) {
        const path = api.media.pathForFile(file);
        if (path) onChosen({ ref: { kind: 'file', path }, name });
        else
          setError({
            code: 'validation',
            message: `Atelier could not tell where "${name}" is on disk.`,
            hint: 'Choose it from the library, or import it there first.',
          });
        return;
      }
      const controller = new AbortController();
      running.current = controller;
      setSending(name);
      try {
        const { id } = await upload(file, controller.signal);
        if (!controller.signal.aborted) onChosen({ ref: { kind: 'upload', id, name }, name });
      } catch (e) {
        if (!controller.signal.aborted) setError(toAppError(e));
      } finally {
        if (running.current === controller) {
          running.current = null;
          setSending(null);
        }
      }
    },
    [api, onChosen],
  );

  const cancel = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setSending(null);
  }, []);

  return { choose, cancel, sending, error, uploads: api.media.upload !== null };
}
