import { describe, expect, it } from 'vitest';
import { proposeGroups } from './propose-groups';
import { proposeRecords } from './propose-records';
import { contextOf, json, obj } from './test-context';

const ok = (schema: unknown = { type: 'object' }) => ({ '200': { description: 'ok', ...json(schema) } });
const crud = () => ({ get: { responses: ok() }, post: { requestBody: json({ type: 'object' }), responses: ok() } });

describe('proposeGroups', () => {
  it('takes a collection by its path, renames its record parameter to {id}, and prefers PATCH to PUT', async () => {
    const ctx = await contextOf({
      paths: {
        '/api/assets': crud(),
        '/api/assets/{assetId}': {
          get: { responses: ok() },
          put: { responses: ok() },
          patch: { responses: ok() },
          delete: { responses: ok() },
        },
      },
    });
    const { groups } = proposeGroups(ctx);
    expect(groups.assets).toEqual({
      list: { method: 'GET', path: '/api/assets' },
      create: { method: 'POST', path: '/api/assets' },
      get: { method: 'GET', path: '/api/assets/{id}' },
      update: { method: 'PATCH', path: '/api/assets/{id}' },
      delete: { method: 'DELETE', path: '/api/assets/{id}' },
    });
    expect(ctx.findings.found.map((f) => f.field)).toEqual(['groups.assets']);
  });

  it(
    'guesses content plans from "schedules", media templates from "templates", ' +
      'and says a PUT-only update may replace',
    async () => {
      const ctx = await contextOf({
        paths: { '/v2/schedules': crud(), '/v2/templates': crud(), '/v2/templates/{id}': { put: { responses: ok() } } },
      });
      const { groups } = proposeGroups(ctx);
      expect(groups.contentPlans).toMatchObject({ list: { path: '/v2/schedules' } });
      expect(groups.mediaTemplates).toMatchObject({ update: { method: 'PUT', path: '/v2/templates/{id}' } });
      expect(ctx.findings.guessed.map((g) => g.field)).toEqual([
        'groups.contentPlans',
        'groups.mediaTemplates',
        'groups.mediaTemplates.update',
      ]);
    },
  );

  it('guesses a group from the words of its operations when the path says nothing', async () => {
    const ctx = await contextOf({
      paths: {
        '/v2/things': {
          get: { operationId: 'listMediaQueue', responses: ok() },
          post: { summary: 'Add items to the media queue', responses: ok() },
        },
      },
    });
    expect(proposeGroups(ctx).groups.mediaQueue).toMatchObject({ list: { path: '/v2/things' } });
    expect(ctx.findings.guessed[0]?.note).toContain('GET /v2/things is named for it');
  });

  it('leaves a group without create (or with a path it cannot fill) unspecified, saying why', async () => {
    const ctx = await contextOf({
      paths: { '/v2/posts': { get: { responses: ok() } }, '/accounts/{accountId}/creatives': crud() },
    });
    const { groups } = proposeGroups(ctx);
    expect(groups.posts).toBe('unspecified');
    expect(groups.creatives).toBe('unspecified');
    expect(ctx.findings.missing.find((m) => m.field === 'groups.posts')?.note).toBe(
      '/v2/posts has a list but no create (both are needed): "unspecified"',
    );
  });

  it('a create that sends {entries: [...]} is a batch add', async () => {
    const body = obj({ entries: { type: 'array', items: obj({ asset_id: { type: 'string' } }) } });
    const ctx = await contextOf({
      paths: { '/v2/media-queue': { get: { responses: ok() }, post: { requestBody: json(body), responses: ok() } } },
    });
    expect(proposeGroups(ctx).groups.mediaQueue).toMatchObject({ itemsField: 'entries' });
  });
});

describe('proposeRecords', () => {
  it(
    'reads a results page, the limit cap and read-only server fields; ' +
      'what is not there keeps the default and says so',
    async () => {
      const record = obj({
        uuid: { type: 'string' },
        etag: { type: 'string' },
        title: { type: 'string' },
        modified_at: { type: 'string' },
        owner: { type: 'string', readOnly: true },
      });
      const page = obj({ results: { type: 'array', items: record }, next_page_token: { type: 'string' } });
      const ctx = await contextOf({
        paths: {
          '/v2/posts': {
            get: {
              parameters: [
                { name: 'per_page', in: 'query', schema: { type: 'integer', maximum: 50 } },
                { name: 'page_token', in: 'query', schema: { type: 'string' } },
              ],
              responses: ok(page),
            },
            post: { responses: ok() },
          },
        },
      });
      const { lists } = proposeGroups(ctx);
      const records = proposeRecords(ctx, lists);
      expect(records).toMatchObject({
        itemsField: 'results',
        nextCursorField: 'next_page_token',
        hasMoreField: 'has_more',
        sinceParam: 'since',
        cursorParam: 'page_token',
        limitParam: 'per_page',
        pageSize: 50,
        idField: 'uuid',
        versionField: 'etag',
        deletedField: 'deleted',
        serverFields: ['uuid', 'etag', 'modified_at', 'owner'],
      });
      expect(ctx.findings.missing.map((m) => m.field).filter((f) => f.startsWith('records'))).toEqual([
        'records.hasMoreField',
        'records.sinceParam',
        'records.deletedField',
      ]);
    },
  );
});
