import { describe, expect, it } from 'vitest';
import { emptyUserRules } from '../../../shared/networks';
import { channelView } from '../../test-support/test-fixtures';
import { imageScopes, promptFrom, withCaption, withImage } from './post-ai-view';

/** A channel of type Other whose images must be between these ratios. */
function other(id: string, min: string, max: string) {
  const rules: Record<string, unknown> = JSON.parse(JSON.stringify(emptyUserRules(id)));
  rules.image = { ...(rules.image as object), ratio: { min, max, source: 'user' } };
  return channelView({ id, name: id, network: 'other', rules });
}
const target = (c: { id: string; name: string; network: string }, over = {}) => ({
  channel_id: c.id,
  network: c.network,
  name: c.name,
  ...over,
});

describe('image scopes and ratios', () => {
  it('offers every channel at the ratios they all take, then each channel at its own', () => {
    const insta = channelView({ id: 'ig', name: 'Insta', network: 'instagram-feed' });
    const x = channelView({ id: 'x', name: 'X', network: 'x' });
    const scopes = imageScopes([target(insta), target(x)], [insta, x]);
    expect(scopes.map((s) => [s.value, s.aspects])).toEqual([
      ['all', ['1:1', '4:5', '16:9', '1.91:1']],
      ['ig', ['1:1', '4:5', '16:9', '1.91:1']],
      ['x', ['1:1', '4:5', '9:16', '16:9', '1.91:1']],
    ]);
  });

  it('offers no ratio for every channel when none suits them all, so the person chooses per channel', () => {
    const story = other('Story', '9:16', '9:16');
    const wide = other('Wide', '16:9', '16:9');
    const scopes = imageScopes([target(story), target(wide)], [story, wide]);
    expect(scopes.map((s) => [s.value, s.aspects])).toEqual([
      ['all', []],
      ['Story', ['9:16']],
      ['Wide', ['16:9']],
    ]);
  });

  it('has only the post’s media for one channel or none', () => {
    const insta = channelView({ id: 'ig', name: 'Insta', network: 'instagram-feed' });
    expect(imageScopes([target(insta)], [insta]).map((s) => s.value)).toEqual(['all']);
    expect(imageScopes([], [])[0]?.aspects).toEqual(['1:1', '4:5', '9:16', '16:9', '1.91:1']);
  });
});

describe('prompt, caption and image into the form', () => {
  it('starts the prompt from the text, trimmed and cut at 4,000 characters', () => {
    expect(promptFrom('  Fresh bread  ')).toBe('Fresh bread');
    expect(promptFrom('a'.repeat(5000))).toHaveLength(4000);
  });

  it('replaces or appends a caption to the post’s text or a channel’s variant text', () => {
    const values = { text: 'Hello', targets: [target({ id: 'x', name: 'X', network: 'x' })] };
    expect(withCaption(values, { channelId: null, text: ' Kneading ' }, 'append').text).toBe('Hello\n\nKneading');
    expect(withCaption(values, { channelId: null, text: 'Kneading' }, 'replace').text).toBe('Kneading');
    const variant = withCaption(values, { channelId: 'x', text: 'Kneading' }, 'append');
    expect(variant).toEqual({ text: 'Hello', targets: [{ ...values.targets[0], text: 'Hello\n\nKneading' }] });
  });

  it('adds an attached image once, to the post’s media or the channel’s variant media', () => {
    const values = { asset_ids: ['a1'], targets: [target({ id: 'x', name: 'X', network: 'x' })] };
    expect(withImage(values, { channelId: null, resultAssetId: 'g1' }).asset_ids).toEqual(['a1', 'g1']);
    const once = withImage(values, { channelId: 'x', resultAssetId: 'g1' });
    expect(once.targets[0]?.asset_ids).toEqual(['a1', 'g1']);
    expect(withImage(once, { channelId: 'x', resultAssetId: 'g1' })).toEqual(once);
  });
});
