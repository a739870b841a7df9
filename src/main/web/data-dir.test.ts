import { describe, expect, it } from 'vitest';
import { defaultDataDir } from './data-dir';

describe('default data folder', () => {
  it('matches Electron userData for "Atelier" on each system', () => {
    expect(defaultDataDir('linux', {}, '/home/ana')).toBe('/home/ana/.config/Atelier');
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: '/cfg' }, '/home/ana')).toBe('/cfg/Atelier');
    expect(defaultDataDir('darwin', {}, '/Users/ana')).toBe('/Users/ana/Library/Application Support/Atelier');
    expect(defaultDataDir('win32', { APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' }, 'C:\\Users\\ana')).toContain(
      'Atelier',
    );
  });
});
