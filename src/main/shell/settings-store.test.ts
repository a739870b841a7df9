import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => {
  const electron = {
    app: { getPath: () => os.tmpdir(), getVersion: () => '0.0.0', getName: () => 'Atelier' },
    ipcMain: { on: vi.fn(), handle: vi.fn() },
    shell: {},
  };
  // electron-store uses the default import.
  return { ...electron, default: electron };
});

import { defaultSettings, noSpendingLimits } from '../../shared/settings';
import { ElectronSettingsStore } from './settings-store';
import { tempDirs } from '../../../test/support/temp-dirs';

const tmp = tempDirs('estore');

describe('electron-store settings', () => {
  it('starts with defaults and persists changes across instances', () => {
    const dir = tmp();
    const a = new ElectronSettingsStore(dir);
    expect(a.get()).toEqual(defaultSettings);
    a.set({ ...defaultSettings, theme: 'dark' });
    expect(new ElectronSettingsStore(dir).get().theme).toBe('dark');
  });

  it('refuses invalid settings and keeps the previous ones', () => {
    const dir = tmp();
    const s = new ElectronSettingsStore(dir);
    expect(() => s.set({ ...defaultSettings, theme: 'neon' as never })).toThrow();
    expect(s.get().theme).toBe('system');
  });

  it('remembers the window state and rejects nonsense', () => {
    const dir = tmp();
    const s = new ElectronSettingsStore(dir);
    s.saveWindowState({ x: 10, y: 20, width: 900, height: 600, maximized: false });
    expect(new ElectronSettingsStore(dir).windowState()).toEqual({
      x: 10,
      y: 20,
      width: 900,
      height: 600,
      maximized: false,
    });
    expect(() => s.saveWindowState({ width: -1, height: 600, maximized: false })).toThrow();
  });

  it('falls back to the default for a hand-edited invalid value, keeps the valid ones and the file', () => {
    const dir = tmp();
    fs.writeFileSync(
      path.join(dir, 'settings.json'),
      JSON.stringify({ settings: { theme: 'neon', lastSection: 'sync' } }),
    );
    const s = new ElectronSettingsStore(dir);
    expect(s.get()).toEqual({ ...defaultSettings, lastSection: 'sync' });
    expect(fs.existsSync(path.join(dir, 'settings.json'))).toBe(true);
  });

  it('an older settings file without autoDownloadUpdates keeps its theme and window state', () => {
    const dir = tmp();
    const windowState = { x: 1, y: 2, width: 800, height: 600, maximized: true };
    fs.writeFileSync(
      path.join(dir, 'settings.json'),
      JSON.stringify({ settings: { theme: 'dark', allowWeakSecretStorage: true, lastSection: 'studio' }, windowState }),
    );
    const s = new ElectronSettingsStore(dir);
    expect(s.get()).toEqual({
      theme: 'dark',
      allowWeakSecretStorage: true,
      lastSection: 'studio',
      autoDownloadUpdates: true,
      backupsKeepDaily: 7,
      backupsKeepWeekly: 4,
      spendingLimits: noSpendingLimits,
    });
    expect(s.windowState()).toEqual(windowState);
    s.set({ ...s.get(), autoDownloadUpdates: false });
    expect(new ElectronSettingsStore(dir).get()).toMatchObject({ theme: 'dark', autoDownloadUpdates: false });
  });
});
