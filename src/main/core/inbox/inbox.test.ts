import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AiJobView } from '../../../shared/ai';
import type { FixJobView } from '../../../shared/media-fix';
import type { SessionView } from '../../../shared/session';
import type { ConflictView, FailedChange, SyncStatus } from '../../../shared/sync';
import { openDatabase } from '../db/open';
import { AppException } from '../errors';
import { defaultMigrationsDir } from '../node-deps';
import { Inbox } from './inbox';
import { InboxSql } from './inbox-sql';
import type { AnnouncedReminder, FinishedImport, InboxSources } from './sources';

const T0 = Date.parse('2026-11-25T09:00:00Z');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** What every source reports, changed by the tests as the world would change it. */
function world() {
  const conflict: ConflictView = {
    group: 'posts',
    id: 'p1',
    label: 'Launch day',
    local: { fields: { text: 'a' }, deleted: false },
    remote: { fields: { text: 'b' }, deleted: false, version: 2 },
    differing: ['text'],
  };
  const failed: FailedChange = {
    seq: 7,
    group: 'mediaQueue',
    recordId: 'q1',
    label: 'Queue item',
    op: 'update',
    message: 'HTTP 422',
    attempts: 1,
    at: new Date(T0 + 1_000).toISOString(),
  };
  const job = (id: string, state: AiJobView['state'], finishedAt: number): AiJobView =>
    ({
      id,
      operation: 'text2image',
      modelId: 'paint-1',
      prompt: `a cat ${id}`,
      params: {},
      input: null,
      state,
      position: 0,
      createdAt: new Date(T0).toISOString(),
      startedAt: null,
      finishedAt: new Date(finishedAt).toISOString(),
      elapsedMs: null,
      progress: null,
      waiting: null,
      error: state === 'failed' ? { code: 'unavailable', message: 'The platform failed (HTTP 503).' } : null,
      attempts: 1,
      text: null,
      outputs: [],
      unknownShape: false,
      shapeNote: null,
    }) as unknown as AiJobView;
  const fix = (id: string, state: FixJobView['state'], endedAt: number): FixJobView => ({
    id,
    operation: 'crop',
    sourceAssetId: 'a1',
    state,
    progress: null,
    startedAt: new Date(T0).toISOString(),
    endedAt: new Date(endedAt).toISOString(),
    result: null,
    error: state === 'failed' ? { code: 'storage', message: 'ffmpeg failed' } : null,
  });
  const status = { groups: [{ group: 'assets', massDelete: { wouldDelete: 40, localCount: 50 } }] } as SyncStatus;
  const session = { state: 'needs_sign_in', apiKey: null, accountId: 'acct', message: null } as SessionView;
  const w = {
    conflicts: [conflict],
    failed: [failed],
    status,
    jobs: [job('j1', 'failed', T0 + 2_000), job('j2', 'succeeded', T0 + 3_000), job('j3', 'cancelled', T0 + 4_000)],
    fixes: [fix('f1', 'failed', T0 + 5_000), fix('f2', 'running', T0 + 6_000)],
    session,
    reminders: [{ group: 'posts', id: 'p2', at: T0 + 7_000, title: 'Friday teaser' }] as AnnouncedReminder[],
    imports: [
      {
        at: T0 + 8_000,
        assets: [
          { id: 'a9', name: 'beach.jpg' },
          { id: 'a10', name: 'sea.jpg' },
        ],
      },
    ] as FinishedImport[],
  };
  const sources: InboxSources = {
    conflicts: () => w.conflicts,
    failedChanges: async () => Promise.resolve(w.failed),
    syncStatus: () => w.status,
    finishedJobs: () => w.jobs,
    fixJobs: () => w.fixes,
    session: () => w.session,
    reminders: () => w.reminders,
    imports: () => w.imports,
  };
  return { w, sources };
}

function open(file: string, sources: InboxSources, now: () => number) {
  const { db } = openDatabase(file, defaultMigrationsDir);
  return { db, inbox: new Inbox({ sql: new InboxSql(db), sources, account: () => 'acct', now }) };
}

function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-inbox-'));
  dirs.push(dir);
  return path.join(dir, 'atelier.db');
}

describe('the inbox', () => {
  it('lists every kind once, newest first, each linked to its item with its action', async () => {
    const { sources } = world();
    const { inbox, db } = open(':memory:', sources, () => T0 + 60_000);
    const list = await inbox.list(100);
    expect(list.items.map((i) => i.kind).sort()).toEqual(
      [
        'ai_failed',
        'ai_finished',
        'conflict',
        'failed_change',
        'fix_failed',
        'import_finished',
        'mass_delete',
        'reminder',
        'session_ended',
      ].sort(),
    );
    expect(new Set(list.items.map((i) => i.id)).size).toBe(list.items.length);
    // What has no time of its own is as new as when it was first seen; the rest by their own time.
    const times = list.items.map((i) => Date.parse(i.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list.items.slice(-6).map((i) => i.kind)).toEqual([
      'import_finished',
      'reminder',
      'fix_failed',
      'ai_finished',
      'ai_failed',
      'failed_change',
    ]);
    const by = (kind: string) => list.items.find((i) => i.kind === kind);
    expect(by('conflict')).toMatchObject({
      link: { section: 'sync', group: 'posts', id: 'p1' },
      action: { kind: 'resolve', group: 'posts', id: 'p1' },
      title: 'Sync conflict: Launch day',
    });
    expect(by('failed_change')).toMatchObject({
      link: { section: 'planner', group: 'mediaQueue', id: 'q1' },
      action: { kind: 'retry_change', seq: 7 },
    });
    expect(by('ai_failed')).toMatchObject({
      link: { section: 'studio', id: 'j1' },
      action: { kind: 'retry_job', jobId: 'j1' },
      body: 'The platform failed (HTTP 503).',
    });
    expect(by('ai_finished')).toMatchObject({ link: { section: 'studio', id: 'j2' }, action: { kind: 'open' } });
    expect(by('fix_failed')).toMatchObject({ link: { section: 'library', id: 'a1' }, body: 'ffmpeg failed' });
    expect(by('reminder')).toMatchObject({ link: { section: 'planner', group: 'posts', id: 'p2' } });
    expect(by('import_finished')).toMatchObject({ title: 'Imported 2 files', link: { section: 'library', id: 'a9' } });
    expect(by('mass_delete')).toMatchObject({ action: { kind: 'answer', group: 'assets' } });
    expect(by('session_ended')).toMatchObject({ action: { kind: 'sign_in' }, link: { section: 'settings' } });
    expect(list).toMatchObject({ total: 9, unread: 9 });
    expect((await inbox.list(3)).items).toHaveLength(3);
    db.close();
  });

  it('an item leaves by itself when its source no longer reports it, and coming back is news again', async () => {
    const { w, sources } = world();
    const { inbox, db } = open(':memory:', sources, () => T0 + 60_000);
    await inbox.markRead({ all: true });
    expect((await inbox.list(100)).unread).toBe(0);
    const conflicts = w.conflicts;
    w.conflicts = []; // resolved
    w.failed = []; // retried and sent
    w.jobs = w.jobs.filter((j) => j.id !== 'j1'); // retried: queued again, no longer among the finished
    const after = await inbox.list(100);
    expect(after.items.map((i) => i.kind)).not.toContain('conflict');
    expect(after.items.map((i) => i.kind)).not.toContain('failed_change');
    expect(after.items.map((i) => i.kind)).not.toContain('ai_failed');
    expect(after.total).toBe(6);
    w.conflicts = conflicts; // a new conflict on the same post
    expect(await inbox.list(100)).toMatchObject({ total: 7, unread: 1 });
    db.close();
  });

  it('read marks and first-seen times survive a restart', async () => {
    const file = tempFile();
    const { sources } = world();
    const first = open(file, sources, () => T0 + 60_000);
    const before = await first.inbox.list(100);
    const conflictId = before.items.find((i) => i.kind === 'conflict')?.id ?? '';
    expect(await first.inbox.markRead({ ids: [conflictId] })).toEqual({ total: 9, unread: 8 });
    first.db.close();

    const second = open(file, sources, () => T0 + 120_000);
    const after = await second.inbox.list(100);
    expect(after.unread).toBe(8);
    expect(after.items.find((i) => i.id === conflictId)).toMatchObject({
      read: true,
      at: new Date(T0 + 60_000).toISOString(),
    });
    second.db.close();
  });

  it('refuses an id it does not hold, in words, and marks nothing', async () => {
    const { sources } = world();
    const { inbox, db } = open(':memory:', sources, () => T0);
    const [one] = (await inbox.list(1)).items;
    const refused = await inbox.markRead({ ids: [one?.id ?? '', 'conflict:posts:nope'] }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppException);
    expect(refused).toMatchObject({
      error: {
        code: 'not_found',
        message: 'The inbox has no item “conflict:posts:nope”; it may have been resolved meanwhile.',
      },
    });
    expect((await inbox.list(100)).unread).toBe(9);
    db.close();
  });

  it('counts unread only among what is listed', async () => {
    const { w, sources } = world();
    const { inbox, db } = open(':memory:', sources, () => T0);
    const list = await inbox.list(100);
    const ids = list.items.filter((i) => i.kind === 'ai_failed' || i.kind === 'reminder').map((i) => i.id);
    expect(await inbox.markRead({ ids })).toEqual({ total: 9, unread: 7 });
    w.reminders = [];
    expect(await inbox.counts()).toEqual({ total: 8, unread: 7 });
    db.close();
  });
});
