import type { FileHandle } from 'node:fs/promises';

// How an online backup shares the main thread with the app, where the copy cannot run on a worker
// (copy.ts). better-sqlite3 runs one step per turn of the event loop and asks its progress callback
// how many pages the next step copies; between steps the app's own writes (on the same connection)
// get their turn.

/** Aim for steps of about this long: short enough that a writer never waits long, long enough to keep up. */
const STEP_MS = 5;
/** No step copies more than this (a disk that slows down mid-step cannot stretch it far). */
const MAX_STEP_PAGES = 1024;
/** Flush the copy to disk in the background every 4 MB (of 4 KiB pages), and all of it before the last step… */
const FLUSH_PAGES = 1024;
/** …which copies only this many pages. */
const LAST_STEP_PAGES = 32;

/** Grow or shrink the next step so it takes about STEP_MS. */
export function nextStepPages(elapsedMs: number, pages: number): number {
  if (elapsedMs <= 0) return Math.min(pages * 2, MAX_STEP_PAGES);
  return Math.max(16, Math.min(MAX_STEP_PAGES, Math.round((pages * STEP_MS) / elapsedMs)));
}

export type Progress = (p: { totalPages: number; remainingPages: number }) => number;

/**
 * The progress callback for `db.backup`. Steps are sized to take about STEP_MS. The copy is
 * flushed to disk in the background as it grows, and the last step — whose commit waits for the
 * disk — comes only once nothing is left to flush and copies a few pages: the app's own writes
 * never wait long behind a backup.
 */
export function pacedProgress(copy: FileHandle): Progress {
  let pages = 64;
  let stepStart = performance.now();
  let flushed = 0;
  let flushing = false;
  const flush = (done: number) => {
    flushing = true;
    flushed = done;
    void copy
      .datasync()
      .catch(() => undefined)
      .finally(() => (flushing = false));
  };
  return ({ totalPages, remainingPages }) => {
    pages = nextStepPages(performance.now() - stepStart, pages);
    // Queued just before better-sqlite3 queues its next step: marks when that step starts.
    setImmediate(() => (stepStart = performance.now()));
    const done = totalPages - remainingPages;
    if (!flushing && done - flushed >= FLUSH_PAGES) flush(done);
    if (remainingPages > pages) return pages;
    if (remainingPages > LAST_STEP_PAGES) return remainingPages - LAST_STEP_PAGES;
    // 0 pages: the backup waits a turn without copying, until the flush has caught up.
    if (flushing) return 0;
    if (done > flushed) {
      flush(done);
      return 0;
    }
    return remainingPages;
  };
}
