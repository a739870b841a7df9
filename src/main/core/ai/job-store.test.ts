import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open';
import { defaultMigrationsDir } from '../node-deps';
import { AI_FILES_SQL, JobStore } from './job-store';
import { testJob } from './test-jobs';

const SHA = (c: string) => c.repeat(64);

const job = testJob;

describe('JobStore', () => {
  it('pages the gallery by operation, model, state, time and text, with the models the account used', () => {
    const { db } = openDatabase(':memory:', defaultMigrationsDir);
    const jobs = new JobStore(db);
    jobs.insert(job('j1', { created_at: 1_000 }));
    jobs.insert(job('j2', { model_id: 'model-b', prompt: 'a blue boat', created_at: 2_000 }));
    jobs.insert(job('j3', { operation: 'image2image', created_at: 3_000, state: 'failed' }));
    jobs.insert(job('j4', { account_id: 'other', model_id: 'model-c' }));
    const page = (f: Partial<Parameters<JobStore['gallery']>[0]> = {}) =>
      jobs.gallery({ account: 'acct', offset: 0, limit: 10, ...f });
    expect(page()).toMatchObject({ total: 3, models: ['model-a', 'model-b'] });
    expect(page().rows.map((r) => r.id)).toEqual(['j3', 'j2', 'j1']);
    expect(page({ modelId: 'model-b' }).rows.map((r) => r.id)).toEqual(['j2']);
    expect(page({ operation: 'image2image' }).rows.map((r) => r.id)).toEqual(['j3']);
    expect(page({ state: 'queued', from: 1_500 }).rows.map((r) => r.id)).toEqual(['j2']);
    expect(page({ to: 1_500 }).rows.map((r) => r.id)).toEqual(['j1']);
    expect(page({ text: 'boat' }).rows.map((r) => r.id)).toEqual(['j2']);
    expect(page({ offset: 1, limit: 1 })).toMatchObject({ total: 3, rows: [{ id: 'j2' }] });
  });

  it('a success without text keeps the prompt searchable; text left from before is cleared from the index', () => {
    const { db } = openDatabase(':memory:', defaultMigrationsDir);
    const jobs = new JobStore(db);
    const answer = (text: string | null) => ({
      now: 2_000,
      durationMs: 5,
      request: '{}',
      response: '{}',
      text,
      unknownShape: false,
      note: null,
      outputs: [],
    });
    jobs.insert(job('j1', { prompt: 'a red kite', state: 'running' }));
    jobs.insert(job('j2', { prompt: 'a green hill', state: 'running' }));
    // j2 carries text from an earlier answer (as a job read again, then run once more, would).
    db.prepare("UPDATE ai_jobs SET result_text = 'stale words' WHERE id = 'j2'").run();
    expect(jobs.succeed('j1', answer(null))).toBe(true);
    expect(jobs.succeed('j2', answer(null))).toBe(true);
    expect(jobs.succeed('j2', answer(null))).toBe(false); // no longer running
    const found = (text: string) => jobs.gallery({ account: 'acct', offset: 0, limit: 10, text }).rows.map((r) => r.id);
    expect(found('kite')).toEqual(['j1']);
    expect(found('hill')).toEqual(['j2']);
    expect(found('stale')).toEqual([]);
    expect(jobs.get('j2')).toMatchObject({ state: 'succeeded', result_text: null, finished_at: 2_000 });
    jobs.insert(job('j3', { prompt: 'a grey cat', state: 'running' }));
    expect(jobs.succeed('j3', answer('whiskers and a tail'))).toBe(true);
    expect(found('whiskers')).toEqual(['j3']);
  });

  it('lists every file jobs refer to for a backup, and knows which files it uses', () => {
    const { db } = openDatabase(':memory:', defaultMigrationsDir);
    const jobs = new JobStore(db);
    jobs.insert(job('j1', { input_sha256: SHA('a'), state: 'running' }));
    jobs.succeed('j1', {
      now: 2_000,
      durationMs: 5,
      request: '{}',
      response: '{}',
      text: null,
      unknownShape: false,
      note: null,
      outputs: [
        {
          idx: 0,
          kind: 'image',
          sha256: SHA('b'),
          mime_type: 'image/png',
          size_bytes: 1,
          width: 1,
          height: 1,
          duration_ms: null,
          thumb_sha256: SHA('c'),
          remote_url: null,
        },
      ],
    });
    expect(db.prepare<[], string>(AI_FILES_SQL).pluck().all().sort()).toEqual([SHA('a'), SHA('b'), SHA('c')]);
    expect([jobs.uses(SHA('a')), jobs.uses(SHA('c')), jobs.uses(SHA('d'))]).toEqual([true, true, false]);
    expect(jobs.get('j1')).toMatchObject({ state: 'succeeded', duration_ms: 5 });
    expect(jobs.outputs('j1')).toHaveLength(1);
  });

  it('marks a job running in a commit that does not wait for the disk, then waits again for every other', () => {
    const { db } = openDatabase(':memory:', defaultMigrationsDir);
    const jobs = new JobStore(db);
    jobs.insert(job('j1'));
    jobs.insert(job('j2', { position: 2 }));
    const full = db.pragma('synchronous', { simple: true });
    jobs.markRunning('j1', 2_000);
    expect(db.pragma('synchronous', { simple: true })).toBe(full);
    expect(jobs.get('j1')).toMatchObject({ state: 'running', attempts: 1, started_at: 2_000 });
    // Inside a caller's transaction it simply joins it.
    db.transaction(() => jobs.markRunning('j2', 3_000))();
    expect(jobs.get('j2')).toMatchObject({ state: 'running', attempts: 1 });
    expect(db.pragma('synchronous', { simple: true })).toBe(full);
  });

  it('durable writes, many at once, each resolve with their value once committed and readable elsewhere', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-jobs-'));
    const file = path.join(dir, 'db.sqlite');
    const { db } = openDatabase(file, defaultMigrationsDir);
    try {
      const jobs = new JobStore(db);
      const full = db.pragma('synchronous', { simple: true });
      const ids = Array.from({ length: 20 }, (_, i) => `d${i}`);
      const results = await Promise.all(
        ids.map((id, i) =>
          jobs.durable(() => {
            jobs.insert(job(id, { position: i + 1 }));
            return id;
          }),
        ),
      );
      expect(results).toEqual(ids);
      await jobs.whenDurable();
      expect(db.pragma('synchronous', { simple: true })).toBe(full);
      const other = new Database(file, { readonly: true });
      try {
        expect(other.prepare<[], number>('SELECT COUNT(*) FROM ai_jobs').pluck().get()).toBe(20);
      } finally {
        other.close();
      }
      // A write that throws commits nothing and the error reaches the caller.
      await expect(
        jobs.durable(() => {
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(db.pragma('synchronous', { simple: true })).toBe(full);
    } finally {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a job counts as stored once its own insert is on disk, whatever other flush is under way', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-jobs-'));
    const { db } = openDatabase(path.join(dir, 'db.sqlite'), defaultMigrationsDir);
    const settledSoon = async (p: Promise<void>) => {
      let settled = false;
      void p.then(() => (settled = true));
      // A few microtask turns: a flush goes through the thread pool and cannot end within them.
      for (let i = 0; i < 5; i += 1) await Promise.resolve();
      return settled;
    };
    try {
      const jobs = new JobStore(db);
      await jobs.durable(() => jobs.insert(job('a')));
      const b = jobs.durable(() => jobs.insert(job('b', { position: 2 })));
      // b's flush is running: a (on disk already) need not wait for it; b must.
      expect(await settledSoon(jobs.whenStored('a'))).toBe(true);
      expect(await settledSoon(jobs.whenStored('b'))).toBe(false);
      expect(await settledSoon(jobs.whenDurable())).toBe(false);
      await b;
      expect(await settledSoon(jobs.whenStored('b'))).toBe(true);
      // A row written some other way is not held back.
      db.prepare(
        `INSERT INTO ai_jobs (id, account_id, operation, model_id, params, fingerprint, idempotency_key, profile,
           state, position, created_at)
         VALUES ('c', 'acct', 'text2image', 'm', '{}', 'f', 'k-c', 'p', 'queued', 3, 1)`,
      ).run();
      expect(await settledSoon(jobs.whenStored('c'))).toBe(true);
    } finally {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('flushes through one kept WAL descriptor, let go on close; a write after close is still flushed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-jobs-'));
    const file = path.join(dir, 'db.sqlite');
    const { db } = openDatabase(file, defaultMigrationsDir);
    const openWal = () =>
      fs.readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return fs.readlinkSync(`/proc/self/fd/${fd}`) === `${file}-wal`;
        } catch {
          return false;
        }
      }).length;
    try {
      const jobs = new JobStore(db);
      const before = openWal();
      await jobs.durable(() => jobs.insert(job('k1')));
      await jobs.durable(() => jobs.insert(job('k2', { position: 2 })));
      if (process.platform === 'linux') expect(openWal()).toBe(before + 1);
      await jobs.close();
      if (process.platform === 'linux') expect(openWal()).toBe(before);
      await jobs.durable(() => jobs.insert(job('k3', { position: 3 })));
      if (process.platform === 'linux') expect(openWal()).toBe(before);
      expect([jobs.get('k1'), jobs.get('k3')].map((r) => r?.state)).toEqual(['queued', 'queued']);
    } finally {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('in memory a durable write is an ordinary commit', async () => {
    const { db } = openDatabase(':memory:', defaultMigrationsDir);
    const jobs = new JobStore(db);
    await jobs.durable(() => jobs.insert(job('m1')));
    expect(jobs.get('m1')).toMatchObject({ state: 'queued' });
    await expect(jobs.whenDurable()).resolves.toBeUndefined();
  });
});
