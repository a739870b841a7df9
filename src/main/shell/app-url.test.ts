import { describe, expect, it } from 'vitest';
import { appUrlPolicy } from './app-url';

describe('app URL policy', () => {
  it('accepts only our renderer file in production', () => {
    const p = appUrlPolicy('/opt/atelier/out/renderer/index.html');
    expect(p.rendererUrl).toBe('file:///opt/atelier/out/renderer/index.html');
    expect(p.isAppUrl('file:///opt/atelier/out/renderer/index.html')).toBe(true);
    expect(p.isAppUrl('file:///opt/atelier/out/renderer/index.html#/settings')).toBe(true);
    expect(p.isAppUrl('file:///C:/Users/someone/evil.html')).toBe(false);
    expect(p.isAppUrl('https://example.com')).toBe(false);
    expect(p.isAppUrl('garbage')).toBe(false);
  });

  it('accepts only the dev server origin in development', () => {
    const p = appUrlPolicy('/x/index.html', 'http://localhost:5173/');
    expect(p.isAppUrl('http://localhost:5173/index.html')).toBe(true);
    expect(p.isAppUrl('http://localhost:5174/')).toBe(false);
    expect(p.isAppUrl('http://evil.localhost:5173/')).toBe(false);
  });
});
