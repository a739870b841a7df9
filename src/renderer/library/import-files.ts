import type { AtelierApi } from '../../shared/backend';
import type { ImportReport } from '../../shared/library';
import { call } from '../backend/call';
import { toAppError } from './app-error';
import { chunks, emptyReport, mergeReports } from './import-report';

export interface ImportProgress {
  phase: 'reading' | 'uploading' | 'importing';
  done: number;
  total: number;
}

/** What an import step needs besides its files: the backend, the tags to give, where to say how far it got. */
export interface ImportContext {
  api: AtelierApi;
  tags(): { tags?: string[] };
  onProgress(p: ImportProgress): void;
}

/** Uploads in flight at once (browser mode): enough to keep the local host busy, few enough to cancel quickly. */
const PARALLEL_UPLOADS = 4;
const UPLOADS_PER_CALL = 1000;
const PATHS_PER_CALL = 10_000;

const messageOf = (e: unknown) => toAppError(e).message;

/** The desktop app: the core imports the files from where they are on disk. */
export async function importPaths(ctx: ImportContext, files: File[]): Promise<ImportReport> {
  const report = emptyReport();
  const paths: string[] = [];
  for (const file of files) {
    const path = ctx.api.media.pathForFile(file);
    if (path) paths.push(path);
    else report.failed.push({ path: file.name, message: 'Atelier could not tell where this file is on disk.' });
  }
  ctx.onProgress({ phase: 'importing', done: 0, total: paths.length });
  let merged = report;
  for (const batch of chunks(paths, PATHS_PER_CALL))
    merged = mergeReports(merged, await call(ctx.api, 'library.import', { paths: batch, ...ctx.tags() }));
  return merged;
}

/** Sends each file to the local host, a few at a time; what was refused or cancelled goes in the report. */
async function sendAll(
  ctx: ImportContext,
  upload: NonNullable<AtelierApi['media']['upload']>,
  files: File[],
  signal: AbortSignal,
  report: ImportReport,
) {
  const uploads: { id: string; name: string }[] = [];
  let next = 0;
  let done = 0;
  ctx.onProgress({ phase: 'uploading', done, total: files.length });
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
        if (signal.aborted)
          report.skipped.push({ path: file.name, reason: 'The import was cancelled while this file was being sent.' });
        else report.failed.push({ path: file.name, message: messageOf(e) });
      }
      done += 1;
      ctx.onProgress({ phase: 'uploading', done, total: files.length });
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, files.length) }, worker));
  return uploads;
}

/** A browser: upload each file to the local host first, then import the uploads. */
export async function uploadAll(
  ctx: ImportContext,
  files: File[],
  signal: AbortSignal,
  start: ImportReport,
): Promise<ImportReport> {
  const upload = ctx.api.media.upload;
  if (!upload) return start;
  const report = mergeReports(start, emptyReport());
  const uploads = await sendAll(ctx, upload, files, signal, report);
  ctx.onProgress({ phase: 'importing', done: 0, total: uploads.length });
  let merged = report;
  for (const batch of chunks(uploads, UPLOADS_PER_CALL)) {
    try {
      merged = mergeReports(merged, await call(ctx.api, 'library.importUploads', { uploads: batch, ...ctx.tags() }));
    } catch (e) {
      // One refused batch must not hide the others: report its files and carry on.
      const message = messageOf(e);
      merged = mergeReports(merged, { ...emptyReport(), failed: batch.map((u) => ({ path: u.name, message })) });
    }
  }
  return merged;
}
