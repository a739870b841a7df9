/**
 * Settings → Backups → Restore in a healthy app, against the sandbox: what will be lost (by group
 * and count, and the unsent changes by record), the previous database kept aside, the lost
 * changes reported once, and what the platform already has back with the next pull.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hostCall as call } from '../../../../test/support/host-call';
import { tempDirs } from '../../../../test/support/temp-dirs';
import { startSandbox, type Sandbox } from '../../../sandbox';
import { nodeDeps } from '../node-deps';
import { openCoreHost, type CoreHost } from './core-host';

const tmp = tempDirs('restore');
let sandbox: Sandbox | undefined;
let host: CoreHost | undefined;
afterEach(async () => {
  await host?.close();
  await sandbox?.stop();
  host = undefined;
  sandbox = undefined;
});

async function start(): Promise<{ host: CoreHost; dir: string }> {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
  const s = sandbox;
  const dir = tmp();
  const deps = nodeDeps({
    dataDir: dir,
    host: 'test',
    quiet: true,
    embeddedSandbox: async () => ({ url: s.url, demo: s.demo, stop: async () => undefined }),
  });
  deps.sync = { autoStart: false };
  deps.ai = { autoStart: false };
  deps.backups = { autoStart: false };
  host = openCoreHost(deps);
  await host.start();
  await call(host, 'connection.useSandbox', {});
  return { host, dir };
}

const texts = async (h: CoreHost) =>
  (await call(h, 'records.list', { group: 'posts' })).items.map((r) => String(r.fields.text)).sort();

describe('restoring a backup in a running app', () => {
  it(
    'says what will be lost, keeps the previous database, reports the unsent changes once, ' +
      'and pulls back what the platform has',
    async () => {
      const { host: h, dir } = await start();
      const sync = () => h.full()!.sync.run();
      const a = await call(h, 'records.create', { group: 'posts', fields: { text: 'A before' } });
      await call(h, 'records.create', { group: 'posts', fields: { text: 'B before' } });
      await sync();
      const backup = await call(h, 'backups.create', {});
      await new Promise((r) => setTimeout(r, 5));
      await call(h, 'records.create', { group: 'posts', fields: { text: 'C synced after' } });
      await sync();
      await call(h, 'records.create', { group: 'posts', fields: { text: 'D never sent' } });
      await call(h, 'records.update', { group: 'posts', id: a.id, fields: { text: 'A changed, unsent' } });

      const preview = await call(h, 'backups.preview', { id: backup.id });
      expect(preview.unreadable).toBeNull();
      expect(preview.changes).toEqual([{ group: 'posts', created: 2, changed: 1, deleted: 0 }]);
      expect(preview.unsent.map((c) => [c.op, c.label, c.maybeSent])).toEqual([
        ['create', 'D never sent', false],
        ['update', 'A changed, unsent', false],
      ]);

      const outcome = await call(h, 'backups.restore', { id: backup.id });
      expect(outcome.restarting).toBe(true);
      expect(outcome.keptAs).toMatch(/^atelier\.db\.before-restore-/);
      expect(fs.existsSync(path.join(dir, outcome.keptAs))).toBe(true);
      // The same host, a new core on the backup: sync cursors start over.
      expect(h.full()!.db.prepare('SELECT count(*) FROM sync_cursors').pluck().get()).toBe(0);
      expect(await texts(h)).toEqual(['A before', 'B before']);

      const report = await call(h, 'recovery.report', {});
      if (report?.kind !== 'restore') throw new Error(`expected a restore report, got ${JSON.stringify(report)}`);
      expect(report.backup.id).toBe(backup.id);
      expect(report.lost.map((c) => c.label)).toEqual(['D never sent', 'A changed, unsent']);
      expect(await call(h, 'recovery.dismissReport', {})).toEqual({ dismissed: true });
      expect(await call(h, 'recovery.report', {})).toBeNull();

      // The next pull brings back what the platform already had.
      await sync();
      expect(await texts(h)).toEqual(['A before', 'B before', 'C synced after']);
    },
  );

  it('says a full disk in words before closing anything: no change, no partial copy, app still running', async () => {
    const { host: h, dir } = await start();
    await call(h, 'records.create', { group: 'posts', fields: { text: 'kept' } });
    const backup = await call(h, 'backups.create', {});
    const before = h.full();
    const copy = vi.spyOn(fs, 'copyFileSync').mockImplementationOnce((_from, to) => {
      fs.writeFileSync(String(to), 'half a database');
      throw Object.assign(new Error('ENOSPC: no space left on device, copyfile'), { code: 'ENOSPC' });
    });
    try {
      const result = await h.dispatch('backups.restore', { id: backup.id });
      expect(result).toEqual({
        ok: false,
        error: {
          code: 'storage',
          message: 'The disk is full: the backup could not be prepared. Nothing was changed.',
          hint: 'Free some disk space and try again.',
        },
      });
    } finally {
      copy.mockRestore();
    }
    expect(fs.readdirSync(dir).filter((f) => /restoring|before-restore|-journal/.test(f))).toEqual([]);
    expect(fs.readdirSync(path.join(dir, 'backups')).filter((f) => f.startsWith('restore-'))).toEqual([]);
    // The same core still runs and still writes.
    expect(h.full()).toBe(before);
    await call(h, 'records.create', { group: 'posts', fields: { text: 'after' } });
    expect(await texts(h)).toEqual(['after', 'kept']);
  });

  it('refuses an unknown backup in words and changes nothing', async () => {
    const { host: h, dir } = await start();
    const result = await h.dispatch('backups.restore', { id: 'no-such-backup' });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: 'That backup is no longer in the backups folder.' },
    });
    expect(fs.readdirSync(dir).filter((f) => f.includes('before-restore'))).toEqual([]);
  });
});
