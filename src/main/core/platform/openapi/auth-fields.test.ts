import { describe, expect, it } from 'vitest';
import { proposeAuthRequests } from './auth-fields';
import { findAuthOperations } from './auth-operations';
import { contextOf, json, obj } from './test-context';

const post = (body: unknown) => ({ post: { requestBody: json(body), responses: { '200': { description: 'ok' } } } });

describe('auth request fields', () => {
  it('finds auth operations by path words, sends constants the body requires, names what it cannot fill', async () => {
    const ctx = await contextOf({
      paths: {
        '/auth/sign-in': post(
          obj(
            {
              email: { type: 'string' },
              password: { type: 'string' },
              grant_type: { type: 'string', enum: ['password'] },
              otp: { type: 'string' },
            },
            ['email', 'password', 'grant_type', 'otp'],
          ),
        ),
        '/auth/refresh': post(
          obj({ refreshToken: { type: 'string' }, client_id: { type: 'string' }, client_secret: { type: 'string' } }),
        ),
      },
    });
    const ops = findAuthOperations(ctx);
    const auth = proposeAuthRequests(ctx, ops);
    expect(auth.login).toEqual({
      path: '/auth/sign-in',
      usernameField: 'email',
      passwordField: 'password',
      clientIdField: null,
      extra: { grant_type: 'password' },
    });
    expect(auth.refresh).toMatchObject({ path: '/auth/refresh', refreshTokenField: 'refreshToken' });
    expect(auth.validate).toEqual({ path: '/user/token/validate', tokenField: 'token' });
    expect(ctx.findings.guessed.map((g) => g.field)).toEqual(['auth.login.path', 'auth.refresh.path']);
    expect(ctx.findings.missing).toContainEqual({
      field: 'auth.login.extra',
      note: '"otp" (POST /auth/sign-in request body) is required and Atelier has no value for it',
    });
    expect(ctx.findings.missing.map((m) => m.field)).toContain('auth.validate.path');
  });

  it('takes the one string property left as the username, and says it guessed', async () => {
    const ctx = await contextOf({
      paths: { '/user/login': post(obj({ principal: { type: 'string' }, password: { type: 'string' } })) },
    });
    const auth = proposeAuthRequests(ctx, findAuthOperations(ctx));
    expect(auth.login.usernameField).toBe('principal');
    expect(ctx.findings.guessed).toContainEqual({
      field: 'auth.login.usernameField',
      note: '"principal" (POST /user/login request body): the one string property left',
    });
  });
});
