import { describe, expect, it, vi } from 'vitest';
import { openExternalSafely, vetExternalUrl } from './external-links';

describe('external links', () => {
  it.each([
    ['https://example.com/help', true],
    ['https://docs.example.com/a?b=c#d', true],
    ['http://example.com', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['data:text/html,hi', false],
    ['smb://server/share', false],
    ['https://user:pass@example.com', false],
    ['not a url', false],
    [`https://example.com/${'a'.repeat(3000)}`, false],
  ])('%s allowed: %s', (url, allowed) => {
    expect(vetExternalUrl(url) !== null).toBe(allowed);
  });

  it('opens only vetted URLs', async () => {
    const open = vi.fn(async () => undefined);
    expect(await openExternalSafely('https://example.com', open)).toBe(true);
    expect(await openExternalSafely('file:///c:/windows/system32/calc.exe', open)).toBe(false);
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('https://example.com/');
  });
});
