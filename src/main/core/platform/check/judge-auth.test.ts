import { describe, expect, it } from 'vitest';
import { sandboxProfile } from '../builtin-profiles';
import type { Answer } from './answer';
import {
  expiryNote,
  guessField,
  inWords,
  judgeLogin,
  judgeRefresh,
  judgeTokenAnswer,
  judgeValidate,
} from './judge-auth';

const auth = sandboxProfile.auth;
const NOW = Date.parse('2026-01-01T00:00:00Z');
const ans = (status: number | null, body: unknown = null, words: string | null = null): Answer => ({
  status,
  body,
  words,
  problem: status === null ? { code: 'offline', message: 'The platform cannot be reached.' } : null,
});
const pair = { access_token: 'a'.repeat(20), refresh_token: 'r'.repeat(20), expires_in: 5 };

describe('token answers (login and refresh)', () => {
  it.each([
    ['both tokens and an expiry', pair, 'pass', null, 'expires in 5 s, read from "expires_in"'],
    [
      'no access token',
      { token_type: 'Bearer', refresh_token: 'r' },
      'fail',
      'auth.responseFields.accessToken',
      'had: token_type, refresh_token',
    ],
    [
      'no refresh token',
      { access_token: 'a' },
      'fail',
      'auth.responseFields.refreshToken',
      'no refresh token at "refresh_token"',
    ],
    [
      'an access token that is not text',
      { access_token: 5, refresh_token: 'r' },
      'fail',
      'auth.responseFields.accessToken',
      'no access token',
    ],
    ['a list instead of an object', [pair], 'fail', 'auth.responseFields.accessToken', 'a list, not an object'],
  ])('%s', (_name, body, outcome, field, words) => {
    const v = judgeTokenAnswer(ans(200, body), auth, NOW, 'sign-in');
    expect(v).toMatchObject({ outcome, field });
    expect(v.summary).toContain(words);
  });

  it('accepts an answer without a refresh token when the profile names none', () => {
    const { refreshToken: _none, ...fields } = auth.responseFields;
    const v = judgeTokenAnswer(ans(200, { access_token: 'a' }), { ...auth, responseFields: fields }, NOW, 'refresh');
    expect(v).toMatchObject({
      outcome: 'pass',
      summary: expect.stringContaining('no refresh token (the profile names none)'),
    });
  });
});

describe('expiry in words', () => {
  it.each([
    [{ expires_at: '2026-01-01T00:15:00Z' }, 'expires in 15 min, read from "expires_at"'],
    [{ data: { exp: NOW / 1000 + 7200 } }, 'no expiry found'],
    [{ exp: NOW / 1000 + 7200 }, 'expires in 2 h, read from "exp"'],
    [{ expires_in: 'soon' }, 'no expiry found at "expires_at", "expiresAt", "exp", "expires_in", "expiresIn"'],
  ])('%j', (body, words) => {
    expect(expiryNote(body, auth, NOW)).toContain(words);
  });

  it('says when the profile names no expiry at all', () => {
    const { expiresAt: _a, expiresIn: _i, ...fields } = auth.responseFields;
    expect(expiryNote({}, { ...auth, responseFields: fields }, NOW)).toContain('names no expiry field');
  });

  it.each([
    [5_000, '5 s'],
    [900_000, '15 min'],
    [3 * 3_600_000, '3 h'],
    [30 * 86_400_000, '30 days'],
  ])('%i ms is %s', (ms, words) => expect(inWords(ms)).toBe(words));
});

describe('the login line', () => {
  it.each([
    ['a 400 naming the username', ans(400, {}, 'username: Invalid input'), 'auth.login.usernameField'],
    ['a 422 naming the password', ans(422, {}, 'field "password" is required'), 'auth.login.passwordField'],
    ['a 400 naming the client', ans(400, {}, 'client_id: required'), 'auth.login.clientIdField'],
    ['a 400 naming nothing known', ans(400, {}, 'bad request'), 'auth.login'],
    ['a 404', ans(404, {}, 'no endpoint'), 'auth.login.path'],
    ['a 401 (the login itself)', ans(401, {}, 'username or password is incorrect'), null],
    ['a 500', ans(500), null],
    ['no answer', ans(null), null],
  ])('%s fails and names %s', (_name, a, field) => {
    expect(judgeLogin(a, auth, NOW)).toMatchObject({ outcome: 'fail', field });
  });

  it('a refused client gets the client-credentials hint, a refused password the login hint', () => {
    expect(judgeLogin(ans(401, {}, 'client_id is not a registered client'), auth, NOW).hint).toContain(
      'client ID and client secret',
    );
    expect(judgeLogin(ans(401, {}, 'username or password is incorrect'), auth, NOW).hint).toContain(
      'Check the login and password',
    );
  });

  it('a 429 is not judged', () => {
    expect(judgeLogin(ans(429), auth, NOW).outcome).toBe('skip');
  });

  it('a 2xx with tokens passes', () => {
    expect(judgeLogin(ans(200, pair), auth, NOW).outcome).toBe('pass');
  });
});

describe('the validate line', () => {
  const inHeader = { ...auth, validate: { ...auth.validate, tokenField: null } };
  it.each([
    ['valid', auth, ans(200, { valid: true }), 'token', 'pass', null],
    ['"valid" written as text', auth, ans(200, { active: 'true' }), 'token', 'pass', null],
    ['no validity field', auth, ans(200, { ok: 1 }), 'token', 'fail', 'auth.responseFields.valid'],
    ['invalid, sent in the body', auth, ans(200, { valid: false }), 'token', 'fail', null],
    ['invalid, sent in the header', inHeader, ans(200, { valid: false }), 'token', 'fail', 'auth.scheme'],
    ['invalid API key in the header', inHeader, ans(200, { valid: false }), 'apiKey', 'fail', 'auth.apiKeyScheme'],
    ['401 with the token in the body', auth, ans(401), 'token', 'fail', 'auth.validate.tokenField'],
    ['401 with the token in the header', inHeader, ans(401), 'token', 'fail', 'auth.scheme'],
    ['400 (the body)', auth, ans(400, {}, 'send the token'), 'token', 'fail', 'auth.validate.tokenField'],
    ['404', auth, ans(404), 'token', 'fail', 'auth.validate.path'],
  ] as const)('%s', (_name, a, answer, kind, outcome, field) => {
    expect(judgeValidate(answer, a, kind)).toMatchObject({ outcome, field });
  });

  it('without a validity field in the profile, a 2xx counts', () => {
    const { valid: _v, ...fields } = auth.responseFields;
    expect(judgeValidate(ans(200, {}), { ...auth, responseFields: fields }, 'token').outcome).toBe('pass');
  });
});

describe('the refresh line', () => {
  it('a refusal quotes the platform and suspects the client secret', () => {
    const v = judgeRefresh(ans(401, {}, 'refresh token expired'), auth, NOW);
    expect(v).toMatchObject({ outcome: 'fail', field: null });
    expect(v.summary).toBe('The platform refused the refresh: refresh token expired; the client secret may be wrong.');
    expect(v.hint).toContain('sign in again');
  });

  it.each([
    ['client_secret: Required', 'auth.refresh.clientSecretField'],
    ['client_id: Required', 'auth.refresh.clientIdField'],
    ['refresh_token: Required', 'auth.refresh.refreshTokenField'],
    ['grant type missing', 'auth.refresh.refreshTokenField'],
    ['bad request', 'auth.refresh'],
  ])('a 400 saying "%s" names %s', (words, field) => {
    expect(judgeRefresh(ans(400, {}, words), auth, NOW)).toMatchObject({ outcome: 'fail', field });
  });

  it('a joined renewal passes without an answer; a 2xx is read like a sign-in answer', () => {
    expect(judgeRefresh(null, auth, NOW).outcome).toBe('pass');
    expect(judgeRefresh(ans(200, { access_token: 'a' }), auth, NOW)).toMatchObject({
      outcome: 'fail',
      field: 'auth.responseFields.refreshToken',
    });
    expect(judgeRefresh(ans(404), auth, NOW)).toMatchObject({ outcome: 'fail', field: 'auth.refresh.path' });
  });
});

describe('guessing the field a platform names', () => {
  it('takes the first candidate the words match, else the fallback', () => {
    const candidates: [string, RegExp][] = [
      ['a', /alpha/],
      ['b', /beta/],
    ];
    expect(guessField('beta and alpha', candidates, 'z')).toBe('a');
    expect(guessField('gamma', candidates, 'z')).toBe('z');
    expect(guessField(null, candidates, 'z')).toBe('z');
  });
});
