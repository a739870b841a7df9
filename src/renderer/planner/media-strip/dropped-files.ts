import type { ImportReport } from '../../../shared/library';
import type { DraggedAsset } from './asset-drag';

/** At most this many files dropped on a day make one post (no network takes more media in a post). */
export const MAX_DROPPED_FILES = 20;

/**
 * The library assets an import of dropped files gave, in the order reported: the new ones, then files
 * already in the library (their existing asset); and what could not be imported, in words.
 */
export function assetsFromReport(report: ImportReport): { assets: DraggedAsset[]; problem: string | null } {
  const assets = [
    ...report.imported.map((a) => ({ id: a.id, name: a.name })),
    ...report.duplicates.map((d) => ({ id: d.existingId, name: d.name })),
  ];
  const refused = [
    ...report.failed.map((f) => `${f.path}: ${f.message}`),
    ...report.skipped.map((s) => `${s.path}: ${s.reason}`),
  ];
  if (refused.length === 0) return { assets, problem: null };
  const first = refused[0]!;
  const problem =
    refused.length === 1
      ? `1 file could not be imported (${first})`
      : `${refused.length} files could not be imported (first: ${first})`;
  return { assets, problem };
}
