import fs from 'node:fs/promises';
import path from 'node:path';
import type { AiExportReport, AiJobDetail } from '../../../shared/ai';
import { fail } from '../errors';
import { type ExportFsOps, ExportWriter } from '../fs/export-writer';
import type { BlobStore } from '../library/files/blob-store';
import { NO_MEDIA_TOOLS, type MediaTools } from '../media/media-tools';
import { resultSlug } from '../../../shared/slug';
import { extOf } from './export-name';
import { mediaFileSource } from './export-media';

/** Whether a file of that name is in the folder. */
async function exists(folder: string, name: string): Promise<boolean> {
  try {
    await fs.access(path.join(folder, name));
    return true;
  } catch {
    return false;
  }
}

/**
 * A base name free for every file a job writes (its media, text and provenance): the prompt's
 * slug, then slug-2, slug-3… Never overwrites what is there.
 */
async function freeBase(folder: string, base: string, suffixes: string[], claimed: Set<string>): Promise<string> {
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const names = suffixes.map((s) => `${candidate}${s}`.toLowerCase());
    let free = names.every((name) => !claimed.has(name));
    for (const name of names) if (free && (await exists(folder, name))) free = false;
    if (free) {
      for (const name of names) claimed.add(name);
      return candidate;
    }
  }
}

/** The file names a job writes after its base name. */
function suffixesOf(job: AiJobDetail): string[] {
  const media = job.outputs.map((o) => `${job.outputs.length > 1 ? `-${o.index + 1}` : ''}.${extOf(o.mimeType)}`);
  return [...media, ...(job.text !== null ? ['.txt'] : []), '.provenance.json'];
}

/**
 * Write results to a folder: each media output (verified on the way out), the produced text as
 * .txt, and the provenance as .json beside them. Files are named from the prompt; PNG, JPEG and
 * MP4 files carry the provenance inside too. All or nothing: when one file fails (a full
 * disk, a damaged result) every file this export wrote is removed again.
 */
export async function exportResults(
  folder: string,
  jobs: AiJobDetail[],
  blobs: BlobStore,
  exportFs?: ExportFsOps,
  tools: MediaTools = NO_MEDIA_TOOLS,
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
  const claimed = new Set<string>();
  const write = async (name: string, source: Parameters<ExportWriter['write']>[1]) => {
    await out.write(path.join(folder, name), source);
    files.push(name);
  };
  try {
    for (const job of jobs) {
      const slug = resultSlug({ prompt: job.prompt, operation: job.operation, inputName: job.input?.name ?? null });
      const [first, ...rest] = suffixesOf(job);
      const base = await freeBase(folder, slug, [first ?? '', ...rest], claimed);
      for (const o of job.outputs) {
        const name = `${base}${job.outputs.length > 1 ? `-${o.index + 1}` : ''}.${extOf(o.mimeType)}`;
        // The file carries its provenance inside; the blob in the store stays as it was.
        await mediaFileSource(job, o, blobs, tools, (source) => write(name, source));
      }
      if (job.text !== null) await write(`${base}.txt`, job.text);
      await write(`${base}.provenance.json`, `${JSON.stringify(job.provenance, null, 2)}\n`);
    }
  } catch (e) {
    await out.discard();
    throw e;
  }
  return { folder, files };
}
