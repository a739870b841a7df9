import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../backend/call';
import { useBackend } from '../backend/context';
import { toAppError } from './app-error';
import { plural } from './format';
import { chunks } from './import-report';
import { errorNotice, type Notice } from './notice';

const IDS_PER_CALL = 10_000;

/** Move to the trash (with Undo), restore and empty the trash, each reported as a notice. */
export function useTrashActions(onDone: () => void) {
  const api = useBackend();
  const client = useQueryClient();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(
    () =>
      Promise.all(
        ['library.query', 'library.tags', 'library.get'].map((name) => client.invalidateQueries({ queryKey: [name] })),
      ),
    [client],
  );

  const perform = useCallback(
    async (work: () => Promise<Notice>) => {
      setBusy(true);
      try {
        setNotice(await work());
        onDone();
      } catch (e) {
        setNotice(errorNotice(toAppError(e)));
      } finally {
        setBusy(false);
        await refresh();
      }
    },
    [onDone, refresh],
  );

  const byChunks = useCallback(
    async (channel: 'library.trash' | 'library.restore', ids: string[]) => {
      let count = 0;
      for (const batch of chunks(ids, IDS_PER_CALL)) count += (await call(api, channel, { ids: batch })).count;
      return count;
    },
    [api],
  );

  const restore = useCallback(
    (ids: string[], undoing = false) =>
      perform(async () => {
        const count = await byChunks('library.restore', ids);
        return {
          tone: 'info',
          text: undoing
            ? `Undone: ${plural(count, 'asset')} back in the library.`
            : `Restored ${plural(count, 'asset')} to the library.`,
        };
      }),
    [perform, byChunks],
  );

  const trash = useCallback(
    (ids: string[]) =>
      perform(async () => {
        const count = await byChunks('library.trash', ids);
        return {
          tone: 'info',
          text: `Moved ${plural(count, 'asset')} to the trash.`,
          action: { label: 'Undo', alt: 'Restore them from the trash', run: () => void restore(ids, true) },
        };
      }),
    [perform, byChunks, restore],
  );

  const emptyTrash = useCallback(
    () =>
      perform(async () => {
        const { count } = await call(api, 'library.emptyTrash', {});
        return { tone: 'info', text: `Deleted ${plural(count, 'asset')} forever.` };
      }),
    [api, perform],
  );

  return { notice, dismiss: () => setNotice(null), busy, trash, restore, emptyTrash };
}
