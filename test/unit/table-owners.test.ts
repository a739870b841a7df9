import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A table has one owner: only the owning file holds SQL naming it, only the record store interpolates a
// group's table name, and rows are never cast. The script is what the README figures use too.
const root = path.resolve(__dirname, '../..');

interface SqlOwners {
  OWNERS: Record<string, string | null>;
  GENERIC_OWNER: string;
  sqlFilesByTable(root: string): Record<string, string[]>;
  rowCasts(root: string): { file: string; line: number; text: string }[];
  genericSqlFiles(root: string): string[];
  sqlTablesInSource(text: string, file?: string): string[];
  rowCastsInSource(text: string, file?: string): { line: number; text: string }[];
  interpolatesTable(text: string, file?: string): boolean;
}
const owners = createRequire(__filename)(path.join(root, 'scripts/sql-owners.cjs')) as SqlOwners;

/** Tables a SQL text creates, `IF NOT EXISTS` and virtual tables included. */
function createdTables(sql: string): string[] {
  return [...sql.matchAll(/\bCREATE\s+(?:VIRTUAL\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?["`]?(\w+)/gi)].map((m) =>
    m[1]!.toLowerCase(),
  );
}

const makesStatements = (file: string) => /\bnew\s+Statements\s*\(/.test(fs.readFileSync(file, 'utf8'));
/** Typed statements belong to a table's owner, the record store, or db/ (whole-database work). */
const mayMakeStatements = (rel: string) =>
  Object.values(owners.OWNERS).includes(rel) || rel === owners.GENERIC_OWNER || rel.startsWith('src/main/core/db/');

/** Files naming a table in SQL that are not its owner, by table. */
function strays(byTable: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [table, files] of Object.entries(byTable)) {
    const others = files.filter((f) => f !== owners.OWNERS[table]);
    if (others.length > 0) out[table] = others;
  }
  return out;
}

describe('table ownership in src/main', () => {
  const byTable = owners.sqlFilesByTable(root);
  const casts = owners.rowCasts(root);
  const generic = owners.genericSqlFiles(root).filter((f) => f !== owners.GENERIC_OWNER);

  it('names an owner for every table of the schema, and each owner exists', () => {
    const migrations = path.join(root, 'src/main/core/db/migrations');
    const sources = [
      ...fs.readdirSync(migrations).map((f) => path.join(migrations, f)),
      // schema_migrations is created when the database is opened, not by a migration.
      path.join(root, 'src/main/core/db/open.ts'),
    ];
    const created = sources.flatMap((f) => createdTables(fs.readFileSync(f, 'utf8')));
    expect([...new Set(created)].sort()).toEqual(Object.keys(owners.OWNERS).sort());
    for (const file of new Set(Object.values(owners.OWNERS))) {
      if (file !== null) expect(fs.existsSync(path.join(root, file)), file).toBe(true);
    }
  });

  it('has SQL naming a table only in its owner', () => {
    expect(strays(byTable)).toEqual({});
  });

  it('interpolates a group table name into SQL only in the record store', () => {
    expect(generic).toEqual([]);
  });

  it('reads rows without casts', () => {
    expect(casts).toEqual([]);
  });

  it('makes typed statements (new Statements) only in table owners, the record store and db/', () => {
    const makers: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) walk(full);
        else if (/\.[cm]?tsx?$/.test(e.name) && !/\.test\.[cm]?tsx?$/.test(e.name) && makesStatements(full))
          makers.push(path.relative(root, full).split(path.sep).join('/'));
      }
    };
    walk(path.join(root, 'src/main'));
    expect(makers.length).toBeGreaterThan(0);
    expect(makers.filter((f) => !mayMakeStatements(f))).toEqual([]);
  });
});

describe('each rule bites', () => {
  it('catches a non-owner naming a table in a template literal', () => {
    const text = 'export const pending = (seq: number) => db.prepare(`SELECT * FROM outbox WHERE seq = ${seq}`);\n';
    const tables = owners.sqlTablesInSource(text, 'src/main/core/planning/x.ts');
    expect(tables).toEqual(['outbox']);
    expect(strays({ outbox: ['src/main/core/planning/x.ts'] })).toEqual({ outbox: ['src/main/core/planning/x.ts'] });
    expect(strays({ outbox: [owners.OWNERS.outbox as string] })).toEqual({});
  });

  it('catches SQL split over plain strings and a table named only as a whole word', () => {
    expect(owners.sqlTablesInSource("const q = 'SELECT id ' + 'FROM media_queue WHERE deleted = 0';")).toEqual([
      'media_queue',
    ]);
    expect(owners.sqlTablesInSource("const q = 'SELECT id FROM assets_fts WHERE assets_fts MATCH ?';")).toEqual([
      'assets_fts',
    ]);
  });

  it('does not count a table word in a message', () => {
    expect(owners.sqlTablesInSource("fail('not_found', 'No posts or assets match; the outbox is empty.');")).toEqual(
      [],
    );
    expect(owners.sqlTablesInSource('const label = `${n} posts in the media_queue`;')).toEqual([]);
  });

  it('catches a group table name interpolated into SQL, and not other interpolations', () => {
    expect(
      owners.interpolatesTable('db.prepare(`SELECT count(*) FROM ${tableOf(group).table} WHERE deleted = 0`);'),
    ).toBe(true);
    expect(owners.interpolatesTable('db.prepare(`DELETE FROM ${table} WHERE id = ?`);')).toBe(true);
    expect(owners.interpolatesTable('db.prepare(`SELECT * FROM assets a WHERE ${where.join(" AND ")}`);')).toBe(false);
    expect(owners.interpolatesTable('const m = `The ${tableOf(group).noun} was saved.`;')).toBe(false);
  });

  it('catches an `as Row` cast on a statement read, and not on a Map', () => {
    const cast = "const row = db.prepare('SELECT * FROM posts WHERE id = ?').get(id) as Row;";
    expect(owners.rowCastsInSource(cast)).toEqual([
      { line: 1, text: "db.prepare('SELECT * FROM posts WHERE id = ?').get(id) as Row" },
    ]);
    expect(
      owners.rowCastsInSource("const n = (this.stmt('SELECT count(*) AS n FROM t').get() as { n: number }).n;"),
    ).toHaveLength(1);
    expect(
      owners.rowCastsInSource('const rows = (a ? reads.one.all(x) : reads.range.all(x, y)) as unknown[][];'),
    ).toHaveLength(1);
    expect(owners.rowCastsInSource('const rows = q.iterate() as unknown as Iterable<Row>;')).toHaveLength(1);
    expect(owners.rowCastsInSource('const remote = remotes.get(group) as RemoteGroup;')).toEqual([]);
    expect(
      owners.rowCastsInSource("const row = db.prepare<[string], Row>('SELECT * FROM posts WHERE id = ?').get(id);"),
    ).toEqual([]);
  });
});

describe('each hardened rule bites', () => {
  it('reads SQL words and table names in any case, and not a table word in English', () => {
    expect(owners.sqlTablesInSource("const q = 'select * from outbox';")).toEqual(['outbox']);
    expect(owners.sqlTablesInSource("const q = 'SELECT * FROM OUTBOX';")).toEqual(['outbox']);
    expect(owners.sqlTablesInSource('db.exec("delete from ai_jobs");')).toEqual(['ai_jobs']);
    expect(owners.sqlTablesInSource("const q = 'update posts set deleted = 1';")).toEqual(['posts']);
    expect(owners.sqlTablesInSource("fail('x', 'Update posts failed; removed from the outbox.');")).toEqual([]);
  });

  it('folds literals joined with + and same-file string consts put into a template', () => {
    expect(owners.sqlTablesInSource("db.prepare('SELECT * FROM ' + 'outbox');")).toEqual(['outbox']);
    expect(owners.sqlTablesInSource("const T = 'outbox';\ndb.prepare(`SELECT * FROM ${T}`);")).toEqual(['outbox']);
    expect(owners.sqlTablesInSource("const T = 'sync_log';\ndb.prepare('DELETE FROM ' + T);")).toEqual(['sync_log']);
    expect(owners.sqlTablesInSource("const T = 'outbox';\nconst m = `${T} is empty`;")).toEqual([]);
  });

  it('catches a table name put into SQL through a helper or a const', () => {
    const helper = 'const t = (g: G) => tableOf(g).table;\ndb.prepare(`SELECT * FROM ${t(group)}`);';
    expect(owners.interpolatesTable(helper)).toBe(true);
    const method =
      'class X { private t(g: G) { return tableOf(g).table; } f() { this.s.sql(`DELETE FROM ${this.t(g)}`); } }';
    expect(owners.interpolatesTable(method)).toBe(true);
    expect(owners.interpolatesTable("const name = GROUP_TABLES[g].table;\ndb.prepare('DELETE FROM ' + name);")).toBe(
      true,
    );
    expect(owners.interpolatesTable('const name = GROUP_TABLES[g].table;\ndb.prepare(`SELECT * FROM ${name}`);')).toBe(
      true,
    );
    const bound = 'for (const { table: name } of Object.values(GROUP_TABLES)) db.exec(`DELETE FROM ${name}`);';
    expect(owners.interpolatesTable(bound)).toBe(true);
    const noun = 'const t = (g: G) => tableOf(g).noun;\ndb.prepare(`SELECT * FROM assets WHERE kind = ${t(g)}`);';
    expect(owners.interpolatesTable(noun)).toBe(false);
  });

  it('catches casts on statement reads wherever the statement lives, and not on a Map', () => {
    const pre =
      "import type Database from 'better-sqlite3';\ndeclare const db: Database.Database;\ntype Row = { id: string };\n";
    const casts = (body: string) => owners.rowCastsInSource(pre + body).map((c) => c.text);
    expect(casts("const st = db.prepare('SELECT id FROM posts');\nexport const r = st.get(1) as Row;")).toEqual([
      'st.get(1) as Row',
    ]);
    const field =
      "class A {\n  private byId = db.prepare('SELECT 1');\n  one(id: string) { return this.byId.get(id) as Row; }\n}";
    expect(casts(field)).toEqual(['this.byId.get(id) as Row']);
    expect(casts("const s = db.prepare('SELECT 1');\nconst raw = s.get();\nexport const r = raw as Row;")).toEqual([
      'raw as Row',
    ]);
    expect(casts("for (const r of db.prepare('SELECT 1').iterate()) console.log(r as Row);")).toEqual(['r as Row']);
    expect(casts("export const r = db.prepare('SELECT 1').all().map((x) => x as Row);")).toEqual(['x as Row']);
    expect(casts("const m = new Map<string, unknown>();\nexport const r = m.get('a') as Row;")).toEqual([]);
    expect(casts("export const r = db.prepare<[], Row>('SELECT 1').get();")).toEqual([]);
  });

  it('catches schema_migrations named outside its owner in db/', () => {
    const line = "const v = Number(db.prepare('SELECT count(*) FROM schema_migrations').pluck().get());";
    expect(owners.sqlTablesInSource(line)).toEqual(['schema_migrations']);
    expect(strays({ schema_migrations: ['src/main/core/backup/copy-facts.ts'] })).toEqual({
      schema_migrations: ['src/main/core/backup/copy-facts.ts'],
    });
    expect(owners.OWNERS.schema_migrations?.startsWith('src/main/core/db/')).toBe(true);
  });

  it('reads a CREATE TABLE IF NOT EXISTS as the table it creates', () => {
    expect(createdTables('CREATE TABLE IF NOT EXISTS schema_migrations (id INTEGER)')).toEqual(['schema_migrations']);
    expect(createdTables('create virtual table assets_fts using fts5(x); CREATE TABLE posts (id)')).toEqual([
      'assets_fts',
      'posts',
    ]);
  });

  it('allows new Statements only in owners, the record store and db/', () => {
    expect(mayMakeStatements('src/main/core/store/outbox.ts')).toBe(true);
    expect(mayMakeStatements(owners.GENERIC_OWNER)).toBe(true);
    expect(mayMakeStatements('src/main/core/db/rescue.ts')).toBe(true);
    expect(mayMakeStatements('src/main/core/sync/engine.ts')).toBe(false);
  });
});
