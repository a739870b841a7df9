import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppException } from '../../errors';
import { parseOpenApi } from './parse-document';
import { propertiesOf } from './schema-walk';

const fixture = (name: string) =>
  fs.readFileSync(path.join(__dirname, '../../../../../test/fixtures/openapi', name), 'utf8');

async function refusal(text: string, label = 'doc.yaml'): Promise<AppException> {
  const e = await parseOpenApi(text, label).then(
    () => null,
    (err: unknown) => err,
  );
  if (!(e instanceof AppException)) throw new Error(`expected a refusal, got ${String(e)}`);
  return e;
}

const minimal = (extra: Record<string, unknown> = {}) => ({
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {},
  ...extra,
});

describe('parseOpenApi', () => {
  it('names the line and column of bad YAML', async () => {
    const e = await refusal(fixture('malformed.yaml'), 'malformed.yaml');
    expect(e.error).toMatchObject({
      code: 'validation',
      message: 'malformed.yaml is not valid JSON or YAML at line 9, column 6: bad indentation of a mapping entry.',
    });
    expect(e.error.hint).toContain('no profile was changed');
  });

  it('names the line and column of bad JSON', async () => {
    const e = await refusal('{\n  "openapi": "3.1.0",\n  "paths": {,}\n}', 'api.json');
    expect(e.error.message).toMatch(/^api\.json is not valid JSON or YAML at line 3, column \d+/);
  });

  it('refuses a $ref loop that never reaches a schema, naming the pointers', async () => {
    const e = await refusal(fixture('cyclic-ref.json'), 'cyclic-ref.json');
    expect(e.error.message).toBe(
      'cyclic-ref.json has a $ref loop that never reaches a schema: ' +
        '#/components/schemas/Login → #/components/schemas/Credentials → #/components/schemas/Login.',
    );
  });

  it('reads a recursive schema (a tree of folders), which is valid OpenAPI', async () => {
    const folder = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        children: { type: 'array', items: { $ref: '#/components/schemas/Folder' } },
      },
    };
    const doc = minimal({
      paths: {
        '/folders': {
          get: {
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Folder' } } },
              },
            },
          },
        },
      },
      components: { schemas: { Folder: folder } },
    });
    const parsed = await parseOpenApi(JSON.stringify(doc), 'tree.json');
    expect(propertiesOf(parsed.components?.schemas?.Folder).map(([n]) => n)).toEqual(['name', 'children']);
  });

  it('names the JSON pointer of a part that breaks the OpenAPI schema', async () => {
    const doc = minimal({ paths: { '/a': { get: { responses: { '200': { description: 5 } } } } } });
    const e = await refusal(JSON.stringify(doc), 'api.json');
    expect(e.error.message).toContain('api.json does not follow OpenAPI 3.1.0 at #/paths/~1a/get/responses/200');
  });

  it('says what a $ref points at when the document lacks it', async () => {
    const doc = minimal({
      paths: { '/a': { get: { responses: { '200': { $ref: '#/components/responses/Nope' } } } } },
    });
    const e = await refusal(JSON.stringify(doc));
    expect(e.error.message).toContain('#/components/responses/Nope');
  });

  it('refuses Swagger 2.0, other versions, and things that are not OpenAPI at all', async () => {
    expect(
      (await refusal('{"swagger": "2.0", "info": {"title": "x", "version": "1"}, "paths": {}}')).error.message,
    ).toContain('Swagger 2.0');
    expect(
      (await refusal('{"openapi": "4.0.0", "info": {"title": "x", "version": "1"}, "paths": {}}')).error.message,
    ).toContain('Atelier reads OpenAPI 3.0 and 3.1');
    expect((await refusal('just some words')).error.message).toBe(
      'doc.yaml is not an OpenAPI document (no "openapi" version and "paths").',
    );
  });

  it('refuses a small YAML file whose aliases expand to billions of values, at once', async () => {
    const lines = [
      'openapi: 3.0.3',
      'info: {title: x, version: "1"}',
      'paths: {}',
      'x-0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]',
    ];
    for (let i = 1; i < 10; i++)
      lines.push(
        `x-${i}: &a${i} [${Array(10)
          .fill(`*a${i - 1}`)
          .join(', ')}]`,
      );
    const started = Date.now();
    const e = await refusal(lines.join('\n'), 'laughs.yaml');
    expect(e.error.message).toBe(
      'laughs.yaml expands to more than 4,000,000 values (YAML aliases repeat parts of it); ' +
        'Atelier does not read documents that large.',
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('never reads another file a $ref names', async () => {
    const doc = minimal({
      paths: {
        '/a': {
          get: {
            responses: {
              '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '/etc/passwd#/x' } } } },
            },
          },
        },
      },
    });
    const parsed = await parseOpenApi(JSON.stringify(doc), 'api.json');
    expect(JSON.stringify(parsed.paths)).toContain('/etc/passwd#/x');
  });
});
