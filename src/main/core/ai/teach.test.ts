// Deriving a profile from a taught mapping (pure), and the line diff shown before saving it.
import { describe, expect, it } from 'vitest';
import { parseProfile, type PlatformProfile } from '../../../shared/profile';
import { platformProfile, sandboxProfile } from '../platform/builtin-profiles';
import { lineDiff } from './line-diff';
import { teachProfile, TeachError } from './teach';

const withoutAi = (p: PlatformProfile, op: keyof PlatformProfile['ai']) => ({
  ...p,
  id: '',
  name: '',
  ai: { ...p.ai, [op]: null },
});

describe('teachProfile', () => {
  it('a built-in profile gets a validated copy "<id>-custom" that differs only by the mapping', () => {
    const t = teachProfile(sandboxProfile, {
      builtin: true,
      takenIds: ['sandbox', 'platform'],
      operation: 'text2image',
      role: 'media',
      path: 'result.pixels',
      finalOfPoll: false,
    });
    expect(t.copy).toBe(true);
    expect(t.profile).toMatchObject({ id: 'sandbox-custom', name: 'Sandbox (custom)' });
    expect(parseProfile(t.profile).success).toBe(true);
    expect(t.profile.ai.text2image.response).toEqual({
      media: ['result.pixels'],
      mediaEncoding: 'auto',
      failedValues: expect.any(Array),
    });
    // Everything else is the original.
    expect(withoutAi(t.profile, 'text2image')).toEqual(withoutAi(sandboxProfile, 'text2image'));
    const { response, ...rest } = t.profile.ai.text2image;
    expect(rest).toEqual(sandboxProfile.ai.text2image);
    expect(response).toBeDefined();
    expect(t.note).toBeNull();
  });

  it('never overwrites an earlier copy: the next free id', () => {
    const t = teachProfile(platformProfile, {
      builtin: true,
      takenIds: ['platform-custom', 'platform-custom-2'],
      operation: 'image2text',
      role: 'text',
      path: 'a.b',
      finalOfPoll: false,
    });
    expect(t.profile.id).toBe('platform-custom-3');
  });

  it('a custom profile gets a new revision of itself; the taught path goes first, the others stay', () => {
    const custom = teachProfile(sandboxProfile, {
      builtin: true,
      takenIds: [],
      operation: 'image2text',
      role: 'text',
      path: 'old.text',
      finalOfPoll: false,
    }).profile;
    const next = teachProfile(custom, {
      builtin: false,
      takenIds: [custom.id],
      operation: 'image2text',
      role: 'text',
      path: 'new.text',
      finalOfPoll: false,
    });
    expect(next.copy).toBe(false);
    expect(next.profile.id).toBe(custom.id);
    expect(next.profile.name).toBe(custom.name);
    expect(next.profile.ai.image2text.response?.text).toEqual(['new.text', 'old.text']);
    // Teaching the same path again does not repeat it.
    const again = teachProfile(next.profile, {
      builtin: false,
      takenIds: [],
      operation: 'image2text',
      role: 'text',
      path: 'old.text',
      finalOfPoll: false,
    });
    expect(again.profile.ai.image2text.response?.text).toEqual(['old.text', 'new.text']);
  });

  it('the finished answer of a polled job goes to poll.response when the profile has one', () => {
    const polled: PlatformProfile = {
      ...sandboxProfile,
      ai: {
        ...sandboxProfile.ai,
        text2video: {
          ...sandboxProfile.ai.text2video,
          poll: {
            method: 'GET',
            path: '/jobs/{id}',
            statusField: ['state'],
            doneValues: ['done'],
            failedValues: ['failed'],
            intervalMs: 1000,
            maxIntervalMs: 5000,
            backoff: 1.5,
            deadlineMs: 60_000,
            response: { mediaEncoding: 'auto', failedValues: ['failed'] },
          },
        },
      },
    };
    const t = teachProfile(polled, {
      builtin: false,
      takenIds: [],
      operation: 'text2video',
      role: 'media',
      path: 'video.url',
      finalOfPoll: true,
    });
    expect(t.profile.ai.text2video.poll?.response?.media).toEqual(['video.url']);
    expect(t.profile.ai.text2video.response).toBeUndefined();
    // A job id always belongs to the first answer.
    const id = teachProfile(polled, {
      builtin: false,
      takenIds: [],
      operation: 'text2video',
      role: 'jobId',
      path: 'job.id',
      finalOfPoll: true,
    });
    expect(id.profile.ai.text2video.response?.jobId).toEqual(['job.id']);
    expect(id.note).toBeNull();
  });

  it('a job id for an operation without poll settings comes with a note; a bad path is refused with words', () => {
    expect(
      teachProfile(sandboxProfile, {
        builtin: true,
        takenIds: [],
        operation: 'text2image',
        role: 'jobId',
        path: 'id',
        finalOfPoll: false,
      }).note,
    ).toMatch(/no poll settings \(ai\.text2image\.poll\)/);
    expect(() =>
      teachProfile(sandboxProfile, {
        builtin: true,
        takenIds: [],
        operation: 'text2image',
        role: 'media',
        path: 'a..b',
        finalOfPoll: false,
      }),
    ).toThrow(TeachError);
    expect(() =>
      teachProfile(sandboxProfile, {
        builtin: true,
        takenIds: [],
        operation: 'text2image',
        role: 'media',
        path: 'a..b',
        finalOfPoll: false,
      }),
    ).toThrow(/"a\.\.b" is not a field path/);
  });
});

describe('lineDiff', () => {
  it('marks removed and added lines and keeps a little context', () => {
    const before = [
      '{',
      '  "a": 1,',
      '  "b": 2,',
      '  "c": 3,',
      '  "d": 4,',
      '  "e": 5,',
      '  "f": 6,',
      '  "g": 7',
      '}',
    ].join('\n');
    const after = before.replace('"b": 2', '"b": 20');
    expect(lineDiff(before, after, 1)).toEqual(['…', '    "a": 1,', '-   "b": 2,', '+   "b": 20,', '    "c": 3,', '…']);
    expect(lineDiff(before, `${before}\n`, 0)).toEqual(['…', '+ ']);
    expect(lineDiff('x', 'x')).toEqual(['…']);
  });

  it('the diff of a taught profile shows the mapping and the new id', () => {
    const t = teachProfile(sandboxProfile, {
      builtin: true,
      takenIds: [],
      operation: 'text2image',
      role: 'media',
      path: 'result.pixels',
      finalOfPoll: false,
    });
    const diff = lineDiff(JSON.stringify(sandboxProfile, null, 2), JSON.stringify(t.profile, null, 2));
    const changed = diff.filter((l) => l.startsWith('+ ') || l.startsWith('- '));
    expect(changed).toContain('-   "id": "sandbox",');
    expect(changed).toContain('+   "id": "sandbox-custom",');
    expect(changed.some((l) => /^\+ +"result\.pixels"$/.test(l))).toBe(true);
    // Only the id, the name, and the bracket before the new "response" (it gains a comma) go.
    expect(changed.filter((l) => l.startsWith('- '))).toEqual([
      '-   "id": "sandbox",',
      '-   "name": "Sandbox",',
      '-       ]',
    ]);
  });
});
