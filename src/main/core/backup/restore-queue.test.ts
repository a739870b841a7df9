/**
 * A restore runs alone in the backups' queue: a backup (and the pruning after it) under way is
 * finished first, so the backup being restored is never removed halfway through.
 */
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { hostCall as call } from '../../../../test/support/host-call';
import { tempDirs } from '../../../../test/support/temp-dirs';
import { nodeDeps } from '../node-deps';
import { openCoreHost, type CoreHost } from './core-host';

const tmp = tempDirs('restore-queue');
let host: CoreHost | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

describe('a restore and the backups queue', () => {
  it('waits for the work already in the queue before it replaces anything', async () => {
    const dir = tmp();
    const deps = nodeDeps({ dataDir: dir, host: 'test', quiet: true });
    deps.backups = { autoStart: false };
    deps.sync = { autoStart: false };
    deps.ai = { autoStart: false };
    host = openCoreHost(deps);
    await host.start();
    const h = host;
    await call(h, 'records.create', { group: 'posts', fields: { text: 'in the backup' } });
    const backup = await call(h, 'backups.create', {});
    await call(h, 'records.create', { group: 'posts', fields: { text: 'after it' } });

    // Something holds the queue (a backup being copied, say).
    let release: () => void = () => undefined;
    const held = h.full()!.backups.store.serially(() => new Promise<void>((resolve) => (release = resolve)));
    let settled = false;
    const restoring = h.dispatch('backups.restore', { id: backup.id }).finally(() => (settled = true));
    await new Promise((r) => setTimeout(r, 1500));
    expect(settled).toBe(false);
    expect(fs.readdirSync(dir).filter((f) => f.includes('before-restore'))).toEqual([]);
    release();
    await held;
    expect(await restoring).toMatchObject({ ok: true });
    const texts = (await call(h, 'records.list', { group: 'posts' })).items.map((r) => r.fields.text);
    expect(texts).toEqual(['in the backup']);
  });
});
