import { describe, expect, it } from 'vitest';
import { json } from './reply';
import { Router } from './router';

describe('Router', () => {
  const router = new Router();
  const handler = () => json(200, {});
  router.add(
    { method: 'GET', pattern: '/v2/assets', auth: 'required', handler },
    { method: 'GET', pattern: '/v2/assets/:id', auth: 'required', handler },
    { method: 'DELETE', pattern: '/v2/assets/:id', auth: 'required', handler },
  );

  it('matches literal and parameter segments, ignoring a trailing slash', () => {
    expect(router.match('GET', '/v2/assets/')).toMatchObject({ kind: 'found', name: 'GET /v2/assets' });
    expect(router.match('GET', '/v2/assets/a%20b')).toMatchObject({ kind: 'found', params: { id: 'a b' } });
  });

  it('tells a wrong method from an unknown path', () => {
    expect(router.match('PUT', '/v2/assets/x')).toEqual({ kind: 'method_not_allowed', allow: ['DELETE', 'GET'] });
    expect(router.match('GET', '/v2/assets/x/y')).toEqual({ kind: 'not_found' });
    expect(router.match('GET', '/v2/assets//')).toEqual({ kind: 'not_found' });
  });
});
