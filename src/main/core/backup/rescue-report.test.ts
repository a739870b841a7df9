/**
 * A rescue from the recovery screen: the core reopens on the rescued database and the per-table
 * result is kept in the backups folder (this user only) and shown once, like a restore's report.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostCall as call } from '../../../../test/support/host-call';
import { idleDeps } from '../../../../test/support/idle-deps';
import { pagesOf, scribble, seedRecords } from '../../../../test/support/seed-db';
import { tempDirs } from '../../../../test/support/temp-dirs';
import { createCore } from '../app';
import { openCoreHost } from './core-host';

const tmp = tempDirs('rescue-report');

describe('the rescue report', () => {
  it('is saved 0600 beside the backups, shown once after the reopen, with what each table saved', async () => {
    const dir = tmp();
    const core = createCore(idleDeps(dir));
    seedRecords(core.db, 2000, { now: Date.now() });
    await core.close();
    const file = path.join(dir, 'atelier.db');
    const pages = pagesOf(file, 'posts');
    scribble(file, ((pages[Math.floor(pages.length / 2)] ?? 2) - 1) * 4096, 4096, 3);

    const host = openCoreHost(idleDeps(dir));
    try {
      await host.start();
      expect(host.full()).toBeNull();
      const result = await call(host, 'recovery.rescue', {});
      expect(result.keptAs).toMatch(/^atelier\.db\.damaged-/);
      expect(host.full()).not.toBeNull();

      const reports = fs.readdirSync(path.join(dir, 'backups')).filter((f) => f.startsWith('rescue-'));
      expect(reports).toHaveLength(1);
      if (process.platform !== 'win32')
        expect(fs.statSync(path.join(dir, 'backups', reports[0]!)).mode & 0o777).toBe(0o600);
      expect(fs.readdirSync(dir).filter((f) => f.startsWith('.rescue') || f.includes('restoring'))).toEqual([]);

      const report = await call(host, 'recovery.report', {});
      expect(report).toMatchObject({
        kind: 'rescue',
        keptAs: result.keptAs,
        method: result.method,
        tables: result.tables,
      });
      const posts = result.tables.find((t) => t.name === 'posts');
      expect(posts?.copied).toBeGreaterThan(0);
      expect(await call(host, 'recovery.dismissReport', {})).toEqual({ dismissed: true });
      expect(await call(host, 'recovery.report', {})).toBeNull();
    } finally {
      await host.close();
    }
  });
});
