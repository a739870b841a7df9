/**
 * Backups taken while the app is busy: sync draining 300 changes to the sandbox and an import of
 * 40 images running, each in its own transactions. Every copy passes integrity_check, and its
 * outbox matches its records: each entry's record is in the copy, each pending record has its entry.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { call, harnesses, signInDemo } from '../../../../test/support/core-with-sandbox';
import { resourceGroups } from '../../../shared/profile';
import { checkNow } from '../db/check';
import { makeImage } from '../media/test-media';
import { tableOf } from '../store/tables';

const open = harnesses();

function consistency(file: string): { orphans: number; unqueued: number; outbox: number; assets: number } {
  const db = new Database(file, { readonly: true });
  try {
    let orphans = 0;
    let unqueued = 0;
    for (const group of resourceGroups) {
      const t = tableOf(group).table;
      orphans += Number(
        db
          .prepare(
            `SELECT count(*) FROM outbox o WHERE o.grp = ? AND NOT EXISTS (SELECT 1 FROM ${t} r ` +
              `WHERE r.id = o.record_id)`,
          )
          .pluck()
          .get(group),
      );
      unqueued += Number(
        db
          .prepare(
            `SELECT count(*) FROM ${t} r WHERE r.sync_state = 'pending' AND NOT EXISTS (SELECT 1 FROM outbox o ` +
              `WHERE o.record_id = r.id)`,
          )
          .pluck()
          .get(),
      );
    }
    const outbox = Number(db.prepare('SELECT count(*) FROM outbox').pluck().get());
    const assets = Number(db.prepare('SELECT count(*) FROM assets').pluck().get());
    return { orphans, unqueued, outbox, assets };
  } finally {
    db.close();
  }
}

describe('backups while sync drains and an import runs', () => {
  it('every copy is consistent: integrity ok, outbox and records agree', async () => {
    const h = await open({ sync: { concurrency: 4 } });
    await signInDemo(h);
    const files = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-busy-media-'));
    try {
      const paths = await Promise.all(
        Array.from({ length: 40 }, (_, i) => makeImage(files, `pic-${i}.png`, { width: 40 + i, height: 30 + i })),
      );
      h.core.db.transaction(() => {
        for (let i = 0; i < 300; i++)
          h.core.store.create('posts', h.core.workspace.account(), { text: `busy post ${i}` });
      })();
      let importing = true;
      let draining = true;
      const importing$ = call(h, 'library.import', { paths }).finally(() => (importing = false));
      const draining$ = h.core.sync.run().finally(() => (draining = false));
      const seen: { busy: boolean; outbox: number; assets: number }[] = [];
      for (let i = 0; i < 100 && (importing || draining); i++) {
        await new Promise((r) => setTimeout(r, 40));
        const busy = importing || draining;
        const view = await h.core.backups.take('manual');
        expect(view.ok).toBe(true);
        // Checked at once: the next backup of the same day replaces this one.
        const file = h.core.backups.store.fileOf(view.id);
        expect(checkNow(file, 'integrity_check')).toEqual({ ok: true, problems: [], damaged: false });
        const found = consistency(file);
        expect(found).toMatchObject({ orphans: 0, unqueued: 0 });
        seen.push({ busy, outbox: found.outbox, assets: found.assets });
      }
      await Promise.all([importing$, draining$]);
      // Copies were taken mid-way: the import part done, changes still queued.
      expect(seen.filter((c) => c.busy).length).toBeGreaterThanOrEqual(3);
      expect(seen.some((c) => c.assets > 0 && c.assets < 40)).toBe(true);
      expect(seen.some((c) => c.outbox > 0 && c.outbox < 300)).toBe(true);
    } finally {
      fs.rmSync(files, { recursive: true, force: true });
    }
  }, 60_000);
});
