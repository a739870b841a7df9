/**
 * A backup that cannot be finished: a full disk while copying (through the worker and through
 * VACUUM INTO before migrations), a check that could not run, damage met before migrations.
 * Each fails in words, lists nothing, leaves no temp file, and trips damage only for damage.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pagesOf, scribble, seedRecords, sha256Of } from '../../../../test/support/seed-db';
import { tempDirs } from '../../../../test/support/temp-dirs';
import { createCore, type Core } from '../app';
import { DatabaseDamagedError } from '../db/damage';
import { WorkerError } from '../db/worker';
import { defaultMigrationsDir, nodeDeps } from '../node-deps';
import * as copy from './copy';

vi.mock('./copy', async (original) => {
  const real = await original<typeof copy>();
  return { ...real, copyDatabase: vi.fn(real.copyDatabase) };
});
const realCopy = (await vi.importActual<typeof copy>('./copy')).copyDatabase;
const copyDatabase = vi.mocked(copy.copyDatabase);

const tmp = tempDirs('backup-failures');
let open: Core | null = null;
afterEach(async () => {
  copyDatabase.mockReset();
  copyDatabase.mockImplementation(realCopy);
  await open?.close();
  open = null;
});

/** The next copy is made for real, but its check reports this problem. */
function nextCheckFails(problem: string, damaged: boolean): void {
  copyDatabase.mockImplementationOnce((db, file) => {
    const run = realCopy(db, file);
    return {
      ...run,
      result: run.result.then(({ facts }) => ({ facts, check: { ok: false, problems: [problem], damaged } })),
    };
  });
}

function depsFor(dir: string, migrationsDir = defaultMigrationsDir) {
  const deps = nodeDeps({ dataDir: dir, host: 'test', quiet: true });
  deps.backups = { autoStart: false, checkWaitMs: 0 };
  deps.sync = { autoStart: false };
  deps.ai = { autoStart: false };
  return { ...deps, paths: { ...deps.paths, migrationsDir } };
}

function core(): { core: Core; dir: string } {
  const dir = tmp();
  const c = createCore(depsFor(dir));
  seedRecords(c.db, 200, { now: Date.now(), account: 'local' });
  open = c;
  return { core: c, dir };
}

/** What a copy cut short by a full disk leaves: part of the copy and its journal, then SQLite's error. */
function fullDisk(tmpFile: string, error: Error): copy.CopyRun {
  fs.writeFileSync(tmpFile, 'part of a copy');
  fs.writeFileSync(`${tmpFile}-journal`, 'part of a journal');
  return { result: Promise.reject(error), cancel: async () => undefined };
}

const backupsIn = (dir: string) =>
  fs.existsSync(path.join(dir, 'backups')) ? fs.readdirSync(path.join(dir, 'backups')) : [];

describe('a backup that cannot be finished', () => {
  for (const [name, error] of [
    ['SQLITE_FULL from the worker', new WorkerError('database or disk is full', 'SQLITE_FULL')],
    ['ENOSPC', Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })],
  ] as const) {
    it(`says a full disk in words (${name}), lists nothing and leaves no partial file`, async () => {
      const { core: c, dir } = core();
      copyDatabase.mockImplementationOnce((_db, file) => fullDisk(file, error));
      const result = await c.dispatch('backups.create', {});
      expect(result).toMatchObject({
        ok: false,
        error: {
          code: 'storage',
          message: 'The backup could not be written. The disk is full; nothing was changed.',
          hint: expect.stringContaining('Free some disk space'),
        },
      });
      expect(backupsIn(dir)).toEqual([]);
      expect(c.damage.current()).toBeNull();
      // The next one, with room again, is taken and listed.
      expect(await c.dispatch('backups.create', {})).toMatchObject({ ok: true, data: { ok: true } });
    });
  }

  it("fails in words when the copy's check could not run; damage state and list stay as they were", async () => {
    const { core: c, dir } = core();
    nextCheckFails('database is locked', false);
    const result = await c.dispatch('backups.create', {});
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'storage',
        message: expect.stringMatching(/^The backup could not be checked \(database is locked\), so it was not kept\./),
      },
    });
    expect(c.damage.current()).toBeNull();
    expect(c.backups.store.list()).toEqual([]);
    expect(backupsIn(dir)).toEqual([]);
  });

  it('trips damage when the copy is found damaged', async () => {
    const { core: c } = core();
    nextCheckFails('row 3 missing from index', true);
    const result = await c.dispatch('backups.create', {});
    expect(result).toMatchObject({ ok: true, data: { ok: false, problem: 'row 3 missing from index' } });
    expect(c.damage.current()).toMatchObject({ kind: 'corrupt', during: 'running' });
  });
});

describe('the backup before migrations', () => {
  /** A database one schema step behind, so opening it with the full steps backs it up first. */
  async function oneStepBehind(): Promise<{ dir: string; migrations: string; file: string }> {
    const dir = tmp();
    const older = path.join(dir, 'older-migrations');
    fs.cpSync(defaultMigrationsDir, older, { recursive: true });
    const last = fs.readdirSync(older).sort().at(-1) ?? '';
    const migrations = path.join(dir, 'migrations');
    fs.cpSync(defaultMigrationsDir, migrations, { recursive: true });
    fs.rmSync(path.join(older, last));
    const first = createCore(depsFor(dir, older));
    seedRecords(first.db, 4000, { now: Date.now(), account: 'local' });
    await first.close();
    return { dir, migrations, file: path.join(dir, 'atelier.db') };
  }

  it('says a full disk in words and leaves no partial file', async () => {
    const { dir, migrations, file } = await oneStepBehind();
    const before = sha256Of(file);
    const real = Database.prototype.prepare;
    const spy = vi.spyOn(Database.prototype, 'prepare').mockImplementation(function (
      this: InstanceType<typeof Database>,
      sql: string,
    ) {
      if (!sql.startsWith('VACUUM INTO')) return real.call(this, sql);
      return {
        run: (target: string) => {
          fs.writeFileSync(target, 'part of a copy');
          fs.writeFileSync(`${target}-journal`, 'part of a journal');
          throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
        },
      } as unknown as ReturnType<typeof real>;
    });
    try {
      const error = (() => {
        try {
          createCore(depsFor(dir, migrations));
          return null;
        } catch (e) {
          return e;
        }
      })();
      expect(error).toMatchObject({
        error: {
          code: 'storage',
          message: expect.stringMatching(
            /^Atelier backs up its database before updating it, and could not: The disk is full/,
          ),
        },
      });
    } finally {
      spy.mockRestore();
    }
    expect(backupsIn(dir)).toEqual([]);
    expect(sha256Of(file)).toBe(before);
  });

  it('shows damage met while copying as damage (the recovery screen), and leaves the file as it was', async () => {
    const { dir, migrations, file } = await oneStepBehind();
    const pages = pagesOf(file, 'posts');
    for (const at of [0.3, 0.6, 0.9])
      scribble(file, ((pages[Math.floor(pages.length * at)] ?? 2) - 1) * 4096, 4096, Math.round(at * 100));
    const before = sha256Of(file);
    // The check at open is skipped (a budget of 0 bytes), as it is for a large file.
    let error: unknown = null;
    try {
      createCore(depsFor(dir, migrations));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DatabaseDamagedError);
    expect(error).toMatchObject({ kind: 'corrupt' });
    expect(backupsIn(dir)).toEqual([]);
    expect(sha256Of(file)).toBe(before);
  });
});
