import { describe, expect, it } from 'vitest';
import type { Warning } from '../../../shared/preflight';
import { channelView } from '../../test-support/test-fixtures';
import type { ComposedMedia, ComposedTarget } from '../use-composed-targets';
import { fixActions, jobWords, rangeWords, ratioRangeOf, trimInput } from './fix-actions';

const media = (assetId: string, kind: ComposedMedia['kind']): ComposedMedia => ({
  assetId,
  name: `${assetId}.file`,
  kind,
  altText: '',
  width: 100,
  height: 100,
  durationMs: null,
});

// An audio file first: it is not checked, so the warnings' media index 0 is the picture at position 1.
const composed = (over: Partial<ComposedTarget> = {}): ComposedTarget => ({
  channel: channelView({ id: 'c', name: 'C' }),
  text: '',
  media: [media('song', 'audio'), media('pic', 'image'), media('clip', 'video')],
  warnings: [],
  checks: [],
  checkedAt: [1, 2],
  checked: true,
  ...over,
});

const warning = (code: Warning['code'], mediaIndex: number | null, fixes: Warning['fixes']): Warning => ({
  code,
  rule: code,
  network: 'N',
  message: code,
  mediaIndex,
  fixes,
});

describe('fix actions', () => {
  it('points a media warning at its item by position, past the media that is not checked', () => {
    const w = warning('image.ratio', 0, [
      { kind: 'crop', ratio: '4:5', width: 80, height: 100 },
      { kind: 'pad', ratio: '4:5', width: 100, height: 125 },
    ]);
    expect(fixActions(w, composed())).toEqual([
      { kind: 'crop', ratio: '4:5', media: media('pic', 'image'), index: 1 },
      { kind: 'pad', ratio: '4:5', media: media('pic', 'image'), index: 1 },
    ]);
  });

  it('offers Resize only for what the core does: smaller pictures and videos, lighter pictures', () => {
    const shrink = warning('image.too-large', 0, [{ kind: 'resize', width: 1440, height: 360, maxBytes: null }]);
    expect(fixActions(shrink, composed())[0]).toMatchObject({
      kind: 'resize',
      input: { operation: 'resize', assetId: 'pic', maxWidth: 1440, maxHeight: 360 },
    });
    const lighter = warning('image.too-heavy', 0, [{ kind: 'resize', width: null, height: null, maxBytes: 8e6 }]);
    expect(fixActions(lighter, composed())[0]).toMatchObject({
      input: { operation: 'resize', assetId: 'pic', maxBytes: 8e6 },
    });
    const enlarge = warning('image.too-small', 0, [{ kind: 'resize', width: 320, height: 320, maxBytes: null }]);
    expect(fixActions(enlarge, composed())).toEqual([]);
    const heavyVideo = warning('video.too-heavy', 1, [{ kind: 'resize', width: null, height: null, maxBytes: 5 }]);
    expect(fixActions(heavyVideo, composed())).toEqual([]);
  });

  it('trims videos only, shortens text, and has no button for adding media', () => {
    expect(fixActions(warning('video.too-long', 1, [{ kind: 'trim', maxMs: 60_000 }]), composed())).toEqual([
      { kind: 'trim', maxMs: 60_000, media: media('clip', 'video'), index: 2 },
    ]);
    expect(
      fixActions(warning('text.too-long', null, [{ kind: 'shorten', limit: 5, cutIndex: 5 }]), composed()),
    ).toEqual([{ kind: 'shorten' }]);
    expect(fixActions(warning('media.missing', null, [{ kind: 'add-media', kinds: ['image'] }]), composed())).toEqual(
      [],
    );
    expect(trimInput('clip', 60_000.4, 'reencode')).toEqual({
      operation: 'trim',
      assetId: 'clip',
      maxDurationMs: 60_000,
      mode: 'reencode',
    });
  });

  it('names a job and a channel’s ratio range in words', () => {
    expect(jobWords({ operation: 'crop', assetId: 'a', ratio: '4:5' }, 'beach.jpg')).toBe(
      'Cropping “beach.jpg” to 4:5',
    );
    expect(jobWords({ operation: 'trim', assetId: 'a', maxDurationMs: 90_000, mode: 'reencode' }, 'c.mp4')).toBe(
      'Trimming “c.mp4” to 90 s (exact)',
    );
    expect(jobWords({ operation: 'resize', assetId: 'a', maxBytes: 5 }, 'b.jpg')).toBe('Making “b.jpg” a smaller file');
    expect(rangeWords(ratioRangeOf({ network: 'instagram-feed', rules: null }, 'image'))).toBe('4:5 to 1.91:1');
    expect(rangeWords(ratioRangeOf({ network: 'other', rules: null }, 'image'))).toBeNull();
  });
});
