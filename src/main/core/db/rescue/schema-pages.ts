import fs from 'node:fs';
import { freshHeader } from './header';
import { PageFile, readTableTree } from './pages';

/** One row of sqlite_schema, read from the pages. */
export interface SchemaEntry {
  type: string;
  name: string;
  tableName: string;
  rootpage: number;
  sql: string;
}

const MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

function pageSizeOf(head: Buffer): number {
  const raw = head.readUInt16BE(16);
  return raw === 1 ? 65536 : raw;
}

/**
 * The schema rows that can still be read from the pages of sqlite_schema (its b-tree starts on
 * page 1). SQLite refuses the whole schema when one of its pages is damaged; the tables whose rows
 * sit on the other pages can still be found this way.
 */
export function readSchemaFromPages(file: string): SchemaEntry[] {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(100);
    if (fs.readSync(fd, head, 0, 100, 0) < 100 || !head.subarray(0, 16).equals(MAGIC)) return [];
    const pageSize = pageSizeOf(head);
    if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) return [];
    const rows = readTableTree(new PageFile(fd, pageSize), 1);
    const entries: SchemaEntry[] = [];
    for (const { values } of rows) {
      const [type, name, tableName, rootpage, sql] = values;
      if (
        typeof type === 'string' &&
        typeof name === 'string' &&
        typeof tableName === 'string' &&
        typeof rootpage === 'number' &&
        typeof sql === 'string'
      ) {
        entries.push({ type, name, tableName, rootpage, sql });
      }
    }
    return entries;
  } finally {
    fs.closeSync(fd);
  }
}

function encodeVarint(n: number): Buffer {
  const groups: number[] = [];
  let rest = n;
  do {
    groups.unshift(rest % 128);
    rest = Math.floor(rest / 128);
  } while (rest > 0);
  return Buffer.from(groups.map((g, i) => (i < groups.length - 1 ? g | 0x80 : g)));
}

/** A record of texts and one 4-byte integer (the root page), in SQLite's record format. */
function encodeSchemaRecord(entry: SchemaEntry): Buffer {
  const texts = [entry.type, entry.name, entry.tableName].map((t) => Buffer.from(t, 'utf8'));
  const sql = Buffer.from(entry.sql, 'utf8');
  const root = Buffer.alloc(4);
  root.writeUInt32BE(entry.rootpage);
  const types = [...texts.map((t) => 13 + 2 * t.length), 4, 13 + 2 * sql.length].map(encodeVarint);
  const typesLength = types.reduce((n, t) => n + t.length, 0);
  let headerLength = typesLength + 1;
  if (encodeVarint(headerLength).length > 1) headerLength = typesLength + encodeVarint(typesLength + 2).length;
  return Buffer.concat([encodeVarint(headerLength), ...types, ...texts, root, sql]);
}

/**
 * Replace page 1 of a working copy by a fresh one whose schema names one table at its old root
 * page, so SQLite can read that table's b-tree again. False when its definition does not fit on
 * one page (it would need overflow pages of its own).
 */
export function pointSchemaAt(file: string, entry: SchemaEntry): boolean {
  const fd = fs.openSync(file, 'r+');
  try {
    const head = Buffer.alloc(100);
    fs.readSync(fd, head, 0, 100, 0);
    const pageSize = pageSizeOf(head);
    const payload = encodeSchemaRecord(entry);
    const cell = Buffer.concat([encodeVarint(payload.length), encodeVarint(1), payload]);
    if (payload.length > pageSize - 35 || 108 + 2 + cell.length > pageSize) return false;
    const page = Buffer.alloc(pageSize);
    freshHeader(pageSize, Math.floor(fs.fstatSync(fd).size / pageSize), false).copy(page, 0);
    const contentStart = pageSize - cell.length;
    page[100] = 0x0d; // a table leaf holding one cell
    page.writeUInt16BE(1, 103);
    page.writeUInt16BE(contentStart === 65536 ? 0 : contentStart, 105);
    page.writeUInt16BE(contentStart, 108);
    cell.copy(page, contentStart);
    fs.writeSync(fd, page, 0, pageSize, 0);
    return true;
  } finally {
    fs.closeSync(fd);
  }
}
