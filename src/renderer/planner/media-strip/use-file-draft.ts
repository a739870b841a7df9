import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { emptyReport } from '../../library/import-report';
import { importPaths, uploadAll, type ImportContext } from '../../library/import-files';
import { useBackend } from '../../backend/context';
import type { AssetDraftArgs } from './use-asset-draft';
import { assetsFromReport, MAX_DROPPED_FILES } from './dropped-files';

type MakeDraft = (args: AssetDraftArgs) => Promise<{ id: string; notice: string }>;

/**
 * Files dropped from the computer onto a day: imported into the library the way the Library imports
 * them (paths in the desktop app, uploads in a browser), then a draft made with them on that day.
 */
export function useFileDraft(makeDraft: MakeDraft) {
  const api = useBackend();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const make = async (files: File[], place: Omit<AssetDraftArgs, 'assets'>) => {
    setError(null);
    if (files.length > MAX_DROPPED_FILES) {
      const e = new Error(`Drop at most ${MAX_DROPPED_FILES} files on a day: they make one post.`);
      setError(e);
      throw e;
    }
    setBusy(true);
    try {
      const ctx: ImportContext = { api, tags: () => ({}), onProgress: () => undefined };
      const report =
        api.media.upload !== null
          ? await uploadAll(ctx, files, new AbortController().signal, emptyReport())
          : await importPaths(ctx, files);
      void client.invalidateQueries({ queryKey: ['library.query'] });
      const { assets, problem } = assetsFromReport(report);
      if (assets.length === 0) throw new Error(`Nothing was imported, so no draft was made: ${problem ?? 'no files'}.`);
      const made = await makeDraft({ ...place, assets });
      return problem === null ? made : { ...made, notice: `${made.notice} ${problem}.` };
    } catch (e) {
      setError(e instanceof Error ? e : new Error(String(e)));
      throw e;
    } finally {
      setBusy(false);
    }
  };
  return { make, busy, error };
}
