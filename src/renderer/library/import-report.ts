import type { ImportReport } from '../../shared/library';

export const emptyReport = (): ImportReport => ({ imported: [], duplicates: [], skipped: [], failed: [] });

export function mergeReports(a: ImportReport, b: ImportReport): ImportReport {
  return {
    imported: [...a.imported, ...b.imported],
    duplicates: [...a.duplicates, ...b.duplicates],
    skipped: [...a.skipped, ...b.skipped],
    failed: [...a.failed, ...b.failed],
  };
}

export function isEmptyReport(r: ImportReport): boolean {
  return r.imported.length + r.duplicates.length + r.skipped.length + r.failed.length === 0;
}

/** Split a list into chunks the contract accepts. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
