import { describe, expect, it } from 'vitest';
import raw from './networks-rules.json';
import {
  NETWORK_IDS,
  RULE_PATHS,
  emptyUserRules,
  loadRules,
  loadUserRules,
  networkNames,
  networkRules,
  rulesFor,
  sourcesOf,
} from './networks';

/** A fresh copy of the shipped file, to break one rule at a time. */
function copy(): unknown {
  return structuredClone(raw);
}

/** Sets (or deletes, with `undefined`) the value at a dotted path of a parsed JSON copy. */
function edit(file: unknown, path: string, value: unknown): unknown {
  const keys = path.split('.');
  let node: unknown = file;
  for (const key of keys.slice(0, -1)) {
    if (!node || typeof node !== 'object' || !(key in node)) throw new Error(`no ${key} in ${path}`);
    node = Reflect.get(node, key);
  }
  const last = keys[keys.length - 1] ?? '';
  if (!node || typeof node !== 'object') throw new Error(`no parent for ${path}`);
  if (value === undefined) Reflect.deleteProperty(node, last);
  else Reflect.set(node, last, value);
  return file;
}

function refusal(path: string, value: unknown): string {
  try {
    loadRules(edit(copy(), path, value));
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error(`the schema accepted ${path} = ${JSON.stringify(value)}`);
}

describe('the shipped network rules', () => {
  it('cover the thirteen networks, each with a display name', () => {
    expect(Object.keys(networkRules.networks)).toEqual([...NETWORK_IDS]);
    expect(networkNames['instagram-feed']).toBe('Instagram feed');
    expect(networkNames['youtube-shorts']).toBe('YouTube Shorts');
    expect(networkNames.x).toBe('X');
    expect(networkRules.version).toBeGreaterThanOrEqual(1);
  });

  it.each(NETWORK_IDS)('%s has every rule, each with a listed source checked on 2026-11-25', (id) => {
    const rules = rulesFor(id);
    const found = new Map(sourcesOf(rules).map(([path, source]) => [path.join('.'), source]));
    expect([...found.keys()].sort()).toEqual([...RULE_PATHS].sort());
    for (const source of found.values()) {
      const page = networkRules.sources[source];
      expect(page?.url).toMatch(/^https:\/\//);
      expect(page?.checked).toBe('2026-11-25');
    }
  });

  it('explains every figure a network does not publish', () => {
    const unexplained: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (!node || typeof node !== 'object' || Array.isArray(node)) return;
      if ('source' in node) {
        const empty = Object.entries(node).filter(([, value]) => value === null);
        if (empty.length > 0 && !('note' in node)) unexplained.push(path);
        return;
      }
      for (const [key, child] of Object.entries(node)) walk(child, `${path}.${key}`);
    };
    walk(raw.networks, 'networks');
    expect(unexplained).toEqual([]);
  });

  it('states how each network counts text', () => {
    expect(rulesFor('x').text).toMatchObject({ max: 280, count: 'x-weighted', urlLength: 23 });
    expect(rulesFor('bluesky').text).toMatchObject({ max: 300, count: 'graphemes' });
    expect(rulesFor('mastodon').text).toMatchObject({ count: 'graphemes', urlLength: 23, mentionDomainFree: true });
    expect(rulesFor('threads').text.count).toBe('threads');
    expect(rulesFor('youtube').text.count).toBe('utf8-bytes');
    expect(rulesFor('instagram-feed').text).toMatchObject({ max: 2200, count: 'utf16', urlLength: null });
  });

  it('reads ratios as people write them', () => {
    expect(rulesFor('instagram-feed').image.ratio.min).toEqual({ label: '4:5', value: 0.8 });
    expect(rulesFor('instagram-feed').image.ratio.max).toEqual({ label: '1.91:1', value: 1.91 });
    expect(rulesFor('linkedin').video.ratio.min?.value).toBeCloseTo(1 / 2.4);
  });
});

describe('the rules schema refuses a broken file, naming the rule', () => {
  it('refuses a rule with no source', () => {
    expect(refusal('networks.x.text.source', undefined)).toContain('networks.x.text.source');
    expect(refusal('networks.tiktok.video.fps.source', '')).toMatch(
      /networks\.tiktok\.video\.fps\.source: a rule needs/,
    );
  });

  it('refuses a source that is not listed, and a listed source without its page', () => {
    expect(refusal('networks.bluesky.image.bytes.source', 'nowhere')).toContain(
      'networks.bluesky.image.bytes: source "nowhere" is not listed',
    );
    expect(refusal('sources.x-media.url', 'not a page')).toContain('sources.x-media.url');
    expect(refusal('sources.x-media.checked', undefined)).toContain('sources.x-media.checked');
  });

  it('refuses each kind of impossible range', () => {
    expect(refusal('networks.instagram-reel.video.duration.minMs', 1_000_000)).toContain(
      'networks.instagram-reel.video.duration: minMs 1000000 is above maxMs 900000',
    );
    expect(refusal('networks.x.media.min', 5)).toContain('networks.x.media: min 5 is above max 4');
    expect(refusal('networks.tiktok.video.pixels.minWidth', 5000)).toContain(
      'networks.tiktok.video.pixels: minWidth 5000 is above maxWidth 4096',
    );
    expect(refusal('networks.threads.video.fps.min', 90)).toContain(
      'networks.threads.video.fps: min 90 is above max 60',
    );
    expect(refusal('networks.instagram-feed.image.ratio.min', '2:1')).toContain(
      'networks.instagram-feed.image.ratio: min 2:1 is above max 1.91:1',
    );
  });

  it('refuses negative and fractional sizes, and ratios that are not ratios', () => {
    expect(refusal('networks.bluesky.image.bytes.max', -1)).toMatch(
      /networks\.bluesky\.image\.bytes\.max: cannot be negative/,
    );
    expect(refusal('networks.x.text.max', 280.5)).toMatch(/networks\.x\.text\.max: must be a whole number/);
    expect(refusal('networks.x.video.ratio.max', '3:0')).toContain('networks.x.video.ratio.max: "3:0" is not a ratio');
    expect(refusal('networks.x.video.ratio.min', 'tall')).toContain('"tall" is not a ratio');
  });

  it('refuses an empty figure without a note, and a media rule that contradicts itself', () => {
    expect(refusal('networks.bluesky.text.max', null)).toBe(
      'The network rules file is invalid:\n- networks.bluesky.text: max left empty without a note saying why',
    );
    expect(refusal('networks.x.media.required', true)).toContain(
      'networks.x.media: required must be true exactly when min is above 0',
    );
    expect(refusal('networks.pinterest', undefined)).toContain('networks.pinterest');
  });

  it('accepts the shipped file as it is', () => {
    expect(loadRules(copy()).networks.x.name).toBe('X');
  });
});

describe('user rules for a channel of type Other', () => {
  it('take the same shape without sources', () => {
    const rules = emptyUserRules('My blog');
    expect(rules.name).toBe('My blog');
    expect(rules.text.source).toBe('user');
    expect(rules.video.duration).toEqual({ minMs: null, maxMs: null, source: 'user' });
  });

  it('refuse an impossible range, naming the rule', () => {
    const rules = structuredClone(emptyUserRules('My blog'));
    edit(rules, 'image.ratio', { min: '16:9', max: '1:1' });
    edit(rules, 'video.duration', { minMs: 60_000, maxMs: 30_000 });
    expect(() => loadUserRules(rules)).toThrow(
      'These channel rules are invalid:\n' +
        '- image.ratio: min 16:9 is above max 1:1\n' +
        '- video.duration: minMs 60000 is above maxMs 30000',
    );
  });
});
