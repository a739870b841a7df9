import { describe, expect, it } from 'vitest';
import type { Channel } from '../../shared/channels';
import { emptyUserRules } from '../../shared/networks';
import { assetDetail } from '../test-support/test-fixtures';
import {
  channelNamed,
  checkTargetOf,
  factsOf,
  fixedVariant,
  localTargets,
  targetOf,
  toggleTarget,
  withFixedMedia,
  withVariant,
} from './post-targets';
import { fixWords } from './use-composed-targets';

const AT = '2026-11-20T10:00:00.000Z';
const channel = (id: string, name: string, network = 'x', rules: Channel['rules'] = null): Channel => ({
  id,
  network,
  name,
  handle: '',
  colour: '#123456',
  avatarAssetId: null,
  slots: [],
  rules,
  createdAt: AT,
  updatedAt: AT,
});

describe('post targets', () => {
  it('adds a channel at the end and takes it off with its variant', () => {
    const a = channel('a', 'A');
    const b = channel('b', 'B', 'bluesky');
    const two = toggleTarget(toggleTarget([], a), b);
    expect(two).toEqual([targetOf(a), { channel_id: 'b', network: 'bluesky', name: 'B' }]);
    const varied = withVariant(two, 'a', { text: 'own' });
    expect(toggleTarget(varied, a)).toEqual([targetOf(b)]);
  });

  it('brings a channel taken off back with its own text and media when it is ticked again', () => {
    const a = channel('a', 'A');
    const b = channel('b', 'B', 'bluesky');
    const aside = new Map();
    const varied = withVariant([targetOf(a), targetOf(b)], 'a', { text: 'own', asset_ids: ['m1'] });
    const off = toggleTarget(varied, a, aside);
    expect(off).toEqual([targetOf(b)]);
    const renamed = { ...a, name: 'A renamed' };
    expect(toggleTarget(off, renamed, aside)).toEqual([
      targetOf(b),
      { channel_id: 'a', network: 'x', name: 'A renamed', text: 'own', asset_ids: ['m1'] },
    ]);
    // Once back, it is no longer set aside: off and on again without a set starts plain.
    expect(aside.size).toBe(0);
  });

  it("moves another computer's channel to this one's of the same name, variant kept, never twice", () => {
    const mine = channel('mine', 'Studio Insta', 'instagram-feed');
    const other = channel('other', 'Sky', 'bluesky');
    const theirs = { channel_id: 'theirs', network: 'instagram-feed', name: 'studio insta', text: 'own' };
    const known = targetOf(other);
    const moved = localTargets([theirs, known], [mine, other]);
    expect(moved).toEqual([
      { channel_id: 'mine', network: 'instagram-feed', name: 'Studio Insta', text: 'own' },
      known,
    ]);
    // Nothing to move: the very same list (no needless form change).
    const same = [known];
    expect(localTargets(same, [mine, other])).toBe(same);
    // A name with no channel here stays as it is; a channel already chosen is not chosen twice.
    const unknown = { channel_id: 'far', network: 'x', name: 'Far away' };
    expect(localTargets([unknown], [mine])).toEqual([unknown]);
    const twice = localTargets([targetOf(mine), theirs], [mine]);
    expect(twice.map((t) => t.channel_id)).toEqual(['mine', 'theirs']);
  });

  it('sets and removes a variant without leaving empty keys behind', () => {
    const t = [targetOf(channel('a', 'A'))];
    const on = withVariant(t, 'a', { text: 'own', asset_ids: ['m1'] });
    expect(on[0]).toMatchObject({ text: 'own', asset_ids: ['m1'] });
    const off = withVariant(on, 'a', { text: undefined, asset_ids: undefined });
    expect(off[0]).toEqual(t[0]);
    expect(Object.keys(off[0]!)).not.toContain('text');
  });

  it('finds the channel an old label names, in any case, and none for an empty label', () => {
    const list = [channel('a', 'Studio Insta'), channel('b', 'Blog')];
    expect(channelNamed(list, '  studio INSTA ')?.id).toBe('a');
    expect(channelNamed(list, 'Newsletter')).toBeUndefined();
    expect(channelNamed(list, '')).toBeUndefined();
  });

  it('checks a channel against its network, or its own rules for Other, or nothing when those are broken', () => {
    expect(checkTargetOf(channel('a', 'A', 'instagram-feed'))).toBe('instagram-feed');
    const rules = emptyUserRules('Forum');
    expect(checkTargetOf(channel('b', 'B', 'other', rules))).toMatchObject({
      name: 'Forum',
    });
    expect(checkTargetOf(channel('c', 'C', 'other', { text: 'nonsense' }))).toBeNull();
    expect(checkTargetOf(channel('d', 'D', 'other'))).toBeNull();
  });

  it('reads media facts from an asset’s library record; audio is not checked as media', () => {
    const video = assetDetail({ id: 'v', kind: 'video', mimeType: 'video/mp4', width: 1080, height: 1920 });
    expect(factsOf({ ...video, durationMs: 61_000, sizeBytes: 5, fields: { fps: 60 } })).toEqual({
      kind: 'video',
      mime: 'video/mp4',
      width: 1080,
      height: 1920,
      durationMs: 61_000,
      sizeBytes: 5,
      fps: 60,
    });
    expect(factsOf(assetDetail({ id: 'a', kind: 'audio' }))).toBeNull();
  });

  it('names each fix in words, and leaves shortening to the counter', () => {
    expect(fixWords({ kind: 'crop', ratio: '4:5', width: 800, height: 1000 })).toBe('Fix: crop to 4:5');
    expect(fixWords({ kind: 'pad', ratio: '1:1', width: 10, height: 10 })).toBe('Fix: pad to 1:1');
    expect(fixWords({ kind: 'resize', width: 1440, height: null, maxBytes: null })).toBe('Fix: resize to 1440×auto');
    expect(fixWords({ kind: 'trim', maxMs: 90_500 })).toBe('Fix: trim to 90 s');
    expect(fixWords({ kind: 'shorten', limit: 280, cutIndex: 280 })).toBeNull();
  });

  it('puts a fixed asset in place of its source in that channel only, turning its variant on with the post', () => {
    const base = { text: 'Base', asset_ids: ['a', 'wide', 'c'] };
    const two = [targetOf(channel('ig', 'IG', 'instagram-feed')), targetOf(channel('x', 'X'))];
    const fixed = withFixedMedia(two, 'ig', base, { index: 1, from: 'wide', to: 'wide-crop' });
    expect(fixed[0]).toMatchObject({ text: 'Base', asset_ids: ['a', 'wide-crop', 'c'] });
    expect(fixed[1]).toEqual(two[1]);
    expect(base.asset_ids).toEqual(['a', 'wide', 'c']);
  });

  it('swaps inside an existing variant, following the source when it moved, and changes nothing when it left', () => {
    const base = { text: 'Base', asset_ids: ['wide'] };
    const own = { ...targetOf(channel('ig', 'IG')), text: 'Own', asset_ids: ['wide', 'b', 'wide'] };
    expect(fixedVariant(own, base, { index: 2, from: 'wide', to: 'w2' })).toEqual({
      text: 'Own',
      asset_ids: ['wide', 'b', 'w2'],
    });
    const moved = { ...own, asset_ids: ['b', 'wide'] };
    expect(fixedVariant(moved, base, { index: 0, from: 'wide', to: 'w2' })?.asset_ids).toEqual(['b', 'w2']);
    const gone = { ...own, asset_ids: ['b'] };
    expect(fixedVariant(gone, base, { index: 0, from: 'wide', to: 'w2' })).toBeNull();
    expect(withFixedMedia([gone], 'ig', base, { index: 0, from: 'wide', to: 'w2' })).toEqual([gone]);
  });
});
