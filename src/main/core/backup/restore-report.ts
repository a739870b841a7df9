import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { RecoveryReport, type RescueReport, type RestoreReport } from '../../../shared/backups';
import { writeFileAtomic } from '../fs/atomic-write';
import { stampOf } from './replace';

// After a restore (the unsent changes it lost) or a rescue (what it read back, by table), the
// report is kept in a file in the backups folder and shown once: `seen` turns true when the user
// has read it; the file stays.

const Stored = z.intersection(RecoveryReport, z.object({ seen: z.boolean() }));

const REPORT = /^(restore|rescue)-(.+)\.json$/;

function save(dir: string, prefix: 'restore' | 'rescue', report: RecoveryReport, now: number): string {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `${prefix}-${stampOf(now)}.json`);
  writeFileAtomic(file, `${JSON.stringify({ ...report, seen: false }, null, 2)}\n`, 0o600);
  return file;
}

export function saveRestoreReport(dir: string, report: Omit<RestoreReport, 'kind'>, now: number): string {
  return save(dir, 'restore', { kind: 'restore', ...report }, now);
}

export function saveRescueReport(dir: string, report: Omit<RescueReport, 'kind'>, now: number): string {
  return save(dir, 'rescue', { kind: 'rescue', ...report }, now);
}

// Newest first by the time in the name, whichever kind of report it is.
const byTimeDesc = (a: string, b: string) => (a.replace(REPORT, '$2') < b.replace(REPORT, '$2') ? 1 : -1);

function newestUnseen(dir: string): { file: string; report: z.infer<typeof Stored> } | null {
  if (!fs.existsSync(dir)) return null;
  const names = fs
    .readdirSync(dir)
    .filter((n) => REPORT.test(n))
    .sort(byTimeDesc);
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

/** The newest restore or rescue report not yet dismissed. */
export function unseenRestoreReport(dir: string): RecoveryReport | null {
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
