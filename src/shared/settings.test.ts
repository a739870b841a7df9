import { describe, expect, it } from 'vitest';
import { defaultSettings, readSettings } from './settings';

describe('readSettings', () => {
  it('keeps every valid field and defaults the missing ones', () => {
    expect(readSettings({ theme: 'light' })).toEqual({ settings: { ...defaultSettings, theme: 'light' }, invalid: [] });
  });

  it('defaults an invalid field alone and names it', () => {
    expect(readSettings({ theme: 'light', autoDownloadUpdates: 'yes', lastSection: 'casino' })).toEqual({
      settings: { ...defaultSettings, theme: 'light' },
      invalid: ['lastSection', 'autoDownloadUpdates'],
    });
  });

  it('treats nothing stored as defaults, and a non-object as invalid', () => {
    expect(readSettings(undefined)).toEqual({ settings: defaultSettings, invalid: [] });
    expect(readSettings(['dark']).invalid).toEqual(['(root)']);
    expect(readSettings(null).settings).toEqual(defaultSettings);
  });
});
