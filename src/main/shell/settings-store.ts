import Store from 'electron-store';
import { defaultSettings, Settings } from '../../shared/settings';
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
    const parsed = Settings.partial().safeParse(this.store.get('settings'));
    if (!parsed.success) {
      logger?.warn('stored settings were invalid; defaults used for the invalid fields');
    }
  }

  get(): Settings {
    const parsed = Settings.partial().safeParse(this.store.get('settings'));
    return { ...defaultSettings, ...(parsed.success ? parsed.data : {}) };
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
