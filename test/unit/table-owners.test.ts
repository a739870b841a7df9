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
    const created = fs
      .readdirSync(migrations)
      .flatMap((f) =>
        [...fs.readFileSync(path.join(migrations, f), 'utf8').matchAll(/CREATE (?:VIRTUAL )?TABLE (\w+)/g)].map(
          (m) => m[1],
        ),
      );
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

  it('calls the record store’s statements only from inside it', () => {
    const callers: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) walk(full);
        else if (/\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) && /\.stmt\(/.test(fs.readFileSync(full, 'utf8')))
          callers.push(path.relative(root, full).split(path.sep).join('/'));
      }
    };
    walk(path.join(root, 'src/main'));
    expect(callers.filter((f) => f !== owners.GENERIC_OWNER)).toEqual([]);
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
