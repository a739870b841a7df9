import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  call,
  createApiKey,
  harnesses,
  listAssets,
  signInDemo,
  type Harness,
} from '../../../../test/support/core-with-sandbox';
import { tempDirs } from '../../../../test/support/temp-dirs';
import { SECRET } from '../platform/secret-keys';
import { collectDiagnostics } from './collect';

const open = harnesses();
const tmp = tempDirs('diagnostics');

/** A secret as the secret store holds it (the real values, not the test's idea of them). */
async function stored<T>(h: Harness, key: string): Promise<T> {
  const raw = await h.deps.secrets.get(key);
  if (raw === undefined) throw new Error(`no ${key} in the secret store`);
  return JSON.parse(raw) as T;
}

function unzip(file: string): Record<string, string> {
  const entries = unzipSync(new Uint8Array(fs.readFileSync(file)));
  return Object.fromEntries(Object.entries(entries).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

describe('export diagnostics', () => {
  it('writes logs, versions, settings, sync and queue summaries, and no secret survives into any file', async () => {
    const h = await open();
    await signInDemo(h);
    await listAssets(h);
    await h.core.sync.run();
    const tokens = await stored<{ access: string; refresh: string }>(h, SECRET.tokens);
    // An API key replaces the tokens in the store (they stay known to the registry).
    const created = await createApiKey(h, 30);
    await call(h, 'apiKey.set', { key: created.key, expiresAt: created.expires_at });
    await call(h, 'session.check', {});
    await listAssets(h);
    const secrets = {
      'access token': tokens.access,
      'refresh token': tokens.refresh,
      'API key': (await stored<{ key: string }>(h, SECRET.apiKey)).key,
      'client secret': (await h.deps.secrets.get(SECRET.clientSecret)) ?? '',
      password: h.sandbox.demo.password,
    };
    for (const [name, value] of Object.entries(secrets)) expect(value.length, name).toBeGreaterThan(8);

    // Lines that would leak if anything on the way out trusted the logger alone:
    // through the logger (redacted on the way in) …
    h.deps.logger.warn(`request failed with ${secrets['access token']}`, {
      url: `${h.sandbox.url}/v2/assets?api_key=${secrets['API key']}`,
      body: { password: secrets.password },
    });
    // … and an older file written before the registry knew these values, in every shape.
    fs.writeFileSync(
      path.join(h.deps.paths.logsDir, 'atelier.log.1'),
      [
        JSON.stringify({
          t: '2024-01-01T00:00:00.000Z',
          level: 'info',
          msg: `refreshed ${secrets['refresh token']}`,
          tokens: { access: secrets['access token'] },
        }),
        `Authorization: Bearer ${secrets['access token']}`,
        `POST /oauth/token grant_type=refresh_token&refresh_token=${secrets['refresh token']}` +
          `&client_secret=${secrets['client secret']}`,
        `{"username":"demo@atelier.local","password":"${secrets.password}"}`,
        `x-api-key: ${secrets['API key']}`,
      ].join('\n'),
    );

    const folder = tmp();
    const result = await call(h, 'app.exportDiagnostics', { folder });
    expect(path.dirname(result.file)).toBe(folder);
    expect(path.basename(result.file)).toMatch(/^atelier-diagnostics-\d{4}-\d{2}-\d{2}\.zip$/);

    const files = unzip(result.file);
    const names = Object.keys(files).map((n) => n.replace(/^atelier-diagnostics\//, ''));
    expect(names).toEqual(
      expect.arrayContaining([
        'versions.json',
        'settings.json',
        'sync-status.json',
        'queues.json',
        'README.txt',
        'logs/atelier.log',
        'logs/atelier.log.1',
      ]),
    );

    for (const [name, text] of Object.entries(files)) {
      for (const [what, value] of Object.entries(secrets))
        expect(text.includes(value), `${name} contains the ${what}`).toBe(false);
    }
    // Not even in the zip's raw bytes (names, comments).
    const raw = fs.readFileSync(result.file).toString('latin1');
    for (const [what, value] of Object.entries(secrets))
      expect(raw.includes(value), `zip bytes contain the ${what}`).toBe(false);

    const versions = JSON.parse(files['atelier-diagnostics/versions.json']!) as Record<string, unknown>;
    expect(versions).toMatchObject({
      name: 'Atelier',
      host: 'test',
      profile: 'sandbox',
      database: { schemaVersion: expect.any(Number) },
      updates: { state: 'disabled' },
    });
    expect(versions).not.toHaveProperty('dataDir');
    expect(JSON.parse(files['atelier-diagnostics/settings.json']!)).toMatchObject({
      theme: 'system',
      autoDownloadUpdates: true,
    });
    expect(JSON.parse(files['atelier-diagnostics/sync-status.json']!)).toMatchObject({
      totals: { pending: expect.any(Number) },
    });
    expect(JSON.parse(files['atelier-diagnostics/queues.json']!)).toMatchObject({
      outbox: { pending: expect.any(Number) },
      ai: { queued: 0 },
    });
    // The logs are there, with the secrets replaced rather than the lines dropped.
    expect(files['atelier-diagnostics/logs/atelier.log']).toContain('signed in');
    expect(files['atelier-diagnostics/logs/atelier.log.1']).toContain('grant_type=refresh_token');
    expect(files['atelier-diagnostics/logs/atelier.log.1']).toContain('[redacted]');
  });

  it('never overwrites an earlier export', async () => {
    const h = await open();
    const folder = tmp();
    const first = await call(h, 'app.exportDiagnostics', { folder });
    const second = await call(h, 'app.exportDiagnostics', { folder });
    expect(second.file).not.toBe(first.file);
    expect(path.basename(second.file)).toMatch(/ \(2\)\.zip$/);
  });

  it('without system dialogs (browser mode) the folder must be given, as a full path that exists', async () => {
    const h = await open();
    const missing = await h.core.dispatch('app.exportDiagnostics', {});
    expect(missing).toMatchObject({ ok: false, error: { code: 'validation', issues: [{ path: 'folder' }] } });
    expect(await h.core.dispatch('app.exportDiagnostics', { folder: 'relative/dir' })).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
    expect(
      await h.core.dispatch('app.exportDiagnostics', { folder: path.join(os.tmpdir(), 'atelier-no-such-folder-x') }),
    ).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('caps the logs at their newest part', async () => {
    const logsDir = tmp();
    const lines = Array.from({ length: 2000 }, (_, i) =>
      JSON.stringify({ t: 'x', level: 'info', msg: `line ${i}` }),
    ).join('\n');
    fs.writeFileSync(path.join(logsDir, 'atelier.log'), lines);
    fs.writeFileSync(path.join(logsDir, 'atelier.log.1'), lines);
    const files = await collectDiagnostics(
      {
        logsDir,
        now: () => 0,
        facts: () => ({}),
        settings: () => ({}),
        syncStatus: () => ({}),
        queues: () => ({}),
        knownSecrets: async () => [],
      },
      { perFile: 4000, total: 6000 },
    );
    const log = files['logs/atelier.log'] ?? files['logs/atelier.log.1'];
    expect(log).toContain('line 1999');
    expect(log).not.toContain('"line 0"');
    expect(log!.startsWith('[earlier lines left out]\n{')).toBe(true);
    const total = Object.entries(files)
      .filter(([n]) => n.startsWith('logs/'))
      .reduce((sum, [, t]) => sum + t.length, 0);
    expect(total).toBeLessThan(6000 + 100);
  });
});
