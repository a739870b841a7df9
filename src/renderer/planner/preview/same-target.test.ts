import { describe, expect, it } from 'vitest';
import { sameTarget } from './same-target';
import { channel, photo } from './test-preview';
import type { PreviewTarget } from './types';

const target = (over: Partial<PreviewTarget> = {}): PreviewTarget => ({
  channel: channel({ id: 'c1' }),
  text: 'Hello #world',
  media: [photo(1080, 1350)],
  warnings: ['Too long'],
  ...over,
});

describe('sameTarget', () => {
  it('treats rebuilt objects with the same values as the same preview', () => {
    expect(sameTarget(target(), target())).toBe(true);
    expect(sameTarget(target({ warnings: undefined }), target({ warnings: [] }))).toBe(true);
  });

  it('sees a change of text, media, warnings or channel look', () => {
    expect(sameTarget(target(), target({ text: 'Hello #world!' }))).toBe(false);
    expect(sameTarget(target(), target({ media: [photo(1080, 1080)] }))).toBe(false);
    expect(sameTarget(target(), target({ media: [photo(1080, 1350, { alt: 'Beach' })] }))).toBe(false);
    expect(sameTarget(target(), target({ warnings: ['Too long', 'Too many hashtags'] }))).toBe(false);
    expect(sameTarget(target(), target({ channel: channel({ id: 'c1', colour: '#000000' }) }))).toBe(false);
  });
});
