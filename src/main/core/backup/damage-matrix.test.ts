/**
 * The damage matrix on a real database of 10,000 records with a backup: random bytes at the
 * header, in the middle (three offsets), in an index page and in the WAL; a truncated file; an
 * empty one; one from a newer version. Each time Atelier starts on the recovery screen, says what
 * happened in words, writes nothing (the damaged file's hash does not change), and restoring the
 * newest backup brings back every record the backup holds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hostCall as call } from '../../../../test/support/host-call';
import { pagesOf, scribble, seedRecords, sha256Of } from '../../../../test/support/seed-db';
import { tempDirs } from '../../../../test/support/temp-dirs';
import type { DamageKind } from '../../../shared/backups';
import { createCore } from '../app';
import { nodeDeps } from '../node-deps';
import { openCoreHost, type CoreHost } from './core-host';

const RECORDS = 10_000;
const tmp = tempDirs('damage');
let pristine: string;
let withWal: string;

const IdRow = z.object({ id: z.string() });
function ids(file: string): string[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return ['assets', 'posts'].flatMap((t) => db.prepare(`SELECT id FROM ${t} ORDER BY id`).all().map((r) => IdRow.parse(r).id));
  } finally {
    db.close();
  }
}

function depsFor(dataDir: string) {
  const deps = nodeDeps({ dataDir, host: 'test', quiet: true });
  deps.backups = { autoStart: false };
  deps.sync = { autoStart: false };
  deps.ai = { autoStart: false };
  return deps;
}

/** A data folder with 10,000 records, a backup of them, and 30 records made after it. */
async function buildPristine(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-damage-pristine-'));
  const core = createCore(depsFor(dir));
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
  const core = createCore(depsFor(live));
  const insert = core.db.prepare("INSERT INTO posts (id, account_id, data, created_at, updated_at) VALUES (?, 'acct-seed', '{\"text\":\"late\"}', ?, ?)");
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
}, 120_000);

afterAll(() => {
  for (const dir of [pristine, withWal]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

type Damage = (file: string) => void;
const page = (file: string, name: string, at: number) => {
  const pages = pagesOf(file, name);
  return (pages[Math.floor(pages.length * at)] ?? 2) - 1;
};

const cases: { name: string; from: () => string; kind: DamageKind; damage: Damage }[] = [
  { name: 'random bytes at the header', from: () => pristine, kind: 'not-a-database', damage: (f) => scribble(f, 0, 100, 1) },
  ...[0.25, 0.5, 0.75].map((at, i) => ({
    name: `random bytes in the middle (${at * 100}% of the posts table)`,
    from: () => pristine,
    kind: 'corrupt' as const,
    damage: (f: string) => scribble(f, page(f, 'posts', at) * 4096, 8192, 10 + i),
  })),
  { name: 'random bytes in an index page', from: () => pristine, kind: 'corrupt', damage: (f) => scribble(f, page(f, 'assets_name', 0.5) * 4096, 4096, 20) },
  // The WAL's third frame: the commits after it would be dropped without a word by SQLite.
  { name: 'random bytes in the WAL', from: () => withWal, kind: 'journal', damage: (f) => scribble(`${f}-wal`, 32 + 2 * (24 + 4096) + 200, 512, 30) },
  { name: 'a truncated file', from: () => pristine, kind: 'truncated', damage: (f) => fs.truncateSync(f, Math.floor(fs.statSync(f).size / 2 / 4096) * 4096) },
  { name: 'a zero-length file', from: () => pristine, kind: 'empty', damage: (f) => fs.truncateSync(f, 0) },
  {
    name: 'a file from a newer version',
    from: () => pristine,
    kind: 'newer',
    damage: (f) => {
      const db = new Database(f);
      db.prepare("INSERT INTO schema_migrations VALUES (99, 'from_the_future', 'x', 'now')").run();
      db.close();
    },
  },
];

describe('damage matrix: 10,000 records, a backup, then damage', () => {
  it.each(cases)('$name: recovery screen in words, nothing written, restore brings the backup back', async ({ from, kind, damage }) => {
    const dir = tmp();
    fs.cpSync(from(), dir, { recursive: true });
    const file = path.join(dir, 'atelier.db');
    damage(file);
    const before = { db: sha256Of(file), wal: sha256Of(`${file}-wal`) };

    let host: CoreHost | undefined;
    try {
      host = openCoreHost(depsFor(dir));
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
      const now = ['assets', 'posts'].flatMap((t) => core!.db.prepare(`SELECT id FROM ${t} ORDER BY id`).all().map((r) => IdRow.parse(r).id));
      expect(now).toEqual(expected);
    } finally {
      await host?.close();
    }
  });
});
