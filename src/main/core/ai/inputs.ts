import fs from 'node:fs';
import path from 'node:path';
import type { AiInputRef, AiMediaKind } from '../../../shared/ai';
import type { z } from 'zod';
import { fail } from '../errors';
import type { BlobStore } from '../library/files/blob-store';
import { detectMediaType } from '../media/media-kind';
import { parseFields } from '../store/fields';
import type { RecordStore } from '../store/record-store';
import type { JobStore } from './job-store';

/** A media input once it is in the file store. */
export interface StoredInput {
  sha256: string;
  name: string;
  mimeType: string;
  kind: AiMediaKind;
  size: number;
  /** Where the platform already holds it (an output it produced). */
  url: string | null;
  /** Words describing it, for search: the prompt behind a result, an asset's name and AI text. */
  describedBy: string | null;
}

export interface InputDeps {
  store: RecordStore;
  jobs: JobStore;
  blobs: BlobStore;
  uploadsDir: string;
  account: string;
}

const KIND_WORD: Record<string, string> = {
  image: 'an image',
  video: 'a video',
  audio: 'an audio file (WAV)',
  other: 'a file Atelier cannot read as media',
};

async function fromFile(file: string, name: string, blobs: BlobStore): Promise<StoredInput> {
  const type = await detectMediaType(file);
  if (type.kind === 'other') fail('validation', `"${name}" is not an image, video or audio file.`);
  const put = await blobs.putFile(file);
  return {
    sha256: put.sha256,
    name,
    mimeType: type.mime,
    kind: type.kind,
    size: put.size,
    url: null,
    describedBy: name,
  };
}

/** Resolve where an input comes from into a stored, hashed file (so the job survives restarts). */
export async function resolveInput(
  ref: z.output<typeof AiInputRef>,
  wanted: AiMediaKind,
  deps: InputDeps,
): Promise<StoredInput> {
  let input: StoredInput;
  switch (ref.kind) {
    case 'asset': {
      const row = deps.store.get('assets', ref.assetId);
      if (!row || row.deleted === 1 || row.account_id !== deps.account)
        fail('not_found', 'That library item does not exist any more.');
      const f = parseFields(row.data);
      const sha = typeof f.sha256 === 'string' ? f.sha256 : null;
      const size = sha ? await deps.blobs.size(sha) : null;
      if (!sha || size === null)
        fail('not_found', `The file of "${String(f.name ?? 'this asset')}" is not on this computer.`, {
          hint: 'Import it again, then try once more.',
        });
      input = {
        sha256: sha,
        name: typeof f.name === 'string' ? f.name : sha.slice(0, 12),
        mimeType: typeof f.mime_type === 'string' ? f.mime_type : 'application/octet-stream',
        kind: (typeof f.kind === 'string' ? f.kind : 'other') as AiMediaKind,
        size,
        url: null,
        describedBy:
          [f.name, f.ai_text].filter((t): t is string => typeof t === 'string' && t !== '').join(' ') || null,
      };
      break;
    }
    case 'file': {
      if (!path.isAbsolute(ref.path)) fail('validation', 'Choose the file again: its path is not absolute.');
      if (!fs.existsSync(ref.path))
        fail('not_found', `${path.basename(ref.path)} was not found.`, {
          hint: 'Check that it was not moved or deleted.',
        });
      input = await fromFile(ref.path, path.basename(ref.path), deps.blobs);
      break;
    }
    case 'upload': {
      if (!/^[A-Za-z0-9_-]{1,100}$/.test(ref.id)) fail('validation', 'That upload id is not valid.');
      const file = path.join(deps.uploadsDir, ref.id);
      if (!fs.existsSync(file)) fail('not_found', `The upload of ${ref.name} was not found; upload it again.`);
      try {
        input = await fromFile(file, ref.name, deps.blobs);
      } finally {
        await fs.promises.rm(file, { force: true });
      }
      break;
    }
    case 'result': {
      const job = deps.jobs.get(ref.jobId);
      const out = job && job.account_id === deps.account ? deps.jobs.output(ref.jobId, ref.output) : null;
      if (!out) fail('not_found', 'That result does not exist any more.');
      const size = await deps.blobs.size(out.sha256);
      if (size === null)
        fail('not_found', 'The file of that result is missing from the data folder.', { hint: 'Run its job again.' });
      const name = `${job?.operation ?? 'result'}-${out.sha256.slice(0, 8)}`;
      const describedBy =
        [job?.prompt, job?.source_text].filter((t): t is string => typeof t === 'string' && t !== '').join(' ') || null;
      input = {
        sha256: out.sha256,
        name,
        mimeType: out.mime_type,
        kind: out.kind,
        size,
        url: out.remote_url,
        describedBy,
      };
      break;
    }
  }
  if (input.kind !== wanted)
    fail(
      'validation',
      `This operation needs ${KIND_WORD[wanted]}; "${input.name}" is ${KIND_WORD[input.kind] ?? 'something else'}.`,
    );
  return input;
}
