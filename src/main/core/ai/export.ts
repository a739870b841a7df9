import fs from 'node:fs/promises';
import path from 'node:path';
import type { AiExportReport, AiJobDetail } from '../../../shared/ai';
import { fail } from '../errors';
import { type ExportFsOps, ExportWriter } from '../fs/export-writer';
import type { BlobStore } from '../library/files/blob-store';

const EXT: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
};

/** A name that is safe on Windows, macOS and Linux. */
function safe(part: string): string {
  return (
    part
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'result'
  );
}

/** A file name not yet taken in the folder (never overwrites what is there). */
async function freeName(folder: string, base: string, ext: string): Promise<string> {
  for (let n = 0; ; n += 1) {
    const name = n === 0 ? `${base}.${ext}` : `${base} (${n}).${ext}`;
    try {
      await fs.access(path.join(folder, name));
    } catch {
      return name;
    }
  }
}

/**
 * Write results to a folder: each media output (verified on the way out), the produced text as
 * .txt, and the provenance as .json beside them. All or nothing: when one file fails (a full
 * disk, a damaged result) every file this export wrote is removed again.
 */
export async function exportResults(
  folder: string,
  jobs: AiJobDetail[],
  blobs: BlobStore,
  exportFs?: ExportFsOps,
): Promise<AiExportReport> {
  if (!path.isAbsolute(folder)) fail('validation', 'Choose a folder by its full path.');
  try {
    const stat = await fs.stat(folder);
    if (!stat.isDirectory()) fail('validation', `${folder} is not a folder.`);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT')
      fail('not_found', `The folder ${folder} does not exist.`, { hint: 'Create it or choose another one.' });
    throw e;
  }
  const out = new ExportWriter(exportFs);
  const files: string[] = [];
  const write = async (base: string, ext: string, source: Parameters<ExportWriter['write']>[1]) => {
    const name = await freeName(folder, base, ext);
    await out.write(path.join(folder, name), source);
    files.push(name);
  };
  try {
    for (const job of jobs) {
      const base = safe(`${job.operation}-${job.modelId}-${job.id.slice(0, 8)}`);
      for (const o of job.outputs)
        await write(
          job.outputs.length > 1 ? `${base}-${o.index + 1}` : base,
          EXT[o.mimeType] ?? 'bin',
          blobs.openVerified(o.sha256),
        );
      if (job.text !== null) await write(base, 'txt', job.text);
      await write(`${base}.provenance`, 'json', `${JSON.stringify(job.provenance, null, 2)}\n`);
    }
  } catch (e) {
    await out.discard();
    throw e;
  }
  return { folder, files };
}
