import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { SNIFF_BYTES, sniffMediaType } from '../core/media/media-kind';
import { parseByteRange } from './byte-range';
import { type HostMedia, isSha256 } from './host-media';

/** The bytes to send: a file and an inclusive range of it. */
export interface BlobSlice {
  file: string;
  start: number;
  end: number;
}

/** A host-neutral answer for a blob request; the web host and the Electron protocol both send it. */
export interface BlobReply {
  status: 200 | 206 | 404 | 416;
  headers: Record<string, string>;
  body: BlobSlice | null;
}

// A blob's bytes never change (its name is their hash), so the browser may keep it for good.
const FOUND_HEADERS = {
  'Cache-Control': 'private, max-age=31536000, immutable',
  'X-Content-Type-Options': 'nosniff',
  'Accept-Ranges': 'bytes',
};
// A missing blob may be imported a moment later: never cache a miss.
const MISS_HEADERS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', 'Content-Length': '0' };

const notFound = (): BlobReply => ({ status: 404, headers: { ...MISS_HEADERS }, body: null });

/** The type from the first bytes, never from a name: only image, video and audio types or octet-stream come out. */
function contentType(head: Buffer): string {
  return sniffMediaType(head)?.mime ?? 'application/octet-stream';
}

/**
 * Answers a request for the blob `sha`, honouring a single-range `Range` header (a <video>
 * seeks with these). Anything but a known, well-formed SHA-256 is a 404; no other path is
 * ever opened.
 */
export async function blobReply(
  media: Pick<HostMedia, 'blobPath'>,
  sha: string,
  range: string | null | undefined,
): Promise<BlobReply> {
  if (!isSha256(sha)) return notFound();
  const file = media.blobPath(sha);
  if (!file) return notFound();
  let size: number;
  let head: Buffer;
  try {
    const handle = await fs.promises.open(file, 'r');
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) return notFound();
      size = stat.size;
      head = Buffer.alloc(Math.min(SNIFF_BYTES, size));
      await handle.read(head, 0, head.length, 0);
    } finally {
      await handle.close();
    }
  } catch {
    return notFound();
  }
  const type = contentType(head);
  const wanted = parseByteRange(range, size);
  if (wanted === 'unsatisfiable') {
    return { status: 416, headers: { ...MISS_HEADERS, 'Content-Range': `bytes */${size}` }, body: null };
  }
  if (wanted) {
    return {
      status: 206,
      headers: {
        ...FOUND_HEADERS,
        'Content-Type': type,
        'Content-Length': String(wanted.end - wanted.start + 1),
        'Content-Range': `bytes ${wanted.start}-${wanted.end}/${size}`,
      },
      body: { file, ...wanted },
    };
  }
  return {
    status: 200,
    headers: { ...FOUND_HEADERS, 'Content-Type': type, 'Content-Length': String(size) },
    body: size > 0 ? { file, start: 0, end: size - 1 } : null,
  };
}

/** Streams exactly the slice's bytes. */
export function readSlice(slice: BlobSlice): Readable {
  return fs.createReadStream(slice.file, { start: slice.start, end: slice.end });
}
