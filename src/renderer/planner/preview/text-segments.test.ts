import { describe, expect, it } from 'vitest';
import { emptyUserRules } from '../../../shared/networks';
import { layoutOf, segmentsOf, sliceSegments } from './text-segments';

describe('segmentsOf', () => {
  it('styles hashtags, mentions and links and keeps the rest as text', () => {
    const text = 'New mix #lofi #2026 by @ada_k, listen at https://example.com/mix#a. Mail me@ex.com';
    const kinds = segmentsOf(text).map((s) => [s.kind, s.text]);
    expect(kinds).toEqual([
      ['text', 'New mix '],
      ['hashtag', '#lofi'],
      ['text', ' #2026 by '],
      ['mention', '@ada_k'],
      ['text', ', listen at '],
      ['link', 'https://example.com/mix#a'],
      ['text', '. Mail me@ex.com'],
    ]);
  });

  it('keeps a Mastodon address whole and reads links that start with www.', () => {
    const kinds = segmentsOf('hi @ada@social.example see www.example.org!').map((s) => [s.kind, s.text]);
    expect(kinds).toEqual([
      ['text', 'hi '],
      ['mention', '@ada@social.example'],
      ['text', ' see '],
      ['link', 'www.example.org'],
      ['text', '!'],
    ]);
  });

  it('gives the same result object for the same text (parsed once)', () => {
    const text = 'same #text twice';
    expect(segmentsOf(text)).toBe(segmentsOf(`${'same #text'} twice`));
  });

  it('joins back into the whole text', () => {
    const text = '🎉 Café #été @a_b https://x.co/y 日本語 #タグ';
    expect(
      segmentsOf(text)
        .map((s) => s.text)
        .join(''),
    ).toBe(text);
  });
});

describe('layoutOf', () => {
  const long = `${'word '.repeat(40)}#end`;

  it('cuts where Instagram feed cuts, at a word boundary', () => {
    const layout = layoutOf(long, 'instagram-feed');
    expect(layout.cutAt).not.toBeNull();
    expect(layout.cutAt).toBeLessThanOrEqual(125);
    expect(long.slice(0, layout.cutAt ?? 0).endsWith('word')).toBe(true);
    expect(layout.overAt).toBeNull();
  });

  it('shows the whole text where a network has no feed cut, and marks what is past its limit', () => {
    const text = 'x'.repeat(300);
    expect(layoutOf(text, 'linkedin')).toMatchObject({ cutAt: null, overAt: null });
    expect(layoutOf(text, 'x')).toMatchObject({ cutAt: null, overAt: 280 });
  });

  it('uses the rules of a channel of type Other', () => {
    const rules = { ...emptyUserRules('Forum'), preview: { cutAt: 10, source: 'user' as const } };
    expect(layoutOf('one two three four', rules).cutAt).toBe(7);
  });
});

describe('sliceSegments', () => {
  it('cuts a segment in the middle and keeps its kind and start', () => {
    const segments = segmentsOf('ab #hashtag cd');
    expect(sliceSegments(segments, 0, 6)).toEqual([
      { kind: 'text', text: 'ab ', start: 0 },
      { kind: 'hashtag', text: '#ha', start: 3 },
    ]);
    expect(sliceSegments(segments, 6, 14).map((s) => s.text)).toEqual(['shtag', ' cd']);
  });
});
