import fs from 'node:fs/promises';
import type { Written } from './blob-store';
import { type Decoded, verifyDecodes } from './decode-check';
import { intakeName } from './intake-name';
import { intakeWords, MAX_FILE_BYTES, refuse } from './intake-words';
import { looksLikeSvg, sniffMediaType, SVG_SNIFF_BYTES } from '../../media/media-kind';
import type { MediaTools } from '../../media/media-tools';

export { IntakeRefusal, intakeWords, MAX_FILE_BYTES, MAX_NAME_LENGTH } from './intake-words';

export interface IntakeOptions {
  /** The name the file arrived with: an imported file's name, an upload's, a record's. */
  name: string;
  tools: MediaTools;
  /** The largest size taken (default MAX_FILE_BYTES). */
  maxBytes?: number;
  signal?: AbortSignal;
  /**
   * What the caller knows of a file it has just written (the blob store's temp file): its size and
   * first bytes, so they are not read again; when the head is the whole file, images decode from it.
   */
  written?: Written;
}

/** A file the library may take: its cleaned name, size, what it is and what probing learned. */
export interface Accepted extends Decoded {
  name: string;
  size: number;
}

async function fileSize(file: string): Promise<number> {
  const stat = await fs.stat(file);
  if (!stat.isFile()) refuse(intakeWords.notAFile);
  return stat.size;
}

async function readHead(file: string, length: number): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(length);
    const { bytesRead } = await handle.read(head, 0, length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The one check every file passes before the library takes it, whichever way it came in (path
 * import, browser upload or drop, AI result, workspace import): a usable name, not empty, not
 * over the size cap, a media type its content proves (SVG stays out), and content that decodes.
 * Throws IntakeRefusal with the same words for the same file on every path; errors reading the
 * file itself (ENOENT, EACCES…) are thrown as they are.
 */
export async function checkIntake(file: string, options: IntakeOptions): Promise<Accepted> {
  const name = intakeName(options.name);
  const { written } = options;
  const size = written ? written.size : await fileSize(file);
  if (size === 0) refuse(intakeWords.empty);
  const maxBytes = options.maxBytes ?? MAX_FILE_BYTES;
  if (size > maxBytes) refuse(intakeWords.tooLarge(maxBytes));
  const known = written?.head && written.head.length >= Math.min(size, SVG_SNIFF_BYTES) ? written.head : null;
  const head = known ? known.subarray(0, SVG_SNIFF_BYTES) : await readHead(file, SVG_SNIFF_BYTES);
  if (looksLikeSvg(head)) refuse(intakeWords.svg);
  // The content decides: a name or a declared type can be wrong, the first bytes cannot lie about what decodes.
  const type = sniffMediaType(head, name);
  if (!type || type.kind === 'other') refuse(intakeWords.unsupported);
  options.signal?.throwIfAborted();
  const decoded = await verifyDecodes(file, type.kind, type.mime, options.tools, {
    ...(options.signal && { signal: options.signal }),
    ...(known?.length === size && { bytes: known }),
  });
  return { name, size, ...decoded };
}
