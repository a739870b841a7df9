import { inflateSync } from 'node:zlib';

// PNG text chunks written and read by hand: sharp would decode and re-encode the picture.

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const TEXT_TYPES = new Set(['tEXt', 'iTXt', 'zTXt']);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A tEXt chunk (Latin-1 text) for plain words such as Software. */
export function textChunk(keyword: string, text: string): Buffer {
  return chunk('tEXt', Buffer.concat([Buffer.from(`${keyword}\0`, 'latin1'), Buffer.from(text, 'latin1')]));
}

/** An uncompressed iTXt chunk: UTF-8 text, so prompts in any script survive. */
export function itxtChunk(keyword: string, text: string): Buffer {
  return chunk('iTXt', Buffer.concat([Buffer.from(`${keyword}\0\0\0\0\0`, 'latin1'), Buffer.from(text, 'utf8')]));
}

export interface PngChunk {
  type: string;
  start: number;
  end: number;
  data: Buffer;
}

/** The chunks of a PNG in order; throws in words on a file that is not one or is cut short. */
export function pngChunks(png: Buffer): PngChunk[] {
  if (png.length < 8 || !png.subarray(0, 8).equals(SIGNATURE)) throw new Error('This is not a PNG file.');
  const out: PngChunk[] = [];
  for (let at = 8; at < png.length;) {
    if (at + 12 > png.length) throw new Error('The PNG file is cut short.');
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (end > png.length) throw new Error('The PNG file is cut short.');
    out.push({ type, start: at, end, data: png.subarray(at + 8, at + 8 + length) });
    at = end;
    if (type === 'IEND') break;
  }
  return out;
}

/** A text chunk's keyword and text (tEXt, iTXt, zTXt), or null when it is damaged. */
export function readTextChunk(c: { type: string; data: Buffer }): { keyword: string; text: string } | null {
  const zero = c.data.indexOf(0);
  if (zero < 1) return null;
  const keyword = c.data.toString('latin1', 0, zero);
  try {
    if (c.type === 'tEXt') return { keyword, text: c.data.toString('latin1', zero + 1) };
    if (c.type === 'zTXt') return { keyword, text: inflateSync(c.data.subarray(zero + 2)).toString('latin1') };
    if (c.type !== 'iTXt') return null;
    const compressed = c.data[zero + 1] === 1;
    const lang = c.data.indexOf(0, zero + 3);
    const translated = lang < 0 ? -1 : c.data.indexOf(0, lang + 1);
    if (translated < 0) return null;
    const body = c.data.subarray(translated + 1);
    return { keyword, text: (compressed ? inflateSync(body) : body).toString('utf8') };
  } catch {
    return null;
  }
}

/**
 * The PNG with these text entries added after its header; entries of the same keywords it had go,
 * so exporting twice never stacks them.
 */
export function withPngText(png: Buffer, entries: { keyword: string; text: string; utf8: boolean }[]): Buffer {
  const chunks = pngChunks(png);
  const keywords = new Set(entries.map((e) => e.keyword));
  const kept = chunks.filter((c) => {
    if (!TEXT_TYPES.has(c.type)) return true;
    const t = readTextChunk(c);
    return !t || !keywords.has(t.keyword);
  });
  const added = entries.map((e) => (e.utf8 ? itxtChunk(e.keyword, e.text) : textChunk(e.keyword, e.text)));
  const parts: Buffer[] = [SIGNATURE];
  for (const c of kept) {
    parts.push(png.subarray(c.start, c.end));
    if (c.type === 'IHDR') parts.push(...added);
  }
  return Buffer.concat(parts);
}

/** Every text entry of a PNG, by keyword (a damaged chunk is left out). */
export function pngTexts(png: Buffer): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of pngChunks(png)) {
    if (!TEXT_TYPES.has(c.type)) continue;
    const t = readTextChunk(c);
    if (t) out.set(t.keyword, t.text);
  }
  return out;
}
