/**
 * The damage matrix on a real database of 10,000 records with a backup: random bytes at the
 * header, in the middle (three offsets), in an index page and in the WAL; a truncated file; an
 * empty one; one from a newer version. Each time Atelier starts on the recovery screen, says what
 * happened in words, writes nothing (the damaged file's hash does not change), restoring the
 * newest backup brings back every record the backup holds, and rescuing a copy of the damaged
 * folder brings back every record on a page the damage did not touch (an empty file and one from a
 * newer version are refused in words instead, and nothing changes).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowPages, touchedPages, untouchedRows, type RowPages } from '../../../../test/support/damage';
import { hostCall as call } from '../../../../test/support/host-call';
import { idleDeps } from '../../../../test/support/idle-deps';
import { pagesOf, scribble, seedRecords, sha256Of } from '../../../../test/support/seed-db';
import { tempDirs } from '../../../../test/support/temp-dirs';
import type { DamageKind } from '../../../shared/backups';
import { createCore } from '../app';
import { openCoreHost, type CoreHost } from './core-host';

const RECORDS = 10_000;
const tmp = tempDirs('damage');
let pristine: string;
let withWal: string;
/** Which pages each record of the pristine file is on, and its id. */
let layout: RowPages;
let idOf: Map<string, Map<number, string>>;

const IdRow = z.object({ id: z.string() });
const RowidRow = z.object({ rowid: z.number().int(), id: z.string() });
const TABLES = ['assets', 'posts'] as const;

function idsByRowid(file: string): Map<string, Map<number, string>> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return new Map(
      TABLES.map((t) => [
        t,
        new Map(
          db
            .prepare(`SELECT rowid, id FROM ${t}`)
            .all()
            .map((r) => RowidRow.parse(r))
            .map((r) => [r.rowid, r.id] as const),
        ),
      ]),
    );
  } finally {
    db.close();
  }
}
function ids(file: string): string[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return ['assets', 'posts'].flatMap((t) =>
      db
        .prepare(`SELECT id FROM ${t} ORDER BY id`)
        .all()
        .map((r) => IdRow.parse(r).id),
    );
  } finally {
    db.close();
  }
}

/** A data folder with 10,000 records, a backup of them, and 30 records made after it. */
async function buildPristine(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-damage-pristine-'));
  const core = createCore(idleDeps(dir));
  seedRecords(core.db, RECORDS, { now: Date.now() - 3_600_000 });
  const backup = await core.backups.take('manual');
  expect(backup).toMatchObject({ ok: true, records: RECORDS });
  seedRecords(core.db, 30, { now: Date.now(), prefix: 'after' });
  await core.close();
  return dir;
}

/** The same, stopped as a kill would stop it: 40 commits still in the WAL, never checkpointed. */
async function buildWithWal(): Promise<string> {
  const live = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-damage-live-'));
  fs.cpSync(pristine, live, { recursive: true });
  const core = createCore(idleDeps(live));
  const insert = core.db.prepare(
    `INSERT INTO posts (id, account_id, data, created_at, updated_at)
     VALUES (?, 'acct-seed', '{"text":"late"}', ?, ?)`,
  );
  for (let i = 0; i < 40; i++) insert.run(`late-${i}`, Date.now(), Date.now());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-damage-wal-'));
  fs.cpSync(path.join(live, 'backups'), path.join(dir, 'backups'), { recursive: true });
  for (const f of ['atelier.db', 'atelier.db-wal']) fs.copyFileSync(path.join(live, f), path.join(dir, f));
  await core.close();
  fs.rmSync(live, { recursive: true, force: true });
  return dir;
}

beforeAll(async () => {
  pristine = await buildPristine();
  withWal = await buildWithWal();
  layout = rowPages(path.join(pristine, 'atelier.db'), TABLES);
  idOf = idsByRowid(path.join(pristine, 'atelier.db'));
}, 120_000);

afterAll(() => {
  for (const dir of [pristine, withWal]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Damage the file; answers the byte ranges of the database file it changed (none for the WAL). */
type Range = { offset: number; length: number };
type Damage = (file: string) => Range[];
const page = (file: string, name: string, at: number) => {
  const pages = pagesOf(file, name);
  return (pages[Math.floor(pages.length * at)] ?? 2) - 1;
};
const scribbled = (file: string, offset: number, length: number, seed: number): Range[] => {
  scribble(file, offset, length, seed);
  return [{ offset, length }];
};
const truncated = (file: string, size: number): Range[] => {
  const was = fs.statSync(file).size;
  fs.truncateSync(file, size);
  return [{ offset: size, length: was - size }];
};

/** rescued: every record on an untouched page comes back; refused: rescue says why in words and changes nothing. */
type Rescue = 'rescued' | 'refused';

const cases: { name: string; from: () => string; kind: DamageKind; damage: Damage; rescue: Rescue }[] = [
  {
    name: 'random bytes at the header',
    from: () => pristine,
    kind: 'not-a-database',
    damage: (f) => scribbled(f, 0, 100, 1),
    rescue: 'rescued',
  },
  ...[0.25, 0.5, 0.75].map((at, i) => ({
    name: `random bytes in the middle (${at * 100}% of the posts table)`,
    from: () => pristine,
    kind: 'corrupt' as const,
    damage: (f: string) => scribbled(f, page(f, 'posts', at) * 4096, 8192, 10 + i),
    rescue: 'rescued' as const,
  })),
  {
    name: 'random bytes in an index page',
    from: () => pristine,
    kind: 'corrupt',
    damage: (f) => scribbled(f, page(f, 'assets_name', 0.5) * 4096, 4096, 20),
    rescue: 'rescued',
  },
  // The WAL's third frame: the commits after it would be dropped without a word by SQLite.
  {
    name: 'random bytes in the WAL',
    from: () => withWal,
    kind: 'journal',
    damage: (f) => (scribble(`${f}-wal`, 32 + 2 * (24 + 4096) + 200, 512, 30), []),
    rescue: 'rescued',
  },
  {
    name: 'a truncated file',
    from: () => pristine,
    kind: 'truncated',
    damage: (f) => truncated(f, Math.floor(fs.statSync(f).size / 2 / 4096) * 4096),
    rescue: 'rescued',
  },
  {
    name: 'a zero-length file',
    from: () => pristine,
    kind: 'empty',
    damage: (f) => truncated(f, 0),
    rescue: 'refused',
  },
  {
    name: 'a file from a newer version',
    from: () => pristine,
    kind: 'newer',
    damage: (f) => {
      const db = new Database(f);
      db.prepare("INSERT INTO schema_migrations VALUES (99, 'from_the_future', 'x', 'now')").run();
      db.close();
      return [];
    },
    rescue: 'refused',
  },
];

/**
 * Rescue a copy of the damaged folder: every record on a page the damage did not touch is back, or a refusal in words.
 */
async function rescueCopy(dir: string, touched: Range[], expected: Rescue): Promise<void> {
  const copy = tmp();
  fs.cpSync(dir, copy, { recursive: true });
  const file = path.join(copy, 'atelier.db');
  const before = { db: sha256Of(file), wal: sha256Of(`${file}-wal`) };
  const host = openCoreHost(idleDeps(copy));
  try {
    await host.start();
    const rescued = await host.dispatch('recovery.rescue', {});
    if (expected === 'refused') {
      expect(rescued.ok).toBe(false);
      expect(rescued.ok ? '' : `${rescued.error.message} ${rescued.error.hint ?? ''}`).not.toMatch(
        /\n\s+at |Error:|SQLITE_|\.ts:\d/,
      );
      expect({ db: sha256Of(file), wal: sha256Of(`${file}-wal`) }).toEqual(before);
      expect(fs.readdirSync(copy).filter((f) => f.startsWith('.rescue-'))).toEqual([]);
      return;
    }
    if (!rescued.ok) throw new Error(`the rescue failed: ${rescued.error.message}`);
    const keep = untouchedRows(layout, touchedPages(touched, layout.pageSize));
    const core = host.full();
    expect(core).not.toBeNull();
    for (const table of TABLES) {
      const now = new Set(
        core!.db
          .prepare(`SELECT id FROM ${table}`)
          .all()
          .map((r) => IdRow.parse(r).id),
      );
      const wanted = [...(keep.get(table) ?? [])].map((rowid) => idOf.get(table)?.get(rowid));
      expect(wanted.length, table).toBeGreaterThan(0);
      expect(
        wanted.filter((id) => id === undefined || !now.has(id)),
        table,
      ).toEqual([]);
    }
  } finally {
    await host.close();
  }
}

describe('damage matrix: 10,000 records, a backup, then damage', () => {
  it.each(cases)(
    '$name: recovery screen in words, nothing written, restore brings the backup back, rescue what was untouched',
    async ({ from, kind, damage, rescue }) => {
      const dir = tmp();
      fs.cpSync(from(), dir, { recursive: true });
      const file = path.join(dir, 'atelier.db');
      const touched = damage(file);
      await rescueCopy(dir, touched, rescue);
      const before = { db: sha256Of(file), wal: sha256Of(`${file}-wal`) };

      let host: CoreHost | undefined;
      try {
        host = openCoreHost(idleDeps(dir));
        await host.start();
        expect(host.full()).toBeNull();
        const status = await call(host, 'recovery.status', {});
        if (status.state !== 'damaged') throw new Error('expected the recovery screen');
        const { damage: found, newest } = status;
        expect(found.kind).toBe(kind);
        expect(found.during).toBe('start');
        expect(found.message).toMatch(/^Atelier's database/);
        expect(`${found.message} ${found.hint}`).not.toMatch(/\n\s+at |Error:|SQLITE_|\.ts:\d/);
        expect(newest?.records).toBe(RECORDS);

        // Nothing else runs, and nothing is written.
        const write = await host.dispatch('records.create', { group: 'posts', fields: { text: 'x' } });
        expect(write).toMatchObject({ ok: false, error: { code: 'storage' } });
        expect(write.ok ? '' : write.error.message).toContain('Nothing more is written');
        const preview = await host.dispatch('backups.preview', { id: newest!.id });
        expect(preview.ok).toBe(true);
        expect({ db: sha256Of(file), wal: sha256Of(`${file}-wal`) }).toEqual(before);

        const expected = ids(path.join(dir, 'backups', `${newest!.id}.db`));
        expect(expected).toHaveLength(RECORDS);
        const restored = await call(host, 'backups.restore', { id: newest!.id });
        expect(restored.restarting).toBe(true);
        // The damaged file was moved aside as it was, and the core reopened on the backup.
        const kept = path.join(dir, restored.keptAs);
        expect({ db: sha256Of(kept), wal: sha256Of(`${kept}-wal`) }).toEqual(before);
        const core = host.full();
        expect(core).not.toBeNull();
        expect(await host.dispatch('recovery.status', {})).toEqual({ ok: true, data: { state: 'ok' } });
        const now = ['assets', 'posts'].flatMap((t) =>
          core!.db
            .prepare(`SELECT id FROM ${t} ORDER BY id`)
            .all()
            .map((r) => IdRow.parse(r).id),
        );
        expect(now).toEqual(expected);
      } finally {
        await host?.close();
      }
    },
  );
});
