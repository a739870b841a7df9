import { describe, expect, it } from 'vitest';
import { aiOperations, parseProfile, resourceGroups, type PlatformProfileInput } from './profile';

// A profile's two shorthands, `aiDefaults` and `{"collection": base}` groups, read exactly as the
// same profile written out in full; what they get wrong is named at their own place.

const template = { model_id: '{{model_id}}', image: { data: '{{media.base64}}' } };
const response = { media: ['out.files'], mediaEncoding: 'data-url' as const, text: ['out.text'] };
const poll = { path: '/jobs/{id}', statusField: ['state'], doneValues: ['done'] };

function head(): Omit<PlatformProfileInput, 'ai' | 'groups'> {
  return {
    id: 'acme',
    name: 'Acme',
    baseUrl: null,
    embeddedSandbox: false,
    auth: {
      scheme: { header: 'Authorization', prefix: 'Bearer ' },
      apiKeyScheme: { header: 'Authorization', prefix: 'Bearer ' },
      login: { path: '/login', usernameField: 'user', passwordField: 'pass', clientIdField: null },
      validate: { path: '/validate', tokenField: null },
      refresh: { path: '/refresh', refreshTokenField: 'rt', clientIdField: 'cid', clientSecretField: 'cs' },
      responseFields: { accessToken: ['token'] },
    },
  };
}

function crud(base: string) {
  const item = `${base.replace(/\/$/, '')}/{id}`;
  return {
    list: { method: 'GET', path: base },
    create: { method: 'POST', path: base },
    get: { method: 'GET', path: item },
    update: { method: 'PATCH', path: item },
    delete: { method: 'DELETE', path: item },
  } as const;
}

/** A text operation states its own media and template in both forms. */
const textOp = (op: string) => ({
  path: `/ai/${op}`,
  media: 'none',
  template: { model_id: '{{model_id}}', image: { prompt: '{{prompt}}' } },
  models: ['m'],
});
const isText = (op: string) => op.startsWith('text2');

const fullAi = Object.fromEntries(
  aiOperations.map((op) => [
    op,
    isText(op)
      ? { ...textOp(op), response, poll }
      : { path: `/ai/${op}`, media: 'base64', template, models: ['m'], response, poll },
  ]),
);

const shortAi = Object.fromEntries(
  aiOperations.map((op) => [op, isText(op) ? textOp(op) : { path: `/ai/${op}`, models: ['m'] }]),
);

function parsed(raw: unknown) {
  const result = parseProfile(raw);
  if (!result.success) throw new Error(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  return result.data;
}

function refusal(raw: unknown) {
  const result = parseProfile(raw);
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('profile shorthands', () => {
  const others = Object.fromEntries(resourceGroups.map((g) => [g, 'unspecified']));
  const full = { ...head(), ai: fullAi, groups: { ...others, posts: crud('/posts'), assets: crud('/v1/assets/') } };
  const short = {
    ...head(),
    aiDefaults: { media: 'base64', template, response, poll },
    ai: shortAi,
    groups: { ...others, posts: { collection: '/posts' }, assets: { collection: '/v1/assets/' } },
  };

  it('reads aiDefaults and collection groups exactly as the profile written out in full', () => {
    expect(parsed(short)).toEqual(parsed(full));
    expect(parsed(short)).not.toHaveProperty('aiDefaults');
    expect(parsed(short).groups.assets).toMatchObject({ get: { path: '/v1/assets/{id}' } });
  });

  it("keeps an operation's own field whole: its response replaces the default one, never merges", () => {
    const own = { media: ['image.url'] };
    const p = parsed({ ...short, ai: { ...shortAi, image2text: { ...shortAi.image2text, response: own } } });
    expect(p.ai.image2text.response).toEqual({ ...own, mediaEncoding: 'auto', failedValues: expect.any(Array) });
    expect(p.ai.image2text.response?.text).toBeUndefined();
    expect(p.ai.image2image.response?.text).toEqual(['out.text']);
  });

  it('lets a collection group replace an endpoint, leave one out with null, and keep its own fields', () => {
    const posts = { collection: '/posts', update: { method: 'PUT', path: '/posts/{id}/edit' }, delete: null };
    const queue = { collection: '/queue', get: null, update: null, delete: null, itemsField: 'items' };
    const p = parsed({ ...short, groups: { ...others, posts, mediaQueue: queue } });
    expect(p.groups.posts).toEqual({ ...crud('/posts'), update: posts.update, delete: undefined });
    expect(p.groups.posts).not.toHaveProperty('delete');
    expect(p.groups.mediaQueue).toEqual({
      list: crud('/queue').list,
      create: crud('/queue').create,
      itemsField: 'items',
    });
  });

  it('names the shorthand at fault', () => {
    expect(refusal({ ...short, aiDefaults: { response: { mediaEncoding: 'hex' } } })[0]).toMatch(
      /^aiDefaults\.response\.mediaEncoding: /,
    );
    expect(refusal({ ...short, aiDefaults: { models: ['m'] } })[0]).toMatch(/^aiDefaults: .*models/);
    expect(refusal({ ...short, aiDefaults: 'base64' })[0]).toMatch(/^aiDefaults: /);
    expect(refusal({ ...short, groups: { ...others, posts: { collection: 'posts' } } })[0]).toBe(
      'groups.posts.collection: must start with "/"',
    );
    expect(refusal({ ...short, groups: { ...others, posts: { collection: 7 } } })[0]).toMatch(
      /^groups\.posts\.collection: /,
    );
  });

  it('still wants what no default gave: an operation without media or template is refused by name', () => {
    const { media: _media, ...noMedia } = short.aiDefaults;
    expect(refusal({ ...short, aiDefaults: noMedia })).toContain(
      'ai.image2image.media: Invalid option: expected one of "base64"|"url"|"none"',
    );
    expect(refusal({ ...short, groups: { ...others, posts: { collection: '/posts', list: null } } })).toEqual([
      'groups.posts.list: Invalid input: expected object, received undefined',
    ]);
    expect(refusal({ ...short, groups: { posts: { collection: '/posts' } } })[0]).toBe(
      'groups.assets: Invalid input: expected "unspecified"; or expected object, received undefined',
    );
  });

  it('reads a profile without shorthands, and any non-object, as before', () => {
    expect(parsed(full).ai.video2text.response).toMatchObject(response);
    for (const raw of [null, 'profile', 42, []]) expect(parseProfile(raw).success).toBe(false);
  });
});
