/**
 * Damage found while Atelier runs: the first SQLITE_CORRUPT from any query stops every write at
 * once, the renderer is told (recovery.changed), every channel but the recovery screen's is
 * refused in words, and the damaged file is not written again, not even by the checkpoint at close.
 * A check that does not finish within the wait at open goes on in the background.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { idleDeps } from '../../../../test/support/idle-deps';
import { damagePosts, seedRecords, sha256Of } from '../../../../test/support/seed-db';
import { tempDirs } from '../../../../test/support/temp-dirs';
import type { EventPayload } from '../../../shared/events';
import { createCore } from '../app';

const tmp = tempDirs('runtime-damage');

const depsFor = (dir: string, checkWaitMs?: number) => idleDeps(dir, checkWaitMs === undefined ? {} : { checkWaitMs });

async function seeded(): Promise<string> {
  const dir = tmp();
  const core = createCore(depsFor(dir));
  // Records of the workspace the app shows before any sign-in, so listing them reads every page.
  seedRecords(core.db, 4000, { now: Date.now(), account: 'local' });
  await core.close();
  return dir;
}

describe('damage found while running', () => {
  it('stops writes at once, tells the renderer, refuses in words and leaves the file as it was', async () => {
    const dir = await seeded();
    const file = path.join(dir, 'atelier.db');
    const core = createCore(depsFor(dir));
    await core.start();
    const told: EventPayload<'recovery.changed'>[] = [];
    core.events.subscribe((event, payload) => {
      if (event === 'recovery.changed') told.push(payload as EventPayload<'recovery.changed'>);
    });
    // The disk goes bad under the running app.
    damagePosts(file);
    const damagedHash = sha256Of(file);

    const read = await core.dispatch('records.list', { group: 'posts', limit: 1000, offset: 1000 });
    expect(read).toMatchObject({ ok: false, error: { code: 'storage' } });
    expect(read.ok ? '' : read.error.message).toMatch(
      /^Atelier's database is damaged.*Nothing more is written to it\.$/,
    );
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ state: 'damaged', damage: { kind: 'corrupt', during: 'running' } });

    for (const [channel, input] of [
      ['records.create', { group: 'posts', fields: { text: 'x' } }],
      ['settings.update', { theme: 'dark' }],
      ['backups.create', {}],
      ['library.import', { paths: [dir] }],
    ] as const) {
      const refused = await core.dispatch(channel, input);
      expect(refused, channel).toMatchObject({
        ok: false,
        error: { code: 'storage', message: expect.stringContaining('Nothing more is written to it') },
      });
    }
    expect(await core.dispatch('recovery.status', {})).toMatchObject({ ok: true, data: { state: 'damaged' } });
    expect(core.db.pragma('query_only', { simple: true })).toBe(1);
    await core.close();
    expect(sha256Of(file)).toBe(damagedHash);
    expect(fs.existsSync(file)).toBe(true);
  });

  it('runs the rest of the check in the background when it does not finish within the wait at open', async () => {
    const dir = await seeded();
    const file = path.join(dir, 'atelier.db');
    damagePosts(file);
    const before = sha256Of(file);
    // No wait at all: the header and schema are read at open, the check runs on in the background.
    const core = createCore(depsFor(dir, 0));
    await core.start();
    await expect
      .poll(async () => (await core.dispatch('recovery.status', {})).ok && core.damage.current()?.kind, {
        timeout: 10_000,
      })
      .toBe('corrupt');
    await core.close();
    expect(sha256Of(file)).toBe(before);
  });
});
