import type Database from 'better-sqlite3';
import { z } from 'zod';

type Db = Database.Database;

/** A table of the fresh database that rows are copied into. */
export interface TargetTable {
  name: string;
  /** Stored columns, in declaration order (generated columns are computed again, not copied). */
  columns: string[];
  /** An INTEGER PRIMARY KEY column carries the rowid, so it is not given separately. */
  rowidAlias: boolean;
  withoutRowid: boolean;
  /** Triggers of other tables insert into it (asset tags): a key already there was put there by them. */
  fedByTriggers: boolean;
}

/** A table of the database rows are read from. */
export interface SourceTable {
  name: string;
  columns: Set<string>;
  withoutRowid: boolean;
  /** Primary key columns in key order (for WITHOUT ROWID tables, their identity). */
  primaryKey: string[];
}

const TableListRow = z.object({ schema: z.string(), name: z.string(), type: z.string(), wr: z.number() });
const ColumnRow = z.object({ name: z.string(), type: z.string(), pk: z.number(), hidden: z.number() });
const ForeignKeyRow = z.object({ table: z.string() });
const MasterRow = z.object({ name: z.string(), type: z.string(), sql: z.string().nullable() });

/**
 * Not copied: SQLite's own tables, the migration record (the fresh database has its own) and full-text tables
 * (rebuilt).
 */
const SKIP = new Set(['schema_migrations']);

/** An identifier quoted for SQL (names come from the database's own schema). */
export function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
const quote = quoteName;

function plainTables(db: Db): { name: string; withoutRowid: boolean }[] {
  const listed = z.array(TableListRow).parse(db.prepare('PRAGMA table_list').all());
  const order = z
    .array(MasterRow)
    .parse(db.prepare(`SELECT name, type, sql FROM sqlite_master WHERE type = 'table' ORDER BY rowid`).all());
  const kinds = new Map(listed.filter((t) => t.schema === 'main').map((t) => [t.name, t]));
  return order
    .map((m) => kinds.get(m.name))
    .filter(
      (t): t is z.infer<typeof TableListRow> =>
        t !== undefined && t.type === 'table' && !t.name.startsWith('sqlite_') && !SKIP.has(t.name),
    )
    .map((t) => ({ name: t.name, withoutRowid: t.wr === 1 }));
}

function columnsOf(db: Db, table: string): z.infer<typeof ColumnRow>[] {
  return z
    .array(ColumnRow)
    .parse(db.prepare(`PRAGMA table_xinfo(${quote(table)})`).all())
    .filter((c) => c.hidden === 0);
}

/** Tables that some trigger inserts into, read from the triggers' SQL. */
function triggerFed(db: Db): Set<string> {
  const triggers = z
    .array(MasterRow)
    .parse(db.prepare(`SELECT name, type, sql FROM sqlite_master WHERE type = 'trigger'`).all());
  const fed = new Set<string>();
  for (const t of triggers) {
    for (const m of (t.sql ?? '').matchAll(/INSERT\s+(?:OR\s+\w+\s+)?INTO\s+["`[]?(\w+)/gi)) if (m[1]) fed.add(m[1]);
  }
  return fed;
}

/** Parents before children, otherwise in the order the schema created them. */
function parentsFirst(db: Db, names: string[]): string[] {
  const known = new Set(names);
  const done = new Set<string>();
  const out: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (done.has(name) || path.has(name)) return;
    path.add(name);
    const parents = z.array(ForeignKeyRow).parse(db.prepare(`PRAGMA foreign_key_list(${quote(name)})`).all());
    for (const p of parents) if (known.has(p.table)) visit(p.table, path);
    done.add(name);
    out.push(name);
  };
  for (const name of names) visit(name, new Set());
  return out;
}

/** The fresh database's tables to fill, parents before children. */
export function targetTables(db: Db): TargetTable[] {
  const tables = new Map(plainTables(db).map((t) => [t.name, t]));
  const fed = triggerFed(db);
  return parentsFirst(db, [...tables.keys()]).map((name) => {
    const withoutRowid = tables.get(name)?.withoutRowid ?? false;
    const columns = columnsOf(db, name);
    const pk = columns.filter((c) => c.pk > 0);
    const rowidAlias = !withoutRowid && pk.length === 1 && pk[0]?.type.toUpperCase() === 'INTEGER';
    return { name, columns: columns.map((c) => c.name), rowidAlias, withoutRowid, fedByTriggers: fed.has(name) };
  });
}

/** The readable tables of a damaged database; none when even its schema cannot be read. */
export function sourceTables(db: Db): Map<string, SourceTable> {
  const out = new Map<string, SourceTable>();
  let tables: { name: string; withoutRowid: boolean }[];
  try {
    tables = plainTables(db);
  } catch {
    return out; // the schema itself is unreadable (or the file is no database): nothing can be found
  }
  for (const t of tables) {
    try {
      const columns = columnsOf(db, t.name);
      const primaryKey = columns
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name);
      out.set(t.name, {
        name: t.name,
        columns: new Set(columns.map((c) => c.name)),
        withoutRowid: t.withoutRowid,
        primaryKey,
      });
    } catch {
      // a table whose definition cannot be read is skipped; its rows count as lost through the report
    }
  }
  return out;
}

/** Indexes that hold every row of the table (partial ones do not), by name. */
export function fullIndexes(db: Db, table: string): string[] {
  const IndexRow = z.object({ name: z.string(), partial: z.number() });
  try {
    return z
      .array(IndexRow)
      .parse(db.prepare(`PRAGMA index_list(${quote(table)})`).all())
      .filter((i) => i.partial === 0)
      .map((i) => i.name);
  } catch {
    return [];
  }
}

/** Full-text tables of the fresh database, rebuilt from their content tables after the copy. */
export function fullTextTables(db: Db): string[] {
  const listed = z.array(TableListRow).parse(db.prepare('PRAGMA table_list').all());
  const virtual = listed.filter((t) => t.schema === 'main' && t.type === 'virtual').map((t) => t.name);
  const sql = z
    .array(MasterRow)
    .parse(db.prepare(`SELECT name, type, sql FROM sqlite_master WHERE type = 'table'`).all());
  return virtual.filter((name) => /USING\s+fts[345]/i.test(sql.find((m) => m.name === name)?.sql ?? ''));
}
