import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostCall as call } from '../../../../test/support/host-call';
import { tempDirs } from '../../../../test/support/temp-dirs';
import { nodeDeps } from '../node-deps';
import { openCoreHost } from './core-host';

const tmp = tempDirs('recovery-core');

function hostOn(content: string | Buffer) {
  const dir = tmp();
  fs.writeFileSync(path.join(dir, 'atelier.db'), content);
  const deps = nodeDeps({ dataDir: dir, host: 'test', version: '2.0.0', quiet: true });
  const revealed: string[] = [];
  deps.revealFolder = async (folder) => {
    revealed.push(folder);
    return true;
  };
  return { dir, host: openCoreHost(deps), revealed };
}

describe('the recovery screen’s core', () => {
  it('serves what the recovery screen needs and refuses the rest in words', async () => {
    const { dir, host, revealed } = hostOn('not a database at all, but long enough to look like a file');
    await host.start();
    expect(host.full()).toBeNull();
    const status = await call(host, 'recovery.status', {});
    expect(status).toMatchObject({
      state: 'damaged',
      newest: null,
      canRescue: true,
      damage: { kind: 'not-a-database', during: 'start', file: path.join(dir, 'atelier.db') },
    });
    expect(await call(host, 'app.info', {})).toMatchObject({
      version: '2.0.0',
      dataDir: dir,
      database: { schemaVersion: 0 },
    });
    expect(await call(host, 'settings.get', {})).toMatchObject({ theme: 'system', backupsKeepDaily: 7 });
    expect(await call(host, 'backups.list', {})).toMatchObject({
      backups: [],
      folder: path.join(dir, 'backups'),
      retention: { daily: 7, weekly: 4 },
    });
    expect(await call(host, 'backups.reveal', {})).toEqual({ folder: path.join(dir, 'backups'), revealed: true });
    expect(revealed).toEqual([path.join(dir, 'backups')]);
    for (const channel of ['library.query', 'connection.get', 'backups.create'] as const) {
      const refused = await host.dispatch(channel, channel === 'library.query' ? { limit: 10 } : {});
      expect(refused, channel).toMatchObject({
        ok: false,
        error: { code: 'storage', message: expect.stringContaining("Atelier's database is damaged") },
      });
    }
    await host.close();
  });

  it('says so in words when a rescue cannot be done, and leaves the damaged file where it is', async () => {
    const { dir, host } = hostOn(Buffer.alloc(8192, 7));
    const rescue = await host.dispatch('recovery.rescue', {});
    expect(rescue).toMatchObject({
      ok: false,
      error: {
        code: 'storage',
        message: expect.stringMatching(
          new RegExp(
            '^The rescue could not read the damaged database .*' +
              'Nothing was changed; restoring a backup is still possible\\.$',
          ),
        ),
      },
    });
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('atelier.db'))).toEqual(['atelier.db']);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('.rescue'))).toEqual([]);
    await host.close();
  });
});
