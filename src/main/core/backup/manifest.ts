import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { BackupView } from '../../../shared/backups';
import { writeFileAtomic } from '../fs/atomic-write';

// Each backup is `<id>.db` with `<id>.media` (the media hashes it refers to, one a line) and
// `<id>.json` (this manifest) beside it. The manifest is written last: without it, a backup
// was not finished and is not listed.

export const Manifest = BackupView.extend({ format: z.literal(1) });
export type Manifest = z.infer<typeof Manifest>;

export const fileNames = (dir: string, id: string) => ({
  db: path.join(dir, `${id}.db`),
  media: path.join(dir, `${id}.media`),
  manifest: path.join(dir, `${id}.json`),
});

/** A manifest as stored, or null when it is missing or not one of ours. */
export function readManifest(file: string): Manifest | null {
  try {
    const parsed = Manifest.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeManifest(dir: string, view: BackupView): void {
  const manifest: Manifest = { ...view, format: 1 };
  writeFileAtomic(fileNames(dir, view.id).manifest, `${JSON.stringify(manifest, null, 2)}\n`, 0o600);
}

export function readMediaList(file: string): string[] {
  try {
    return fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^[a-f0-9]{64}$/.test(line));
  } catch {
    return [];
  }
}
