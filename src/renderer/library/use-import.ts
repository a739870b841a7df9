import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AppError } from '../../shared/errors';
import type { ImportReport } from '../../shared/library';
import { call } from '../backend/call';
import { useBackend } from '../backend/context';
import { toAppError } from './app-error';
import type { Dropped } from './dropped-files';
import { walkEntries } from './dropped-files';
import { chunks, emptyReport, mergeReports } from './import-report';

export interface ImportProgress {
  phase: 'reading' | 'uploading' | 'importing';
  done: number;
  total: number;
}

/** Uploads in flight at once (browser mode): enough to keep the local host busy, few enough to cancel quickly. */
const PARALLEL_UPLOADS = 4;
const UPLOADS_PER_CALL = 1000;
const PATHS_PER_CALL = 10_000;

const messageOf = (e: unknown) => toAppError(e).message;

/**
 * Imports by dialog, picked files or drops. The desktop app hands the core file paths; a browser
 * uploads each file to the local host first and then imports the uploads.
 */
export function useImport(tags: string[] = []) {
  const api = useBackend();
  // Read at call time: the tags field may change while nothing else does.
  const tagsRef = useRef(tags);
  tagsRef.current = tags;
  const withTags = () => (tagsRef.current.length > 0 ? { tags: tagsRef.current } : {});
  const client = useQueryClient();
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const running = useRef<AbortController | null>(null);
  const usesUploads = api.media.upload !== null;

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
        await Promise.all([client.invalidateQueries({ queryKey: ['library.query'] }), client.invalidateQueries({ queryKey: ['library.tags'] })]);
      }
    },
    [client],
  );

  const importPaths = useCallback(
    async (files: File[]): Promise<ImportReport> => {
      const report = emptyReport();
      const paths: string[] = [];
      for (const file of files) {
        const path = api.media.pathForFile(file);
        if (path) paths.push(path);
        else report.failed.push({ path: file.name, message: 'Atelier could not tell where this file is on disk.' });
      }
      setProgress({ phase: 'importing', done: 0, total: paths.length });
      let merged = report;
      for (const batch of chunks(paths, PATHS_PER_CALL)) merged = mergeReports(merged, await call(api, 'library.import', { paths: batch, ...withTags() }));
      return merged;
    },
    [api],
  );

  const uploadAll = useCallback(
    async (files: File[], signal: AbortSignal, start: ImportReport): Promise<ImportReport> => {
      const upload = api.media.upload;
      if (!upload) return start;
      const report = mergeReports(start, emptyReport());
      const uploads: { id: string; name: string }[] = [];
      let next = 0;
      let done = 0;
      setProgress({ phase: 'uploading', done, total: files.length });
      const worker = async () => {
        while (next < files.length) {
          const file = files[next++]!;
          if (signal.aborted) {
            report.skipped.push({ path: file.name, reason: 'The import was cancelled before this file was sent.' });
            continue;
          }
          try {
            const { id } = await upload(file, signal);
            uploads.push({ id, name: file.name.slice(0, 500) || 'untitled' });
          } catch (e) {
            if (signal.aborted) report.skipped.push({ path: file.name, reason: 'The import was cancelled while this file was being sent.' });
            else report.failed.push({ path: file.name, message: messageOf(e) });
          }
          done += 1;
          setProgress({ phase: 'uploading', done, total: files.length });
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, files.length) }, worker));
      setProgress({ phase: 'importing', done: 0, total: uploads.length });
      let merged = report;
      for (const batch of chunks(uploads, UPLOADS_PER_CALL)) {
        try {
          merged = mergeReports(merged, await call(api, 'library.importUploads', { uploads: batch, ...withTags() }));
        } catch (e) {
          // One refused batch must not hide the others: report its files and carry on.
          const message = messageOf(e);
          merged = mergeReports(merged, { ...emptyReport(), failed: batch.map((u) => ({ path: u.name, message })) });
        }
      }
      return merged;
    },
    [api],
  );

  /** The "Import…" button in the desktop app: the host's own file dialog. */
  const fromDialog = useCallback(() => run(() => call(api, 'library.importDialog', withTags())), [api, run]);

  /** Files picked with the browser's file input. */
  const fromFiles = useCallback(
    (files: File[]) => {
      if (files.length === 0) return;
      void run((signal) => (usesUploads ? uploadAll(files, signal, emptyReport()) : importPaths(files)));
    },
    [run, usesUploads, uploadAll, importPaths],
  );

  /** Files and folders dropped on the section. */
  const fromDrop = useCallback(
    (dropped: Dropped) => {
      if (dropped.files.length === 0 && dropped.plainFiles.length === 0 && dropped.folders.length === 0) return;
      void run(async (signal) => {
        if (!usesUploads) return importPaths(dropped.files);
        if (dropped.folders.length === 0) return uploadAll(dropped.plainFiles, signal, emptyReport());
        setProgress({ phase: 'reading', done: 0, total: 0 });
        const walked = await walkEntries(dropped.folders, (count) => setProgress({ phase: 'reading', done: count, total: 0 }));
        const files = [...dropped.plainFiles, ...walked.files];
        const skipped = files.length === 0 ? dropped.folders.map((f) => ({ path: f.fullPath || f.name, reason: 'The folder holds no files.' })) : [];
        return uploadAll(files, signal, { ...emptyReport(), skipped, failed: walked.failed });
      });
    },
    [run, usesUploads, uploadAll, importPaths],
  );

  const cancel = useCallback(() => running.current?.abort(), []);
  const dismiss = useCallback(() => {
    setReport(null);
    setError(null);
  }, []);

  return { usesUploads, progress, report, error, fromDialog, fromFiles, fromDrop, cancel, dismiss };
}
