import fs from 'node:fs/promises';
import path from 'node:path';

export type MediaKind = 'image' | 'video' | 'audio' | 'other';

export interface MediaType {
  kind: MediaKind;
  mime: string;
  /** How it was recognised: the file's first bytes, its extension, or not at all. */
  by: 'magic' | 'extension' | 'none';
}

const OTHER = { kind: 'other', mime: 'application/octet-stream' } as const;

/** Extension (lowercase, no dot) → type. Also the list of what can be imported. */
const BY_EXTENSION: Readonly<Record<string, { kind: Exclude<MediaKind, 'other'>; mime: string }>> = {
  png: { kind: 'image', mime: 'image/png' },
  jpg: { kind: 'image', mime: 'image/jpeg' },
  jpeg: { kind: 'image', mime: 'image/jpeg' },
  jfif: { kind: 'image', mime: 'image/jpeg' },
  gif: { kind: 'image', mime: 'image/gif' },
  webp: { kind: 'image', mime: 'image/webp' },
  avif: { kind: 'image', mime: 'image/avif' },
  heic: { kind: 'image', mime: 'image/heic' },
  heif: { kind: 'image', mime: 'image/heif' },
  tif: { kind: 'image', mime: 'image/tiff' },
  tiff: { kind: 'image', mime: 'image/tiff' },
  mp4: { kind: 'video', mime: 'video/mp4' },
  m4v: { kind: 'video', mime: 'video/mp4' },
  mov: { kind: 'video', mime: 'video/quicktime' },
  webm: { kind: 'video', mime: 'video/webm' },
  mkv: { kind: 'video', mime: 'video/x-matroska' },
  avi: { kind: 'video', mime: 'video/x-msvideo' },
  '3gp': { kind: 'video', mime: 'video/3gpp' },
  mp3: { kind: 'audio', mime: 'audio/mpeg' },
  wav: { kind: 'audio', mime: 'audio/wav' },
  ogg: { kind: 'audio', mime: 'audio/ogg' },
  oga: { kind: 'audio', mime: 'audio/ogg' },
  opus: { kind: 'audio', mime: 'audio/ogg' },
  flac: { kind: 'audio', mime: 'audio/flac' },
  m4a: { kind: 'audio', mime: 'audio/mp4' },
  aac: { kind: 'audio', mime: 'audio/aac' },
  aif: { kind: 'audio', mime: 'audio/aiff' },
  aiff: { kind: 'audio', mime: 'audio/aiff' },
  mka: { kind: 'audio', mime: 'audio/x-matroska' },
};

/** Extensions (lowercase, without the dot) that the library imports. */
export const IMPORTABLE_EXTENSIONS: readonly string[] = Object.freeze(Object.keys(BY_EXTENSION));

/** How many leading bytes detection needs. */
export const SNIFF_BYTES = 64;

function extensionOf(file: string): string {
  return path.extname(file).slice(1).toLowerCase();
}

export function isImportableExtension(file: string): boolean {
  return Object.hasOwn(BY_EXTENSION, extensionOf(file));
}

function ascii(head: Uint8Array, start: number, length: number): string {
  return Buffer.from(head.subarray(start, start + length)).toString('latin1');
}

function startsWith(head: Uint8Array, bytes: readonly number[], at = 0): boolean {
  return head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
}

/** ISO base media (MP4, MOV, M4A, AVIF, HEIC): decided by the major and compatible brands of the ftyp box. */
function isoBrand(head: Uint8Array): { kind: MediaKind; mime: string } {
  const major = ascii(head, 8, 4);
  const boxSize = Math.min(head.length, Buffer.from(head).readUInt32BE(0) || head.length);
  const brands = [major];
  for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(head, at, 4));
  if (brands.includes('avif') || brands.includes('avis')) return { kind: 'image', mime: 'image/avif' };
  if (['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx'].includes(major)) return { kind: 'image', mime: 'image/heic' };
  if (major === 'mif1' || major === 'msf1') return { kind: 'image', mime: 'image/heif' };
  if (major === 'M4A ' || major === 'M4B ' || major === 'M4P ') return { kind: 'audio', mime: 'audio/mp4' };
  if (major === 'qt  ') return { kind: 'video', mime: 'video/quicktime' };
  if (major.startsWith('3g')) return { kind: 'video', mime: 'video/3gpp' };
  return { kind: 'video', mime: 'video/mp4' };
}

/** An MPEG audio frame header: sync bits, a real layer, a valid bitrate and sample rate. */
function isMpegAudioFrame(head: Uint8Array): boolean {
  const [b0, b1, b2] = [head[0] ?? 0, head[1] ?? 0, head[2] ?? 0];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 0b11;
  const layer = (b1 >> 1) & 0b11;
  const bitrate = b2 >> 4;
  const sampleRate = (b2 >> 2) & 0b11;
  return version !== 0b01 && layer !== 0 && bitrate !== 0b1111 && sampleRate !== 0b11;
}

/** Recognises a media type from a file's first bytes (at least SNIFF_BYTES when the file has them); null if unknown. */
export function sniffMediaType(head: Uint8Array, fileName = ''): { kind: MediaKind; mime: string } | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'image', mime: 'image/png' };
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: 'image', mime: 'image/jpeg' };
  const first4 = ascii(head, 0, 4);
  const first6 = ascii(head, 0, 6);
  if (first6 === 'GIF87a' || first6 === 'GIF89a') return { kind: 'image', mime: 'image/gif' };
  if (first4 === 'II*\0' || first4 === 'MM\0*') return { kind: 'image', mime: 'image/tiff' };
  if (first4 === 'RIFF') {
    const form = ascii(head, 8, 4);
    if (form === 'WEBP') return { kind: 'image', mime: 'image/webp' };
    if (form === 'WAVE') return { kind: 'audio', mime: 'audio/wav' };
    if (form === 'AVI ') return { kind: 'video', mime: 'video/x-msvideo' };
    return null;
  }
  if (first4 === 'FORM' && ['AIFF', 'AIFC'].includes(ascii(head, 8, 4))) return { kind: 'audio', mime: 'audio/aiff' };
  if (ascii(head, 4, 4) === 'ftyp') return isoBrand(head);
  // QuickTime files from older cameras start with a top-level atom instead of ftyp.
  if (['moov', 'mdat', 'wide', 'pnot'].includes(ascii(head, 4, 4))) return { kind: 'video', mime: 'video/quicktime' };
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) {
    if (ascii(head, 0, head.length).includes('webm')) return { kind: 'video', mime: 'video/webm' };
    // Matroska audio and video share the header; only the name tells them apart cheaply.
    if (extensionOf(fileName) === 'mka') return { kind: 'audio', mime: 'audio/x-matroska' };
    return { kind: 'video', mime: 'video/x-matroska' };
  }
  if (first4 === 'OggS') {
    // The first page carries the codec's header; Theora means a video.
    if (ascii(head, 0, head.length).includes('theora')) return { kind: 'video', mime: 'video/ogg' };
    return { kind: 'audio', mime: 'audio/ogg' };
  }
  if (first4 === 'fLaC') return { kind: 'audio', mime: 'audio/flac' };
  if (ascii(head, 0, 3) === 'ID3') return { kind: 'audio', mime: 'audio/mpeg' };
  // ADTS AAC: frame sync with layer 0.
  if (head[0] === 0xff && ((head[1] ?? 0) & 0xf6) === 0xf0) return { kind: 'audio', mime: 'audio/aac' };
  if (isMpegAudioFrame(head)) return { kind: 'audio', mime: 'audio/mpeg' };
  return null;
}

/** How many leading bytes the SVG check reads: an XML prolog and comments may come before the root. */
export const SVG_SNIFF_BYTES = 1024;

/** An SVG document (XML whose root is <svg>), whatever the file is called. */
export function looksLikeSvg(head: Uint8Array): boolean {
  const text = Buffer.from(head)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (text.startsWith('<svg')) return true;
  const xmlish = text.startsWith('<?xml') || text.startsWith('<!--') || text.startsWith('<!doctype svg');
  return xmlish && /<svg[\s>]/.test(text);
}

/** The type an extension suggests; 'other' when it is not one the library imports. */
export function mediaTypeFromExtension(file: string): { kind: MediaKind; mime: string } {
  return BY_EXTENSION[extensionOf(file)] ?? OTHER;
}

/**
 * A file's media type: its first bytes decide (a renamed file is still what it is), the
 * extension is the fallback for formats without a recognisable header.
 */
export async function detectMediaType(file: string): Promise<MediaType> {
  const head = Buffer.alloc(SNIFF_BYTES);
  let length = 0;
  try {
    const handle = await fs.open(file, 'r');
    try {
      length = (await handle.read(head, 0, SNIFF_BYTES, 0)).bytesRead;
    } finally {
      await handle.close();
    }
  } catch {
    // Unreadable here means unreadable later too; the extension is all there is to go on.
  }
  const sniffed = sniffMediaType(head.subarray(0, length), file);
  if (sniffed) return { ...sniffed, by: 'magic' };
  const guessed = mediaTypeFromExtension(file);
  return { ...guessed, by: guessed.kind === 'other' ? 'none' : 'extension' };
}

/** Formats sharp's prebuilt libvips decodes; a failure on one of these means a damaged file. */
export const SHARP_DECODES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/tiff',
  'image/avif',
]);
