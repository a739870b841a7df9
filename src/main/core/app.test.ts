import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { channelNames } from '../../shared/contract';
import { resourceGroups } from '../../shared/profile';
import type { RecordsChanged } from '../../shared/records';
import { createCore } from './app';
import { AppException } from './errors';
import { nodeDeps } from './node-deps';
import { SHIPPED_SCHEMA_VERSION } from '../../../test/support/schema-version';
import { tempDirs } from '../../../test/support/temp-dirs';

const tmp = tempDirs('core');

describe('createCore', () => {
  it('answers app.info with the real database facts', async () => {
    const dir = tmp();
    const core = createCore(nodeDeps({ dataDir: dir, host: 'test', version: '1.2.3', quiet: true }));
    const info = await core.dispatch('app.info', {});
    expect(info).toMatchObject({
      ok: true,
      data: {
        name: 'Atelier',
        version: '1.2.3',
        host: 'test',
        dataDir: dir,
        database: { schemaVersion: SHIPPED_SCHEMA_VERSION, journalMode: 'wal' },
      },
    });
    await core.close();
  });

  it('stores settings, emits settings.changed, and they survive a restart', async () => {
    const dir = tmp();
    const core = createCore(nodeDeps({ dataDir: dir, host: 'test', quiet: true }));
    const seen: unknown[] = [];
    core.events.subscribe((event, payload) => seen.push([event, payload]));
    await core.dispatch('settings.update', { theme: 'dark', lastSection: 'sync' });
    expect(seen).toEqual([['settings.changed', expect.objectContaining({ theme: 'dark', lastSection: 'sync' })]]);
    await core.close();
    const again = createCore(nodeDeps({ dataDir: dir, host: 'test', quiet: true }));
    expect(await again.dispatch('settings.get', {})).toMatchObject({
      ok: true,
      data: { theme: 'dark', lastSection: 'sync' },
    });
    await again.close();
  });

  it('persists secrets only after the user consents to weak protection (browser mode has no keychain)', async () => {
    const dir = tmp();
    const deps = nodeDeps({ dataDir: dir, host: 'test', quiet: true });
    const core = createCore(deps);
    expect(await core.dispatch('secrets.status', {})).toEqual({
      ok: true,
      data: { protection: 'weak', persistent: false, backend: 'local-key-file' },
    });
    await deps.secrets.set('refresh', 'a-refresh-token-value-xyz');
    expect(fs.existsSync(path.join(dir, 'secrets.bin'))).toBe(false);
    await core.dispatch('settings.update', { allowWeakSecretStorage: true });
    expect(await core.dispatch('secrets.status', {})).toMatchObject({ ok: true, data: { persistent: true } });
    expect(fs.existsSync(path.join(dir, 'secrets.bin'))).toBe(true);
    await core.close();
  });

  it('refuses to start on a database from a newer version, leaving it as it was', async () => {
    const dir = tmp();
    await createCore(nodeDeps({ dataDir: dir, host: 'test', quiet: true })).close();
    const file = path.join(dir, 'atelier.db');
    const raw = new Database(file);
    raw.prepare("INSERT INTO schema_migrations VALUES (99, 'future', 'x', 'now')").run();
    raw.close();
    const before = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
    expect(() => createCore(nodeDeps({ dataDir: dir, host: 'test', quiet: true }))).toThrow(AppException);
    expect(crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex')).toBe(before);
  });

  it('never writes a secret into logs, settings or the database', async () => {
    const dir = tmp();
    const deps = nodeDeps({ dataDir: dir, host: 'test', quiet: true });
    const core = createCore(deps);
    const secret = 'access-token-value-that-must-not-leak';
    await deps.secrets.set('access', secret);
    deps.logger.error(`request failed with ${secret}`, { authorization: `Bearer ${secret}` });
    await core.dispatch('settings.update', { allowWeakSecretStorage: true });
    await core.close();
    const files = fs
      .readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => fs.statSync(path.join(dir, f)).isFile());
    for (const f of files) expect(fs.readFileSync(path.join(dir, f)).includes(secret), f).toBe(false);
  });
});

describe('the core’s domains, composed', () => {
  it('answers every channel of the contract, each by exactly one module', () => {
    const core = createCore(nodeDeps({ dataDir: tmp(), host: 'test', quiet: true }));
    // createCore refuses a channel answered twice or by nobody (compose.test.ts); here the real modules pass.
    expect(Object.keys(core.handlers).sort()).toEqual([...channelNames].sort());
    return core.close();
  });

  it(
    'a sign-in by another account switches the workspace ' +
      'and reloads every group before the renderer hears of the session',
    async () => {
      const core = createCore(nodeDeps({ dataDir: tmp(), host: 'test', quiet: true }));
      await core.start();
      const pushed: string[] = [];
      core.events.subscribe((event, payload) =>
        pushed.push(event === 'records.changed' ? `records.changed ${(payload as RecordsChanged).group}` : event),
      );
      const view = await core.session.load().then(() => core.session.view());
      core.bus.emit('session.changed', { ...view, state: 'active', signedIn: true, accountId: 'acct-b' });
      expect(core.workspace.account()).toBe('acct-b');
      expect(pushed).toEqual([...resourceGroups.map((g) => `records.changed ${g}`), 'session.changed']);
      await core.close();
    },
  );

  it('signing out tells sync, the AI queue and the reminders, then the renderer', async () => {
    const deps = nodeDeps({ dataDir: tmp(), host: 'test', quiet: true });
    deps.sync = { autoStart: false };
    deps.ai = { autoStart: false };
    const core = createCore(deps);
    await core.start();
    const heard: string[] = [];
    vi.spyOn(core.sync, 'kick').mockImplementation(() => void heard.push('sync kicked'));
    vi.spyOn(core.ai.queue, 'online').mockImplementation(() => void heard.push('ai queue looks again'));
    vi.spyOn(core.planner.reminders, 'replan').mockImplementation(() => void heard.push('reminders replanned'));
    core.events.subscribe((event) => heard.push(`renderer ${event}`));
    expect(await core.dispatch('session.signOut', {})).toMatchObject({ ok: true, data: { state: 'signed_out' } });
    // What the session change sets off, up to the renderer hearing of it (the connection view follows after).
    expect(heard.slice(0, heard.indexOf('renderer session.changed') + 1)).toEqual([
      'sync kicked',
      'ai queue looks again',
      'reminders replanned',
      'renderer session.changed',
    ]);
    await core.close();
  });

  it('a local edit reaches the renderer and wakes sync; a post replans the reminders', async () => {
    const deps = nodeDeps({ dataDir: tmp(), host: 'test', quiet: true });
    deps.sync = { autoStart: false };
    const core = createCore(deps);
    await core.start();
    const heard: string[] = [];
    vi.spyOn(core.sync, 'kick').mockImplementation((ms) => void heard.push(`sync kicked in ${ms}`));
    vi.spyOn(core.planner.reminders, 'replan').mockImplementation(() => void heard.push('reminders replanned'));
    core.events.subscribe((event) => heard.push(`renderer ${event}`));
    await core.dispatch('records.create', { group: 'posts', fields: { text: 'hello' } });
    expect(heard).toEqual(['reminders replanned', 'renderer records.changed', 'sync kicked in 250']);
    await core.close();
  });
});
