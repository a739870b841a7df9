import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AiJobDetail } from '../../../shared/ai';
import { type MediaProvenance, PROVENANCE_KEY } from '../../../shared/media-provenance';
import type { MediaTools } from '../media/media-tools';
import { runTool } from '../media/run-tool';
import { withPngText } from './provenance-png';
import { withJpegXmp, XMP_MAX, xmpPacket } from './provenance-xmp';

/** What a result's file carries of its job: how it was made, without the raw request and answer. */
export function mediaProvenanceOf(job: AiJobDetail): MediaProvenance {
  const p = job.provenance;
  return {
    generator: 'Atelier',
    jobId: job.id,
    operation: p.operation,
    model: p.model_id,
    prompt: p.prompt,
    parameters: { ...p.parameters },
    inputSha256: [...p.input_sha256],
    requestedAt: p.requested_at,
    finishedAt: job.finishedAt,
    durationMs: p.duration_ms,
  };
}

/** The JSON carried: a prompt too long for a JPEG segment is cut (the .provenance.json beside keeps it whole). */
function jsonFitting(prov: MediaProvenance, limit: number): string {
  let json = JSON.stringify(prov);
  for (let keep = (prov.prompt ?? '').length; json.length > limit && keep > 0;) {
    keep = Math.floor(keep / 2);
    json = JSON.stringify({ ...prov, prompt: `${(prov.prompt ?? '').slice(0, keep)}…` });
  }
  return json;
}

/**
 * The image with its provenance inside: PNG text chunks (Software, Description, atelier:provenance)
 * or a JPEG XMP segment. Other types come back as they were. The pixels are never re-encoded.
 */
export function embedInImage(data: Buffer, mime: string, prov: MediaProvenance): Buffer {
  if (mime === 'image/png') {
    const entries = [
      { keyword: 'Software', text: 'Atelier', utf8: false },
      { keyword: PROVENANCE_KEY, text: JSON.stringify(prov), utf8: true },
    ];
    if (prov.prompt) entries.splice(1, 0, { keyword: 'Description', text: prov.prompt, utf8: true });
    return withPngText(data, entries);
  }
  if (mime === 'image/jpeg') {
    // Half the room for the JSON: the description repeats the prompt and escaping grows both.
    const json = jsonFitting(prov, Math.floor(XMP_MAX / 3));
    const description = prov.prompt && prov.prompt.length < XMP_MAX / 6 ? prov.prompt : null;
    return withJpegXmp(data, xmpPacket(json, description));
  }
  return data;
}

/**
 * Copy an MP4 with its provenance in the container's metadata (comment, description and an
 * atelier:provenance tag), streams copied, never re-encoded. Writes `to`; throws when ffmpeg fails.
 */
export async function embedInMp4(from: string, to: string, prov: MediaProvenance, tools: MediaTools): Promise<void> {
  if (!tools.ffmpeg) throw new Error('ffmpeg is not available.');
  const json = JSON.stringify(prov);
  const args = ['-hide_banner', '-nostdin', '-v', 'error', '-y', '-i', from, '-map', '0', '-c', 'copy'];
  args.push('-movflags', 'use_metadata_tags', '-metadata', `comment=${json}`);
  args.push('-metadata', `${PROVENANCE_KEY}=${json}`);
  if (prov.prompt) args.push('-metadata', `description=${prov.prompt}`);
  args.push('-f', 'mp4', to);
  await runTool(tools.ffmpeg, args, { timeoutMs: 120_000 });
}

/** A private folder for an export's intermediate files, removed by `done`. */
export async function scratchDir(): Promise<{ dir: string; done(): Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atelier-export-'));
  return { dir, done: () => fs.rm(dir, { recursive: true, force: true }) };
}
