import fs from 'node:fs';

/**
 * Just enough of SQLite's file format (sqlite.org/fileformat.html) to read a table b-tree's rows
 * straight from the pages, for when SQLite itself cannot open the schema that names them.
 */

const TABLE_LEAF = 0x0d;
const TABLE_INTERIOR = 0x05;

export function varint(buf: Buffer, at: number): { value: bigint; next: number } {
  let value = 0n;
  for (let i = 0; i < 8; i++) {
    const byte = buf[at + i];
    if (byte === undefined) throw new RangeError('varint past the end of the page');
    value = (value << 7n) | BigInt(byte & 0x7f);
    if (byte < 0x80) return { value, next: at + i + 1 };
  }
  const last = buf[at + 8];
  if (last === undefined) throw new RangeError('varint past the end of the page');
  return { value: (value << 8n) | BigInt(last), next: at + 9 };
}

function serialValue(type: number, body: Buffer, at: number): { value: unknown; size: number } {
  const intSizes = [0, 1, 2, 3, 4, 6, 8];
  if (type === 0) return { value: null, size: 0 };
  if (type >= 1 && type <= 7) {
    const size = intSizes[type] ?? 8;
    if (at + size > body.length) throw new RangeError('value past the end of the record');
    if (type === 7) return { value: body.readDoubleBE(at), size };
    return { value: size === 8 ? body.readBigInt64BE(at) : body.readIntBE(at, size), size };
  }
  if (type === 8 || type === 9) return { value: type - 8, size: 0 };
  if (type < 12) throw new RangeError(`reserved serial type ${type}`);
  const size = Math.floor((type - (type % 2 === 0 ? 12 : 13)) / 2);
  if (at + size > body.length) throw new RangeError('value past the end of the record');
  const bytes = body.subarray(at, at + size);
  return { value: type % 2 === 0 ? Buffer.from(bytes) : bytes.toString('utf8'), size };
}

/** The values of one record (a row's payload): a header of serial types, then the values. */
export function decodeRecord(payload: Buffer): unknown[] {
  const head = varint(payload, 0);
  const headerEnd = Number(head.value);
  if (headerEnd > payload.length || headerEnd < head.next) throw new RangeError('record header out of bounds');
  const types: number[] = [];
  for (let at = head.next; at < headerEnd;) {
    const t = varint(payload, at);
    types.push(Number(t.value));
    at = t.next;
  }
  const values: unknown[] = [];
  let at = headerEnd;
  for (const type of types) {
    const { value, size } = serialValue(type, payload, at);
    values.push(value);
    at += size;
  }
  return values;
}

export class PageFile {
  readonly pages: number;
  constructor(
    private readonly fd: number,
    readonly pageSize: number,
  ) {
    this.pages = Math.floor(fs.fstatSync(fd).size / pageSize);
  }

  read(page: number): Buffer {
    if (page < 1 || page > this.pages) throw new RangeError(`page ${page} is outside the file`);
    const buf = Buffer.alloc(this.pageSize);
    fs.readSync(this.fd, buf, 0, this.pageSize, (page - 1) * this.pageSize);
    return buf;
  }

  /** A cell's whole payload: its local part, then the chain of overflow pages. */
  payload(page: Buffer, at: number, length: number): Buffer {
    const usable = this.pageSize;
    const maxLocal = usable - 35;
    if (length <= maxLocal) return page.subarray(at, at + length);
    const minLocal = Math.floor(((usable - 12) * 32) / 255) - 23;
    const k = minLocal + ((length - minLocal) % (usable - 4));
    const local = k <= maxLocal ? k : minLocal;
    const parts = [page.subarray(at, at + local)];
    let left = length - local;
    const seen = new Set<number>();
    for (let next = page.readUInt32BE(at + local); left > 0;) {
      if (seen.has(next)) throw new RangeError('overflow chain loops');
      seen.add(next);
      const overflow = this.read(next);
      parts.push(overflow.subarray(4, 4 + Math.min(left, usable - 4)));
      left -= usable - 4;
      next = overflow.readUInt32BE(0);
    }
    return Buffer.concat(parts);
  }
}

export interface RawRow {
  rowid: bigint;
  values: unknown[];
}

function cellPointers(page: Buffer, header: number, interior: boolean): number[] {
  const count = page.readUInt16BE(header + 3);
  const start = header + (interior ? 12 : 8);
  return Array.from({ length: count }, (_, i) => page.readUInt16BE(start + 2 * i));
}

/**
 * Every row of a table b-tree that can be read from its pages, depth first. A page that does not
 * parse (or a cell on it) is skipped with what hangs below it; the rest is still read.
 */
export function readTableTree(file: PageFile, root: number): RawRow[] {
  const rows: RawRow[] = [];
  const seen = new Set<number>();
  const visit = (pageNo: number) => {
    if (seen.has(pageNo)) return;
    seen.add(pageNo);
    let page: Buffer;
    try {
      page = file.read(pageNo);
    } catch {
      return;
    }
    const header = pageNo === 1 ? 100 : 0;
    const type = page[header];
    if (type === TABLE_INTERIOR) {
      for (const at of cellPointers(page, header, true)) if (at + 4 <= page.length) visit(page.readUInt32BE(at));
      visit(page.readUInt32BE(header + 8));
    } else if (type === TABLE_LEAF) {
      for (const at of cellPointers(page, header, false)) {
        try {
          const length = varint(page, at);
          const rowid = varint(page, length.next);
          rows.push({
            rowid: BigInt.asIntN(64, rowid.value),
            values: decodeRecord(file.payload(page, rowid.next, Number(length.value))),
          });
        } catch {
          // a damaged cell: the others on the page may still be whole
        }
      }
    }
  };
  visit(root);
  return rows;
}
