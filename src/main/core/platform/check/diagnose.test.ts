import { describe, expect, it } from 'vitest';
import { sandboxProfile } from '../builtin-profiles';
import { diagnose, sharedCause, type Line } from './diagnose';
import { credentialRefused, failed, pass, type Verdict } from './verdict';

const auth = sandboxProfile.auth;
const mk = (id: string, credentialed: boolean, status: number | null, verdict: Verdict): Line => ({
  id,
  section: id.startsWith('group') ? 'groups' : id.startsWith('ai') ? 'ai' : 'auth',
  label: id,
  request: null,
  credentialed,
  answer:
    status === null
      ? null
      : { status, body: null, words: status === 401 ? 'access token is not valid' : null, problem: null },
  verdict,
});
const refused = (id: string, kind: 'token' | 'apiKey' = 'token') =>
  mk(id, true, 401, credentialRefused({ status: 401, body: null, words: null, problem: null }, kind));
const ok = (id: string, credentialed = true) => mk(id, credentialed, 200, pass('fine'));

describe('one cause behind several failures', () => {
  it('every credentialed request refused while validation accepted the token: the scheme, said once', () => {
    const { lines, diagnosis } = diagnose(
      [ok('validate', false), ok('login', false), refused('group.assets'), refused('ai.text2image')],
      'token',
      auth,
    );
    expect(diagnosis?.field).toBe('auth.scheme');
    expect(diagnosis?.message).toContain(
      'header on 2 requests and accepted it on none, while the validate endpoint accepted the same credential ' +
        'and sign-in worked',
    );
    expect(diagnosis?.message).toContain('prefix "Bearer "');
    expect(diagnosis?.message).toContain('“access token is not valid”');
    expect(lines.filter((l) => l.verdict.field === 'auth.scheme')).toHaveLength(2);
  });

  it('an API key refused everywhere points at the API key scheme', () => {
    expect(
      diagnose([refused('group.assets', 'apiKey'), refused('apiKey', 'apiKey')], 'apiKey', auth).diagnosis?.field,
    ).toBe('auth.apiKeyScheme');
  });

  it('refused on some requests while others pass: not the scheme, and no field to change', () => {
    const { lines, diagnosis } = diagnose([ok('group.assets'), refused('group.posts')], 'token', auth);
    expect(diagnosis).toBeNull();
    const posts = lines.find((l) => l.id === 'group.posts');
    expect(posts?.verdict).toMatchObject({
      outcome: 'fail',
      field: null,
      summary: expect.stringContaining('other requests with the same credential passed'),
    });
  });

  it('a 400 to an empty AI body proves nothing about the header: still the scheme', () => {
    const bodyFirst = mk('ai.text2image', true, 400, pass('Reachable'));
    const { lines, diagnosis } = diagnose([bodyFirst, refused('group.assets'), refused('group.posts')], 'token', auth);
    expect(diagnosis?.field).toBe('auth.scheme');
    expect(lines.filter((l) => l.verdict.field === 'auth.scheme')).toHaveLength(2);
  });

  it('lines not sent do not count', () => {
    const notSent = mk('group.posts', true, null, { outcome: 'skip', summary: 'x', field: null, hint: null });
    expect(diagnose([notSent, refused('group.assets')], 'token', auth).diagnosis?.field).toBe('auth.scheme');
    expect(diagnose([notSent], 'token', auth).diagnosis).toBeNull();
  });

  it('several lines failing on one field share it; a single failure does not', () => {
    const things = (id: string) => mk(id, true, 200, failed(`no list at "things" (${id})`, 'records.itemsField'));
    expect(sharedCause([things('group.assets'), things('group.posts'), ok('validate')])).toEqual({
      message: '2 checks fail for the same reason: no list at "things" (group.assets)',
      field: 'records.itemsField',
    });
    expect(sharedCause([things('group.assets'), ok('validate')])).toBeNull();
    expect(diagnose([things('group.assets'), things('group.posts')], null, auth).diagnosis?.field).toBe(
      'records.itemsField',
    );
  });
});
