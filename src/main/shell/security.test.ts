import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RENDERER_CSP } from '../../shared/csp';

const h = vi.hoisted(() => ({ openExternal: vi.fn(async () => undefined) }));
vi.mock('electron', () => ({ shell: { openExternal: h.openExternal } }));

import { hardenContents, hardenSession } from './security';

type Listener = (...args: unknown[]) => void;

function fakeContents() {
  const listeners = new Map<string, Listener>();
  let openHandler: ((d: { url: string }) => { action: string }) | undefined;
  return {
    on: (name: string, l: Listener) => listeners.set(name, l),
    setWindowOpenHandler: (fn: (d: { url: string }) => { action: string }) => (openHandler = fn),
    fire(name: string, url?: string) {
      const event = { preventDefault: vi.fn() };
      listeners.get(name)?.(event, url);
      return event.preventDefault.mock.calls.length > 0;
    },
    open: (url: string) => openHandler?.({ url }),
  };
}

describe('session hardening', () => {
  it('denies every permission request and check, and sets the CSP on every response', () => {
    let request: ((c: unknown, p: string, cb: (ok: boolean) => void) => void) | undefined;
    let check: ((...a: unknown[]) => boolean) | undefined;
    let headers: ((d: { responseHeaders?: Record<string, string[]> }, cb: (r: unknown) => void) => void) | undefined;
    hardenSession({
      setPermissionRequestHandler: (fn: typeof request) => (request = fn),
      setPermissionCheckHandler: (fn: typeof check) => (check = fn),
      webRequest: { onHeadersReceived: (fn: typeof headers) => (headers = fn) },
    } as never);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      const cb = vi.fn();
      request?.(null, permission, cb);
      expect(cb).toHaveBeenCalledWith(false);
    }
    expect(check?.(null, 'media')).toBe(false);
    const cb = vi.fn();
    headers?.({ responseHeaders: { 'Content-Type': ['text/html'] } }, cb);
    expect(cb).toHaveBeenCalledWith({
      responseHeaders: {
        'Content-Type': ['text/html'],
        'Content-Security-Policy': [RENDERER_CSP],
        'X-Content-Type-Options': ['nosniff'],
      },
    });
  });

  it('the CSP forbids inline and eval script, plugins and foreign connections', () => {
    const directives = Object.fromEntries(RENDERER_CSP.split('; ').map((d) => [d.split(' ')[0], d]));
    expect(directives['script-src']).toBe("script-src 'self'");
    expect(RENDERER_CSP).not.toContain('unsafe-inline');
    expect(RENDERER_CSP).not.toContain('unsafe-eval');
    expect(directives['object-src']).toBe("object-src 'none'");
    expect(directives['connect-src']).toBe("connect-src 'self'");
  });
});

describe('web contents hardening', () => {
  beforeEach(() => h.openExternal.mockClear());
  const isApp = (url: string) => url.startsWith('file:///app/index.html');

  it('blocks navigation and redirects away from the app, allows the app itself', () => {
    const c = fakeContents();
    hardenContents(c as never, isApp);
    expect(c.fire('will-navigate', 'https://evil.example')).toBe(true);
    expect(c.fire('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(c.fire('will-redirect', 'https://evil.example')).toBe(true);
    expect(c.fire('will-navigate', 'file:///app/index.html')).toBe(false);
    expect(c.fire('will-attach-webview')).toBe(true);
  });

  it('denies window.open; https links go to the browser, anything else nowhere', async () => {
    const c = fakeContents();
    hardenContents(c as never, isApp);
    expect(c.open('https://example.com/help')).toEqual({ action: 'deny' });
    expect(c.open('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(c.open('http://example.com')).toEqual({ action: 'deny' });
    await Promise.resolve();
    expect(h.openExternal).toHaveBeenCalledTimes(1);
    expect(h.openExternal).toHaveBeenCalledWith('https://example.com/help');
  });
});
