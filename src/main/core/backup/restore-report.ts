import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { RestoreReport } from '../../../shared/backups';
import { writeFileAtomic } from '../fs/atomic-write';
import { stampOf } from './replace';

// After a restore, the unsent changes it lost are kept in a file in the backups folder and shown
// once: `seen` turns true when the user has read them; the file stays.

const Stored = RestoreReport.extend({ seen: z.boolean() });

const REPORT = /^restore-.+\.json$/;

export function saveRestoreReport(dir: string, report: RestoreReport, now: number): string {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `restore-${stampOf(now)}.json`);
  writeFileAtomic(file, `${JSON.stringify({ ...report, seen: false }, null, 2)}\n`, 0o600);
  return file;
}

function newestUnseen(dir: string): { file: string; report: z.infer<typeof Stored> } | null {
  if (!fs.existsSync(dir)) return null;
  const names = fs
    .readdirSync(dir)
    .filter((n) => REPORT.test(n))
    .sort()
    .reverse();
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      const parsed = Stored.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
      if (parsed.success && !parsed.data.seen) return { file, report: parsed.data };
    } catch {
      // Not one of ours, or half written by a crash: skip it.
    }
  }
  return null;
}

/** The newest restore report not yet dismissed. */
export function unseenRestoreReport(dir: string): RestoreReport | null {
  const found = newestUnseen(dir);
  if (!found) return null;
  const { seen: _seen, ...report } = found.report;
  return report;
}

export function dismissRestoreReport(dir: string): boolean {
  const found = newestUnseen(dir);
  if (!found) return false;
  writeFileAtomic(found.file, `${JSON.stringify({ ...found.report, seen: true }, null, 2)}\n`, 0o600);
  return true;
}
