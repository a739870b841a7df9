import { describe, expect, it } from 'vitest';
import { proposeSchemes } from './security-scheme';
import { contextOf } from './test-context';

const withSchemes = (securitySchemes: Record<string, unknown>, security?: Record<string, string[]>[]) =>
  contextOf({ components: { securitySchemes }, ...(security ? { security } : {}) });

describe('proposeSchemes', () => {
  it('http bearer → "Bearer "; http with another scheme → that scheme and a space', async () => {
    expect(proposeSchemes(await withSchemes({ b: { type: 'http', scheme: 'bearer' } })).scheme).toEqual({
      header: 'Authorization',
      prefix: 'Bearer ',
    });
    const ctx = await withSchemes({ t: { type: 'http', scheme: 'Token' } });
    expect(proposeSchemes(ctx).scheme).toEqual({ header: 'Authorization', prefix: 'Token ' });
    expect(ctx.findings.found).toEqual([
      { field: 'auth.scheme', note: '"Token " in Authorization: http scheme "Token" (securitySchemes.t)' },
    ]);
  });

  it('an Authorization-header API key is the bare token, or the prefix its description shows (a guess)', async () => {
    expect(
      proposeSchemes(await withSchemes({ k: { type: 'apiKey', in: 'header', name: 'Authorization' } })).scheme,
    ).toEqual({ header: 'Authorization', prefix: '' });
    const ctx = await withSchemes({
      k: {
        type: 'apiKey',
        in: 'header',
        name: 'Authorization',
        description: 'Send `Authorization: Token <access token>`.',
      },
    });
    expect(proposeSchemes(ctx).scheme).toEqual({ header: 'Authorization', prefix: 'Token ' });
    expect(ctx.findings.guessed.map((g) => g.field)).toContain('auth.scheme');
  });

  it('skips basic auth and uses the scheme the document requires first', async () => {
    const ctx = await withSchemes(
      {
        basic: { type: 'http', scheme: 'basic' },
        a: { type: 'http', scheme: 'Bearer' },
        b: { type: 'http', scheme: 'Token' },
      },
      [{ b: [] }],
    );
    expect(proposeSchemes(ctx).scheme.prefix).toBe('Token ');
  });

  it('a separate API key header becomes the API key scheme', async () => {
    const ctx = await withSchemes({
      bearer: { type: 'http', scheme: 'bearer' },
      ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
    });
    expect(proposeSchemes(ctx)).toEqual({
      scheme: { header: 'Authorization', prefix: 'Bearer ' },
      apiKeyScheme: { header: 'X-API-Key', prefix: '' },
    });
  });

  it('OAuth 2 tokens travel as Bearer (a guess); no scheme at all keeps Bearer and says so', async () => {
    const oauth = await withSchemes({
      o: { type: 'oauth2', flows: { password: { tokenUrl: 'https://x.example/token', scopes: {} } } },
    });
    expect(proposeSchemes(oauth).scheme.prefix).toBe('Bearer ');
    expect(oauth.findings.guessed.map((g) => g.field)).toEqual(['auth.scheme', 'auth.apiKeyScheme']);
    const none = await contextOf({});
    expect(proposeSchemes(none).scheme).toEqual({ header: 'Authorization', prefix: 'Bearer ' });
    expect(none.findings.missing.map((g) => g.field)).toEqual(['auth.scheme', 'auth.apiKeyScheme']);
  });
});
