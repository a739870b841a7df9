import { describe, expect, it, vi } from 'vitest';

const h = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  invoke: vi.fn(async (channel: string, input: unknown) => ({ ok: true, data: { channel, input } })),
  listeners: new Map<string, Set<(...a: unknown[]) => void>>(),
  paths: new Map<unknown, string>(),
}));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => h.exposed.set(key, api) },
  ipcRenderer: {
    invoke: h.invoke,
    on: (ch: string, fn: (...a: unknown[]) => void) => {
      const set = h.listeners.get(ch) ?? new Set();
      set.add(fn);
      h.listeners.set(ch, set);
    },
    removeListener: (ch: string, fn: (...a: unknown[]) => void) => h.listeners.get(ch)?.delete(fn),
  },
  webUtils: { getPathForFile: (file: unknown) => h.paths.get(file) ?? '' },
}));

import type { MediaAccess } from '../shared/backend';
import { channelNames } from '../shared/contract';
import './index';

describe('preload', () => {
  const api = () => h.exposed.get('atelier') as Record<string, unknown>;

  it('exposes only window.atelier with one method per contract channel plus on()', () => {
    expect([...h.exposed.keys()]).toEqual(['atelier']);
    const keys = Object.keys(api()).sort();
    expect(keys).toEqual([...channelNames, 'media', 'on', 'transport'].sort());
  });

  it('invokes the prefixed channel with the input', async () => {
    const call = api()['settings.get'] as (i: unknown) => Promise<unknown>;
    await call({});
    expect(h.invoke).toHaveBeenCalledWith('atelier:settings.get', {});
  });

  it('delivers only the subscribed event and unsubscribes cleanly', () => {
    const on = api().on as (e: string, l: (p: unknown) => void) => () => void;
    const got: unknown[] = [];
    const off = on('settings.changed', (p) => got.push(p));
    const fire = (name: string, payload: unknown) => {
      for (const l of h.listeners.get('atelier:event') ?? []) l({}, name, payload);
    };
    fire('settings.changed', { theme: 'dark' });
    fire('something.else', { x: 1 });
    off();
    fire('settings.changed', { theme: 'light' });
    expect(got).toEqual([{ theme: 'dark' }]);
    expect(() => on('not.an.event', () => undefined)).toThrow();
  });

  it('points media at the atelier-media scheme, gives dropped files their path, and never uploads', () => {
    const media = api().media as MediaAccess;
    const sha = 'ef'.repeat(32);
    expect(media.url(sha)).toBe(`atelier-media://blob/${sha}`);
    const dropped = new File(['x'], 'clip.mp4');
    h.paths.set(dropped, '/home/me/Videos/clip.mp4');
    expect(media.pathForFile(dropped)).toBe('/home/me/Videos/clip.mp4');
    expect(media.pathForFile(new File(['y'], 'made-in-page.txt'))).toBeNull();
    expect(media.upload).toBeNull();
  });
});
