import Store from 'electron-store';
import { defaultSettings, readSettings, Settings } from '../../shared/settings';
import type { Logger, SettingsStore } from '../core/ports';
import { WindowState } from './window-state';

interface StoreShape {
  settings: Settings;
  windowState?: WindowState;
}

/** Non-secret settings and window state in electron-store (a JSON file in userData). */
export class ElectronSettingsStore implements SettingsStore {
  private readonly store: Store<StoreShape>;

  constructor(cwd: string, logger?: Logger) {
    this.store = new Store<StoreShape>({
      cwd,
      name: 'settings',
      defaults: { settings: defaultSettings },
      clearInvalidConfig: false,
    });
    const { invalid } = readSettings(this.store.get('settings'));
    if (invalid.length)
      logger?.warn('stored settings were invalid; defaults used for the invalid fields', { fields: invalid });
  }

  /** Field by field: a setting added in a newer version, or one bad value, never resets the others. */
  get(): Settings {
    return readSettings(this.store.get('settings')).settings;
  }

  set(next: Settings): void {
    this.store.set('settings', Settings.parse(next));
  }

  windowState(): unknown {
    return this.store.get('windowState');
  }

  saveWindowState(state: WindowState): void {
    this.store.set('windowState', WindowState.parse(state));
  }
}
