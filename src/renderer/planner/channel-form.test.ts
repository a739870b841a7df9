import { describe, expect, it } from 'vitest';
import { UserRulesSchema } from '../../shared/networks';
import { channelFields, channelValues, checkRules, networkGroups, rulesValues, withPreset } from './channel-form';

const other = () => ({ ...channelValues(null), network: 'other', name: 'Forum' });

describe('channel form', () => {
  it('offers every network once, grouped, with Other last', () => {
    const groups = networkGroups();
    const ids = groups.flatMap((g) => g.options.map((o) => o.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('instagram-reel');
    expect(groups.at(-1)).toEqual({ label: 'Other', options: [{ id: 'other', name: 'Other (my own rules)' }] });
  });

  it('adds a preset’s slots without repeating one already there', () => {
    const slots = withPreset([{ day: '3', time: '09:00' }], { days: [1, 3, 5], time: '09:00' });
    expect(slots).toEqual([
      { day: '3', time: '09:00' },
      { day: '1', time: '09:00' },
      { day: '5', time: '09:00' },
    ]);
  });

  it('writes rules the rules’ schema reads back to the same form values', () => {
    const v = other();
    v.rules = {
      textMax: '500',
      mediaMax: '4',
      image: true,
      video: false,
      ratioMin: '4:5',
      ratioMax: '1.91:1',
      maxSeconds: '',
    };
    const rules = channelFields(v, null).rules;
    expect(UserRulesSchema.safeParse(rules).success).toBe(true);
    expect(rulesValues(rules)).toEqual(v.rules);
  });

  it('keeps the stored rules this form does not show', () => {
    const v = other();
    const stored = channelFields(v, null).rules!;
    const withHashtags = { ...stored, hashtags: { max: 30 } };
    expect(channelFields(v, withHashtags).rules).toMatchObject({ hashtags: { max: 30 } });
  });

  it('sends no rules for a network with its own', () => {
    expect(channelFields({ ...other(), network: 'x' }, null).rules).toBeNull();
  });

  it('refuses numbers and ratios that do not read, and no allowed media', () => {
    const v = other();
    v.rules = {
      textMax: 'lots',
      mediaMax: '1.5',
      image: false,
      video: false,
      ratioMin: '4/5',
      ratioMax: '',
      maxSeconds: '-3',
    };
    expect(checkRules(v)).toEqual({
      'rules.textMax': 'Write the text limit as a whole number, or leave it empty.',
      'rules.mediaMax': 'Write the media count as a whole number, or leave it empty.',
      'rules.ratioMin': 'Write a ratio like 4:5 or 1.91:1, or leave it empty.',
      'rules.maxSeconds': 'Write the longest video in seconds, such as 90.',
      'rules.image': 'Allow images, videos or both.',
    });
    expect(checkRules({ ...v, network: 'x' })).toEqual({});
  });
});
