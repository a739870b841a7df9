import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  aiOperations,
  defaultErrorFields,
  defaultRecordsFormat,
  parseProfile,
  type PlatformProfile,
} from '../../../../shared/profile';
import { platformProfile, sandboxProfile } from '../builtin-profiles';
import { parseOpenApi } from './parse-document';
import { proposeProfile } from './propose';

const fixture = (name: string) =>
  fs.readFileSync(path.join(__dirname, '../../../../../test/fixtures/openapi', name), 'utf8');

async function propose(name: string) {
  const proposal = proposeProfile(await parseOpenApi(fixture(name), name));
  const parsed = parseProfile(JSON.parse(proposal.json));
  if (!parsed.success) throw new Error(`not a profile: ${parsed.error.message}`);
  return { ...proposal, profile: parsed.data };
}

const fields = (items: { field: string }[]) => items.map((i) => i.field);

describe('a profile proposed from the standard (sandbox) reading, OpenAPI 3.0 YAML', () => {
  it('validates and holds the sandbox auth, errors, groups and records exactly', async () => {
    const { profile } = await propose('standard.yaml');
    expect(profile).toMatchObject({
      id: 'content-creation-platform-sandbox-reading',
      baseUrl: 'http://127.0.0.1:4010',
      embeddedSandbox: false,
    });
    expect(profile.auth).toEqual({
      ...sandboxProfile.auth,
      responseFields: {
        accessToken: ['access_token'],
        refreshToken: ['refresh_token'],
        expiresIn: ['expires_in'],
        expiresAt: ['expires_at'],
        accountId: ['account_id'],
        valid: ['valid'],
      },
      expiry: { expiresIn: 'seconds', expiresAt: 'iso' },
    });
    expect(profile.errors).toEqual({ message: ['error.message'], code: ['error.code'] });
    expect(profile.groups).toEqual(sandboxProfile.groups);
    expect(profile.records).toEqual(defaultRecordsFormat);
  });

  it('reads every AI operation: path, body template, media, models and parameters', async () => {
    const { profile } = await propose('standard.yaml');
    for (const op of aiOperations) {
      const expected = sandboxProfile.ai[op];
      expect(profile.ai[op], op).toMatchObject({
        path: expected.path,
        media: expected.media,
        template: expected.template,
        models: expected.models,
      });
      expect(
        (profile.ai[op].params ?? []).map((p) => p.name),
        op,
      ).toEqual((expected.params ?? []).map((p) => p.name));
    }
    expect(profile.ai.text2image.params?.[0]).toEqual({
      name: 'width',
      label: 'Width (px)',
      type: 'integer',
      min: 16,
      max: 2048,
      default: 512,
    });
    expect(profile.ai.image2image.params?.find((p) => p.name === 'color')).toMatchObject({
      type: 'color',
      default: '#3366ff',
    });
  });

  it('found everything; guessed only the id and the API key scheme; nothing missing', async () => {
    const { found, guessed, missing } = await propose('standard.yaml');
    expect(missing).toEqual([]);
    expect(fields(guessed)).toEqual(['id', 'auth.apiKeyScheme']);
    expect(found).toContainEqual({
      field: 'auth.login.usernameField',
      note: '"username" (POST /user/login request body)',
    });
    expect(found).toContainEqual({ field: 'errors.message', note: '"error.message" (components/responses/Error)' });
    expect(found.find((i) => i.field === 'groups.assets')?.note).toContain('GET /v2/assets/{id}');
  });
});

describe('a profile proposed from the camel reading, OpenAPI 3.1 JSON', () => {
  it('validates and holds the camel fields, Token scheme, data wrappers and page tokens exactly', async () => {
    const { profile } = await propose('camel.json');
    const expected: Pick<PlatformProfile, 'auth' | 'errors' | 'records'> = {
      auth: {
        scheme: { header: 'Authorization', prefix: 'Token ' },
        apiKeyScheme: { header: 'Authorization', prefix: 'Token ' },
        login: { path: '/user/login', usernameField: 'login', passwordField: 'secret', clientIdField: 'clientId' },
        validate: { path: '/user/token/validate', tokenField: 'accessToken' },
        refresh: {
          path: '/user/token/refresh',
          refreshTokenField: 'refreshToken',
          clientIdField: 'clientId',
          clientSecretField: 'clientSecret',
        },
        responseFields: {
          accessToken: ['data.accessToken'],
          refreshToken: ['data.refreshToken'],
          expiresAt: ['data.expiresAt'],
          accountId: ['data.accountId'],
          valid: ['data.valid'],
        },
        expiry: { expiresIn: 'auto', expiresAt: 'iso' },
      },
      errors: { message: ['error.detail'], code: ['error.code'] },
      records: {
        itemsField: 'data.records',
        nextCursorField: 'data.nextCursor',
        hasMoreField: 'data.hasMore',
        sinceParam: 'changedSince',
        cursorParam: 'pageToken',
        limitParam: 'pageSize',
        pageSize: 100,
        idField: 'id',
        versionField: 'revision',
        deletedField: 'isDeleted',
        serverFields: ['id', 'revision', 'isDeleted', 'createdAt', 'updatedAt'],
      },
    };
    expect(profile).toMatchObject({
      ...expected,
      baseUrl: 'https://api.example.com',
      id: 'content-creation-platform-camel-reading',
    });
    expect(profile.auth).toEqual(expected.auth);
    expect(profile.groups).toEqual(sandboxProfile.groups);
    expect(profile.ai.image2text.template).toEqual({
      model_id: '{{model_id}}',
      image: { data: '{{media.base64}}', mimeType: '{{media.mime}}' },
    });
  });

  it('lists the expiry duration as missing (the camel answers have none)', async () => {
    const { missing, found } = await propose('camel.json');
    expect(missing).toEqual([
      { field: 'auth.responseFields.expiresIn', note: 'not in the login, refresh, validate answers; left out' },
    ]);
    expect(found).toContainEqual({
      field: 'auth.scheme',
      note: '"Token " in Authorization: http scheme "Token" (securitySchemes.tokenAuth)',
    });
  });
});

describe('a sparse document (only the auth paths)', () => {
  it('finds the paths, guesses the id, and lists the rest as missing with what is kept', async () => {
    const { profile, found, guessed, missing } = await propose('sparse.yaml');
    expect(fields(found)).toEqual(['name', 'auth.login.path', 'auth.refresh.path', 'auth.validate.path']);
    expect(found[1]).toEqual({ field: 'auth.login.path', note: '"/user/login" (POST /user/login)' });
    expect(fields(guessed)).toEqual(['id']);
    expect(fields(missing)).toEqual([
      'baseUrl',
      'auth.login.clientIdField',
      'auth.login.passwordField',
      'auth.login.usernameField',
      'auth.refresh.refreshTokenField',
      'auth.refresh.clientIdField',
      'auth.refresh.clientSecretField',
      'auth.validate.tokenField',
      'auth.scheme',
      'auth.apiKeyScheme',
      'auth.responseFields',
      'errors.message',
      'errors.code',
      ...aiOperations.map((op) => `ai.${op}`),
      'groups.assets',
      'groups.automations',
      'groups.contentPlans',
      'groups.creatives',
      'groups.mediaQueue',
      'groups.mediaTemplates',
      'groups.posts',
      'records',
    ]);
    expect(missing.find((i) => i.field === 'auth.login.usernameField')?.note).toBe(
      'POST /user/login shows no request body; "username" is kept',
    );
    // What the document does not say stays as the published platform profile has it.
    expect(profile.auth).toEqual(platformProfile.auth);
    expect(profile.errors).toEqual(defaultErrorFields);
    expect(Object.values(profile.groups).every((g) => g === 'unspecified')).toBe(true);
    expect(profile.ai.text2image).toMatchObject({
      path: '/v2/ai/text2image',
      template: platformProfile.ai.text2image.template,
    });
    expect(profile.baseUrl).toBeNull();
  });
});
