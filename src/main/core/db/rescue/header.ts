import fs from 'node:fs';

const MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
const PAGE_SIZES = [512, 1024, 2048, 4096, 8192, 16384, 32768, 65536];
/** Page 1's b-tree header follows the 100-byte file header: a table leaf (0x0d) or interior (0x05) page. */
const SCHEMA_PAGE_TYPES = new Set([0x0d, 0x05]);

export type HeaderState = 'valid' | 'repaired' | 'not-a-database';

function validPageSize(head: Buffer): boolean {
  const raw = head.readUInt16BE(16);
  const size = raw === 1 ? 65536 : raw;
  return PAGE_SIZES.includes(size);
}

/**
 * The smallest page size that page 1's cell pointers fit in. Cell content is packed from the end
 * of the page, so a smaller guess leaves pointers beyond it; the real size is the first that fits.
 */
function guessPageSize(head: Buffer, fileSize: number): number | undefined {
  const type = head[100] ?? 0;
  if (!SCHEMA_PAGE_TYPES.has(type)) return undefined;
  const cells = head.readUInt16BE(103);
  const contentStart = head.readUInt16BE(105) || 65536;
  const pointersAt = 100 + (type === 0x0d ? 8 : 12);
  const pointers: number[] = [];
  for (let i = 0; i < cells && pointersAt + 2 * i + 2 <= head.length; i++)
    pointers.push(head.readUInt16BE(pointersAt + 2 * i));
  if (pointers.some((p) => p < pointersAt + 2 * cells)) return undefined;
  const lastPointer = Math.max(0, ...pointers);
  return PAGE_SIZES.find((size) => lastPointer < size && contentStart <= size && size <= fileSize);
}

/** A fresh 100-byte header for a UTF-8 database of `pages` pages, with no freelist (its pages are simply left out). */
export function freshHeader(pageSize: number, pages: number, wal: boolean): Buffer {
  const h = Buffer.alloc(100);
  MAGIC.copy(h, 0);
  h.writeUInt16BE(pageSize === 65536 ? 1 : pageSize, 16);
  h[18] = wal ? 2 : 1; // file format write/read version: 2 reads the -wal beside it
  h[19] = wal ? 2 : 1;
  h[21] = 64; // payload fractions, fixed by the file format
  h[22] = 32;
  h[23] = 32;
  h.writeUInt32BE(1, 24); // change counter
  h.writeUInt32BE(pages, 28);
  h.writeUInt32BE(1, 40); // schema cookie
  h.writeUInt32BE(4, 44); // schema format
  h.writeUInt32BE(1, 56); // text encoding: UTF-8, what Atelier always writes
  h.writeUInt32BE(1, 92); // "version valid for" matches the change counter, so `pages` is trusted
  h.writeUInt32BE(3_045_000, 96);
  return h;
}

/**
 * Give a working copy whose 100-byte file header was destroyed a plausible one again, so the pages
 * behind it can be read. Works on the copy only; a file that does not look like SQLite is left alone.
 */
export function repairHeader(file: string, hasWal: boolean): HeaderState {
  const fd = fs.openSync(file, 'r+');
  try {
    const fileSize = fs.fstatSync(fd).size;
    const head = Buffer.alloc(Math.min(65536, fileSize));
    fs.readSync(fd, head, 0, head.length, 0);
    if (head.length >= 100 && head.subarray(0, 16).equals(MAGIC) && validPageSize(head)) return 'valid';
    if (head.length < 512) return 'not-a-database';
    const pageSize = guessPageSize(head, fileSize);
    if (!pageSize) return 'not-a-database';
    fs.writeSync(fd, freshHeader(pageSize, Math.floor(fileSize / pageSize), hasWal), 0, 100, 0);
    return 'repaired';
  } finally {
    fs.closeSync(fd);
  }
}
