import fs from 'node:fs';
import { defaultSettings, readSettings, Settings } from '../../../shared/settings';
import { writeFileAtomic } from '../fs/atomic-write';
import type { Logger, SettingsStore } from '../ports';

/**
 * Non-secret settings in one JSON file (the Node host and tests; the app uses electron-store).
 * An unreadable file is kept aside under a new name, never overwritten, and defaults are used.
 * Fields are read one by one: a missing or invalid field takes its default, the others are kept.
 */
export class FileSettingsStore implements SettingsStore {
  private current: Settings;

  constructor(
    private readonly file: string,
    private readonly logger?: Logger,
  ) {
    this.current = this.load();
  }

  private load(): Settings {
    if (!fs.existsSync(this.file)) return { ...defaultSettings };
    let raw: unknown;
    try {
      raw = JSON.parse(fs.readFileSync(this.file, 'utf8'));
    } catch (e) {
      const aside = `${this.file}.unreadable-${Date.now()}`;
      fs.renameSync(this.file, aside);
      this.logger?.warn('settings file unreadable; kept aside and defaults used', {
        aside,
        error: (e as Error).message,
      });
      return { ...defaultSettings };
    }
    const { settings, invalid } = readSettings(raw);
    if (invalid.length) this.logger?.warn('some settings were invalid; defaults used for them', { fields: invalid });
    return settings;
  }

  get(): Settings {
    return { ...this.current };
  }

  set(next: Settings): void {
    const valid = Settings.parse(next);
    writeFileAtomic(this.file, JSON.stringify(valid, null, 2));
    this.current = valid;
  }
}

export class MemorySettingsStore implements SettingsStore {
  private current: Settings = { ...defaultSettings };
  get(): Settings {
    return { ...this.current };
  }
  set(next: Settings): void {
    this.current = Settings.parse(next);
  }
}
