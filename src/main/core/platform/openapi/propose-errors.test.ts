import { describe, expect, it } from 'vitest';
import { proposeErrors } from './propose-errors';
import { contextOf, json, obj } from './test-context';

describe('proposeErrors', () => {
  it('reads RFC 7807 problems from operation answers, most used first', async () => {
    const problem = obj({
      type: { type: 'string' },
      title: { type: 'string' },
      detail: { type: 'string' },
      status: { type: 'integer' },
    });
    const oauth = obj({ error: { type: 'string' }, error_description: { type: 'string' } });
    const ctx = await contextOf({
      paths: {
        '/a': { get: { responses: { '200': { description: 'ok' }, '404': { description: 'x', ...json(problem) } } } },
        '/b': { get: { responses: { '200': { description: 'ok' }, '422': { description: 'x', ...json(problem) } } } },
        '/user/login': {
          post: { responses: { '200': { description: 'ok' }, '401': { description: 'x', ...json(oauth) } } },
        },
      },
    });
    expect(proposeErrors(ctx)).toEqual({ message: ['detail', 'error_description'], code: ['type', 'error'] });
    expect(ctx.findings.found[0]).toEqual({
      field: 'errors.message',
      note: '"detail" (GET /a answer 404, GET /b answer 422)',
    });
  });

  it('reads a named error response even before any operation uses it', async () => {
    const ctx = await contextOf({
      components: {
        responses: {
          ApiError: {
            description: 'x',
            ...json(obj({ error: obj({ msg: { type: 'string' }, error_code: { type: 'string' } }) })),
          },
        },
      },
    });
    expect(proposeErrors(ctx)).toEqual({ message: ['error.msg'], code: ['error.error_code'] });
  });
});
