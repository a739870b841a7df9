import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AppError } from '../../shared/errors';
import type { ImportReport } from '../../shared/library';
import { call } from '../backend/call';
import { useBackend } from '../backend/context';
import { toAppError } from './app-error';
import type { Dropped } from './dropped-files';
import { walkEntries } from './dropped-files';
import { importPaths, uploadAll, type ImportContext, type ImportProgress } from './import-files';
import { emptyReport } from './import-report';

export type { ImportProgress } from './import-files';

/** One import at a time: its progress, its report or error, and cancelling it. */
function useImportRun() {
  const client = useQueryClient();
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const running = useRef<AbortController | null>(null);
  const run = useCallback(
    async (task: (signal: AbortSignal) => Promise<ImportReport>) => {
      if (running.current) return;
      const controller = new AbortController();
      running.current = controller;
      setError(null);
      setReport(null);
      try {
        setReport(await task(controller.signal));
      } catch (e) {
        setError(toAppError(e));
      } finally {
        running.current = null;
        setProgress(null);
        await Promise.all([
          client.invalidateQueries({ queryKey: ['library.query'] }),
          client.invalidateQueries({ queryKey: ['library.tags'] }),
        ]);
      }
    },
    [client],
  );
  const cancel = useCallback(() => running.current?.abort(), []);
  const dismiss = useCallback(() => {
    setReport(null);
    setError(null);
  }, []);
  return { progress, setProgress, report, error, run, cancel, dismiss };
}

/**
 * Imports by dialog, picked files or drops. The desktop app hands the core file paths; a browser
 * uploads each file to the local host first and then imports the uploads.
 */
export function useImport(tags: string[] = []) {
  const api = useBackend();
  // Read at call time: the tags field may change while nothing else does.
  const tagsRef = useRef(tags);
  tagsRef.current = tags;
  const { progress, setProgress, report, error, run, cancel, dismiss } = useImportRun();
  const usesUploads = api.media.upload !== null;
  const ctx: ImportContext = {
    api,
    tags: () => (tagsRef.current.length > 0 ? { tags: tagsRef.current } : {}),
    onProgress: setProgress,
  };

  /** The "Import…" button in the desktop app: the host's own file dialog. */
  const fromDialog = () => run(() => call(api, 'library.importDialog', ctx.tags()));

  /** Files picked with the browser's file input. */
  const fromFiles = (files: File[]) => {
    if (files.length === 0) return;
    void run((signal) => (usesUploads ? uploadAll(ctx, files, signal, emptyReport()) : importPaths(ctx, files)));
  };

  /** Files and folders dropped on the section. */
  const fromDrop = (dropped: Dropped) => {
    if (dropped.files.length === 0 && dropped.plainFiles.length === 0 && dropped.folders.length === 0) return;
    void run(async (signal) => {
      if (!usesUploads) return importPaths(ctx, dropped.files);
      if (dropped.folders.length === 0) return uploadAll(ctx, dropped.plainFiles, signal, emptyReport());
      setProgress({ phase: 'reading', done: 0, total: 0 });
      const walked = await walkEntries(dropped.folders, (count) =>
        setProgress({ phase: 'reading', done: count, total: 0 }),
      );
      const files = [...dropped.plainFiles, ...walked.files];
      const skipped =
        files.length === 0
          ? dropped.folders.map((f) => ({ path: f.fullPath || f.name, reason: 'The folder holds no files.' }))
          : [];
      return uploadAll(ctx, files, signal, { ...emptyReport(), skipped, failed: walked.failed });
    });
  };

  return { usesUploads, progress, report, error, fromDialog, fromFiles, fromDrop, cancel, dismiss };
}
