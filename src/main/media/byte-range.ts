/** One satisfiable byte range, both ends inclusive (as in Content-Range). */
export interface ByteRange {
  start: number;
  end: number;
}

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * Reads a Range header against a file of `size` bytes. Returns null to serve the whole file
 * (no header, another unit, bad syntax or several ranges, which RFC 9110 lets a server ignore),
 * 'unsatisfiable' for a 416, or the range to send with a 206. Media elements only ever ask
 * for one range, so multipart answers are not worth their complexity.
 */
export function parseByteRange(header: string | null | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = SINGLE_RANGE.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
