import { beforeEach, describe, expect, it, vi } from 'vitest';

const shown: { title: string; body: string; click?: () => void }[] = [];
let supported = true;
vi.mock('electron', () => ({
  Notification: class {
    static isSupported = () => supported;
    private readonly entry: { title: string; body: string; click?: () => void };
    constructor(o: { title: string; body: string }) {
      this.entry = { ...o };
    }
    on(event: string, fn: () => void) {
      if (event === 'click') this.entry.click = fn;
    }
    show() {
      shown.push(this.entry);
    }
  },
}));

const { electronNotifier } = await import('./notifier');

function fakeWindow(state: { focused: boolean; visible?: boolean; minimized?: boolean }) {
  return {
    isFocused: () => state.focused,
    isVisible: () => state.visible ?? true,
    isMinimized: () => state.minimized ?? false,
    restore: vi.fn(),
    show: vi.fn(),
    focus: vi.fn(),
  };
}

describe('electronNotifier', () => {
  beforeEach(() => {
    shown.length = 0;
    supported = true;
  });

  it('skips a whenUnfocused notification while the window is in front, shows it otherwise', () => {
    const state = { focused: true };
    const win = fakeWindow(state);
    const n = electronNotifier(
      () => win as never,
      () => undefined,
    );
    n.notify({ title: 'text2video finished', body: 'x', route: 'studio', whenUnfocused: true });
    expect(shown).toHaveLength(0);
    state.focused = false;
    n.notify({ title: 'text2video finished', body: 'x', route: 'studio', whenUnfocused: true });
    expect(shown.map((s) => s.title)).toEqual(['text2video finished']);
    // Others always show (an API key about to expire).
    state.focused = true;
    n.notify({ title: 'Atelier API key', body: 'expires soon', route: 'settings' });
    expect(shown).toHaveLength(2);
  });

  it('a minimised window counts as not in front', () => {
    const n = electronNotifier(
      () => fakeWindow({ focused: true, minimized: true }) as never,
      () => undefined,
    );
    n.notify({ title: 't', body: 'b', whenUnfocused: true });
    expect(shown).toHaveLength(1);
  });

  it('a click brings the window forward and opens the notification’s screen', () => {
    const win = fakeWindow({ focused: false, minimized: true });
    const open = vi.fn();
    electronNotifier(() => win as never, open).notify({ title: 't', body: 'b', route: 'studio', whenUnfocused: true });
    shown[0]?.click?.();
    expect(win.restore).toHaveBeenCalled();
    expect(win.focus).toHaveBeenCalled();
    expect(open).toHaveBeenCalledWith('studio', undefined);
  });

  it('does nothing where the system has no notifications', () => {
    supported = false;
    electronNotifier(
      () => null,
      () => undefined,
    ).notify({ title: 't', body: 'b' });
    expect(shown).toHaveLength(0);
  });
});
