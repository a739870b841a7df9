// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeBackend } from './fake-backend';
import { selectBackend } from './select';
import { takeBridgeToken } from './web-bridge';

afterEach(() => {
  sessionStorage.clear();
  history.replaceState(null, '', '/');
});

describe('choosing the backend', () => {
  it('uses the API the preload exposes when there is one', () => {
    const preload = createFakeBackend().api;
    expect(selectBackend({ atelier: preload })).toEqual({ api: preload });
  });

  it('says in words which address to open when a browser page has no token', () => {
    const choice = selectBackend({});
    expect(choice).toEqual({ problem: expect.stringContaining('npm run start:web') });
  });

  it('keeps the token from the address for reloads and hides it from the address bar', () => {
    history.replaceState(null, '', '/?x=1#token=abc_DEF-123');
    expect(takeBridgeToken()).toBe('abc_DEF-123');
    expect(window.location.href).not.toContain('token=');
    expect(window.location.search).toBe('?x=1');
    // A reload of the same tab finds it again.
    expect(takeBridgeToken()).toBe('abc_DEF-123');
  });
});
