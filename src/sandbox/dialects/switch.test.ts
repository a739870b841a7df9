import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCliArgs } from '../cli-args';
import type { Sandbox } from '../server';
import { startSandbox } from '../server';
import { call, login, testSandbox } from '../test-support';

const ALL = ['standard', 'camel', 'problem', 'oauth'];

describe('the dialect switch', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await testSandbox();
  });
  afterAll(() => sandbox.stop());

  const setDialect = (dialect: unknown) => call(sandbox.url, 'PUT', '/_sandbox/dialect', { body: { dialect } });

  it('starts in the standard dialect and lists every dialect', async () => {
    const res = await call(sandbox.url, 'GET', '/_sandbox/dialect');
    expect(res.status).toBe(200);
    expect(res.body.dialect).toBe('standard');
    expect(res.body.dialects.map((d: { name: string }) => d.name)).toEqual(ALL);
    expect(sandbox.getDialect()).toBe('standard');
  });

  it('changes the answers of the next request', async () => {
    const tokens = await login(sandbox);
    const switched = await setDialect('problem');
    expect(switched.status).toBe(200);
    expect(switched.body.dialect).toBe('problem');
    expect(sandbox.getDialect()).toBe('problem');
    try {
      const bearer = await call(sandbox.url, 'GET', '/v2/posts', { token: tokens.access_token });
      expect(bearer.status).toBe(401);
      expect(bearer.headers.get('content-type')).toBe('application/problem+json');
      expect(bearer.body.type).toBe('about:blank#invalid_auth_scheme');
      // Tokens issued in one dialect stay valid in another.
      const raw = await call(sandbox.url, 'GET', '/v2/posts', { authorization: tokens.access_token });
      expect(raw.status).toBe(200);
      expect(raw.body).toEqual({ results: [], next: expect.any(String), more: false });
      const signIn = await call(sandbox.url, 'POST', '/user/login', {
        body: { email: sandbox.demo.username, password: sandbox.demo.password },
      });
      expect(Object.keys(signIn.body).sort()).toEqual(['exp', 'refresh', 'token']);
    } finally {
      sandbox.setDialect('standard');
    }
    expect((await call(sandbox.url, 'GET', '/v2/posts', { token: tokens.access_token })).body.items).toEqual([]);
  });

  it('refuses an unknown dialect with 400 in words and keeps the current one', async () => {
    const res = await setDialect('klingon');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('unknown dialect "klingon"; choose one of standard, camel, problem, oauth');
    expect((await setDialect(3)).status).toBe(400);
    expect(sandbox.getDialect()).toBe('standard');
  });

  it('keeps admin routes in the standard shape and never faults them, whatever the dialect', async () => {
    sandbox.setDialect('oauth');
    try {
      sandbox.faults.set({ path: '/_sandbox/', match: 'prefix', kind: 'error' });
      const res = await call(sandbox.url, 'POST', '/_sandbox/faults', { rawBody: '{"path": ' });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_json');
      expect((await call(sandbox.url, 'GET', '/_sandbox/dialect')).body.dialect).toBe('oauth');
    } finally {
      sandbox.faults.clear();
      sandbox.setDialect('standard');
    }
  });

  it('is refused in words from code too', async () => {
    expect(() => sandbox.setDialect('nope' as never)).toThrow(
      'unknown dialect "nope"; choose one of standard, camel, problem, oauth',
    );
    await expect(startSandbox({ dialect: 'nope' as never })).rejects.toThrow(/unknown dialect "nope"/);
  });
});

describe('--dialect', () => {
  it('chooses the dialect, and an unknown one is refused with the choices', () => {
    expect(parseCliArgs(['--dialect', 'camel'], {})).toEqual({
      help: false,
      options: { port: 4010, dialect: 'camel' },
    });
    expect(parseCliArgs(['--dialect=oauth'], {})).toMatchObject({ options: { dialect: 'oauth' } });
    expect(() => parseCliArgs(['--dialect', 'bogus'], {})).toThrow(
      '--dialect: unknown dialect "bogus"; choose one of standard, camel, problem, oauth',
    );
    expect(() => parseCliArgs(['--dialect'], {})).toThrow(/unknown dialect ""/);
  });
});
