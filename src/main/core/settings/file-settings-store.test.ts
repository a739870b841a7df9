import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSettings, noSpendingLimits } from '../../../shared/settings';
import { FileSettingsStore } from './file-settings-store';
import { tempDirs } from '../../../../test/support/temp-dirs';

const tmp = tempDirs('settings');

describe('file settings store', () => {
  it('persists valid settings atomically', () => {
    const file = path.join(tmp(), 'settings.json');
    new FileSettingsStore(file).set({ ...defaultSettings, theme: 'light' });
    expect(new FileSettingsStore(file).get().theme).toBe('light');
    expect(fs.readdirSync(path.dirname(file))).toEqual(['settings.json']);
  });

  it('keeps an unreadable file aside instead of overwriting it, and uses defaults', () => {
    const dir = tmp();
    const file = path.join(dir, 'settings.json');
    fs.writeFileSync(file, '{ not json');
    expect(new FileSettingsStore(file).get()).toEqual(defaultSettings);
    const aside = fs.readdirSync(dir).find((f) => f.startsWith('settings.json.unreadable-'));
    expect(aside).toBeDefined();
    expect(fs.readFileSync(path.join(dir, aside!), 'utf8')).toBe('{ not json');
  });

  it('rejects invalid values and keeps the old ones', () => {
    const file = path.join(tmp(), 'settings.json');
    const s = new FileSettingsStore(file);
    expect(() => s.set({ ...defaultSettings, lastSection: 'casino' as never })).toThrow();
    expect(s.get()).toEqual(defaultSettings);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('reads a file from an older version (without autoDownloadUpdates) and keeps its theme', () => {
    const file = path.join(tmp(), 'settings.json');
    fs.writeFileSync(file, JSON.stringify({ theme: 'dark', allowWeakSecretStorage: true, lastSection: 'planner' }));
    expect(new FileSettingsStore(file).get()).toEqual({
      theme: 'dark',
      allowWeakSecretStorage: true,
      lastSection: 'planner',
      autoDownloadUpdates: true,
      backupsKeepDaily: 7,
      backupsKeepWeekly: 4,
      spendingLimits: noSpendingLimits,
    });
    // Not an unreadable file: nothing is set aside.
    expect(fs.readdirSync(path.dirname(file))).toEqual(['settings.json']);
  });

  it('defaults only the invalid field of a hand-edited file, keeps the rest', () => {
    const file = path.join(tmp(), 'settings.json');
    fs.writeFileSync(
      file,
      JSON.stringify({ theme: 'neon', lastSection: 'sync', autoDownloadUpdates: false, retired: 1 }),
    );
    const warnings: unknown[] = [];
    const logger = { warn: (_m: string, f?: unknown) => warnings.push(f) } as never;
    expect(new FileSettingsStore(file, logger).get()).toEqual({
      ...defaultSettings,
      lastSection: 'sync',
      autoDownloadUpdates: false,
    });
    expect(warnings).toEqual([{ fields: ['theme'] }]);
  });
});
