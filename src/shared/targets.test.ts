import { describe, expect, it } from 'vitest';
import { groupFields } from './records';
import { channelKeys, contentFor, targetsOf, withPrimaryLabel } from './targets';

const insta = { channel_id: 'c1', network: 'instagram-feed', name: 'Insta' };
const x = { channel_id: 'c2', network: 'x', name: 'X main', text: 'short', asset_ids: ['a9'] };

describe('post targets', () => {
  it('read a post written before targets as one target of its label, with no variant', () => {
    expect(targetsOf({ text: 'hi', channel: ' Instagram ' })).toEqual([
      { channelId: null, network: null, name: 'Instagram', handle: '', text: null, assetIds: null },
    ]);
    expect(targetsOf({ text: 'hi' })).toEqual([]);
    expect(targetsOf({ text: 'hi', channel: '   ' })).toEqual([]);
  });

  it('read targets in order, skipping entries that are not targets, and ignore the label beside them', () => {
    const fields = { channel: 'Insta', targets: [insta, 'junk', { channel_id: 'c3' }, x] };
    expect(targetsOf(fields).map((t) => t.channelId)).toEqual(['c1', 'c2']);
    expect(targetsOf({ channel: 'Insta', targets: [] })).toEqual([]);
  });

  it('publish a variant where a target has one, the post itself elsewhere', () => {
    const fields = { text: 'the long caption', asset_ids: ['a1', 'a2'], targets: [insta, x] };
    const [t1, t2] = targetsOf(fields);
    expect(contentFor(fields, t1!)).toEqual({ text: 'the long caption', assetIds: ['a1', 'a2'] });
    expect(contentFor(fields, t2!)).toEqual({ text: 'short', assetIds: ['a9'] });
    // A variant with an empty text or no media is a real choice, not "no variant".
    const bare = { text: 'caption', asset_ids: ['a1'], targets: [{ ...insta, text: '', asset_ids: [] }] };
    expect(contentFor(bare, targetsOf(bare)[0]!)).toEqual({ text: '', assetIds: [] });
  });

  it('keep the old label as the first target for readers that know one channel', () => {
    expect(withPrimaryLabel({ text: 't', targets: [x, insta] })).toMatchObject({ channel: 'X main' });
    expect(withPrimaryLabel({ text: 't', channel: 'Old', targets: [] })).toMatchObject({ channel: null });
    const untouched = { text: 't', channel: 'Old' };
    expect(withPrimaryLabel(untouched)).toBe(untouched);
  });

  it('compare channels without case, once each', () => {
    expect(channelKeys({ targets: [insta, { ...x, name: 'INSTA', channel_id: 'c4' }] })).toEqual(['insta']);
    expect(channelKeys({ channel: 'TikTok' })).toEqual(['tiktok']);
  });

  it('are refused, in words, when a channel is there twice or there are more than 20', () => {
    const twice = groupFields.posts.safeParse({ text: 't', targets: [insta, insta] });
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0]?.message).toBe('A channel is among the targets twice');
    const many = Array.from({ length: 21 }, (_, i) => ({ ...insta, channel_id: `c${i}` }));
    expect(groupFields.posts.safeParse({ text: 't', targets: many }).error?.issues[0]?.message).toBe(
      'A post goes to at most 20 channels',
    );
    expect(groupFields.posts.safeParse({ text: 't', targets: [{ network: 'x', name: 'X' }] }).success).toBe(false);
    expect(groupFields.posts.safeParse({ text: 't', targets: [insta, x] }).success).toBe(true);
  });
});
