import fs from 'node:fs/promises';
import { type MediaProvenance, parseMediaProvenance, PROVENANCE_KEY } from '../../../shared/media-provenance';
import type { MediaTools } from '../media/media-tools';
import { runTool } from '../media/run-tool';
import { readTextChunk } from './provenance-png';
import { provenanceOfXmp, XMP_HEADER } from './provenance-xmp';

/** A text chunk larger than this is not ours: it is skipped rather than read. */
const MAX_TEXT = 4 * 1024 * 1024;

/** The atelier:provenance text of a PNG file, read chunk by chunk (the picture data is skipped). */
async function pngProvenanceText(file: fs.FileHandle): Promise<string | null> {
  const head = Buffer.alloc(8);
  for (let at = 8; ;) {
    if ((await file.read(head, 0, 8, at)).bytesRead < 8) return null;
    const length = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    if (type === 'IEND') return null;
    if ((type === 'iTXt' || type === 'tEXt' || type === 'zTXt') && length <= MAX_TEXT) {
      const data = Buffer.alloc(length);
      await file.read(data, 0, length, at + 8);
      const t = readTextChunk({ type, data });
      if (t?.keyword === PROVENANCE_KEY) return t.text;
    }
    at += 12 + length;
  }
}

/** The provenance text of a JPEG file's XMP segment, read segment by segment up to the image data. */
async function jpegProvenanceText(file: fs.FileHandle): Promise<string | null> {
  const head = Buffer.alloc(4);
  for (let at = 2; ;) {
    if ((await file.read(head, 0, 4, at)).bytesRead < 4 || head[0] !== 0xff) return null;
    if (head[1] === 0xda || head[1] === 0xd9) return null;
    const length = head.readUInt16BE(2);
    if (head[1] === 0xe1 && length > XMP_HEADER.length + 2) {
      const data = Buffer.alloc(length - 2);
      await file.read(data, 0, length - 2, at + 4);
      if (data.subarray(0, XMP_HEADER.length).equals(XMP_HEADER))
        return provenanceOfXmp(data.toString('utf8', XMP_HEADER.length));
    }
    at += 2 + length;
  }
}

/** The provenance text of an MP4's container tags (ffprobe), or null. */
async function mp4ProvenanceText(file: string, tools: MediaTools): Promise<string | null> {
  if (!tools.ffprobe) return null;
  const args = ['-v', 'error', '-show_entries', 'format_tags', '-of', 'json', file];
  const { stdout } = await runTool(tools.ffprobe, args, { timeoutMs: 20_000 });
  const parsed: unknown = JSON.parse(stdout.toString('utf8'));
  const tags = typeof parsed === 'object' && parsed !== null && 'format' in parsed ? parsed.format : null;
  const all = typeof tags === 'object' && tags !== null && 'tags' in tags ? tags.tags : null;
  if (typeof all !== 'object' || all === null) return null;
  const values = new Map(Object.entries(all).map(([k, v]) => [k.toLowerCase(), v]));
  const text = values.get(PROVENANCE_KEY) ?? values.get('comment');
  return typeof text === 'string' ? text : null;
}

/**
 * The Atelier provenance a file carries (a PNG text chunk, JPEG XMP, MP4 tags), or null: a file
 * without one, with a malformed one, or that cannot be read this way imports as any other.
 */
export async function readEmbeddedProvenance(
  file: string,
  mime: string,
  tools: MediaTools,
): Promise<MediaProvenance | null> {
  try {
    let text: string | null = null;
    if (mime === 'video/mp4' || mime === 'video/quicktime') text = await mp4ProvenanceText(file, tools);
    else if (mime === 'image/png' || mime === 'image/jpeg') {
      const handle = await fs.open(file, 'r');
      try {
        text = mime === 'image/png' ? await pngProvenanceText(handle) : await jpegProvenanceText(handle);
      } finally {
        await handle.close();
      }
    }
    return text === null ? null : parseMediaProvenance(text);
  } catch {
    return null;
  }
}
