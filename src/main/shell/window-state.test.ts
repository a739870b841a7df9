import { describe, expect, it } from 'vitest';
import { defaultWindowState, restoreWindowState } from './window-state';

const display = { x: 0, y: 0, width: 1920, height: 1080 };

describe('window state', () => {
  it('restores a saved state that is on a connected display', () => {
    const saved = { x: 100, y: 80, width: 1000, height: 700, maximized: true };
    expect(restoreWindowState(saved, [display])).toEqual(saved);
  });

  it('drops the position when that display is gone, keeping the size', () => {
    const saved = { x: 2500, y: 80, width: 1000, height: 700, maximized: false };
    expect(restoreWindowState(saved, [display])).toEqual({ width: 1000, height: 700, maximized: false });
  });

  it('uses defaults for missing or corrupt state', () => {
    expect(restoreWindowState(undefined, [display])).toEqual(defaultWindowState);
    expect(restoreWindowState({ width: 'wide' }, [display])).toEqual(defaultWindowState);
    expect(restoreWindowState({ width: 10, height: 10, maximized: false }, [display])).toEqual(defaultWindowState);
  });
});
