import fs from 'node:fs';
import Database from 'better-sqlite3';

/**
 * For each table: every rowid and the pages its row depends on (its leaf, the b-tree pages above it, the leaf's
 * overflow pages).
 */
export interface RowPages {
  pageSize: number;
  tables: Map<string, Map<number, number[]>>;
}

interface StatRow {
  path: string;
  pageno: number;
  pagetype: string;
}

/** A SQLite varint (1–9 bytes, big-endian, 7 bits a byte and all 8 in the ninth). */
function varint(buf: Buffer, at: number): { value: bigint; next: number } {
  let value = 0n;
  for (let i = 0; i < 8; i++) {
    const byte = buf[at + i] ?? 0;
    value = (value << 7n) | BigInt(byte & 0x7f);
    if (byte < 0x80) return { value, next: at + i + 1 };
  }
  return { value: (value << 8n) | BigInt(buf[at + 8] ?? 0), next: at + 9 };
}

/** The rowids stored on one table leaf page (page type 0x0d), read from the file's bytes. */
function leafRowids(file: Buffer, pageno: number, pageSize: number): number[] {
  const base = (pageno - 1) * pageSize;
  const header = base + (pageno === 1 ? 100 : 0);
  if (file[header] !== 0x0d) throw new Error(`page ${pageno} is not a table leaf`);
  const cells = file.readUInt16BE(header + 3);
  const rowids: number[] = [];
  for (let i = 0; i < cells; i++) {
    const cell = base + file.readUInt16BE(header + 8 + 2 * i);
    const payload = varint(file, cell);
    rowids.push(Number(BigInt.asIntN(64, varint(file, payload.next).value)));
  }
  return rowids;
}

/** The path of the page an overflow page or a child page hangs from, per dbstat's path format. */
function parentPath(p: string): string | undefined {
  if (p === '/') return undefined;
  const plus = p.indexOf('+');
  if (plus >= 0) return p.slice(0, p.lastIndexOf('/', plus) + 1);
  return p.slice(0, p.lastIndexOf('/', p.length - 2) + 1);
}

function tablePages(stat: StatRow[], bytes: Buffer, pageSize: number): Map<number, number[]> {
  const byPath = new Map(stat.map((s) => [s.path, s.pageno]));
  const overflow = new Map<string, number[]>();
  for (const s of stat.filter((r) => r.pagetype === 'overflow')) {
    const leaf = parentPath(s.path) ?? '/';
    overflow.set(leaf, [...(overflow.get(leaf) ?? []), s.pageno]);
  }
  const rows = new Map<number, number[]>();
  for (const leaf of stat.filter((r) => r.pagetype === 'leaf')) {
    const pages = [leaf.pageno, ...(overflow.get(leaf.path) ?? [])];
    for (let p = parentPath(leaf.path); p !== undefined; p = parentPath(p)) pages.push(byPath.get(p) ?? 0);
    for (const rowid of leafRowids(bytes, leaf.pageno, pageSize)) rows.set(rowid, pages);
  }
  return rows;
}

/**
 * Which pages hold each row of the given rowid tables, read from an undamaged, checkpointed
 * database (dbstat gives the b-tree's pages; the rowids are read from the leaf pages' bytes).
 */
export function rowPages(file: string, tables: readonly string[]): RowPages {
  const db = new Database(file, { readonly: true });
  try {
    const pageSize = Number(db.pragma('page_size', { simple: true }));
    const bytes = fs.readFileSync(file);
    const stat = db.prepare('SELECT path, pageno, pagetype FROM dbstat WHERE name = ?');
    const out = new Map<string, Map<number, number[]>>();
    for (const table of tables) out.set(table, tablePages(stat.all(table) as StatRow[], bytes, pageSize));
    return { pageSize, tables: out };
  } finally {
    db.close();
  }
}

/** Page numbers (1-based) that overlap any of the byte ranges. */
export function touchedPages(ranges: { offset: number; length: number }[], pageSize: number): Set<number> {
  const pages = new Set<number>();
  for (const r of ranges) {
    if (r.length <= 0) continue;
    const first = Math.floor(r.offset / pageSize) + 1;
    const last = Math.floor((r.offset + r.length - 1) / pageSize) + 1;
    for (let p = first; p <= last; p++) pages.add(p);
  }
  return pages;
}

/** Per table, the rowids whose row depends on no touched page: a rescue must bring every one back. */
export function untouchedRows(map: RowPages, touched: Set<number>): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  for (const [table, rows] of map.tables) {
    out.set(
      table,
      new Set([...rows].filter(([, pages]) => !pages.some((p) => touched.has(p))).map(([rowid]) => rowid)),
    );
  }
  return out;
}
