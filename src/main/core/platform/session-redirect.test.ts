// fetch drops Authorization when a redirect leaves the origin, but not a header of the platform's
// own name: with such a scheme a redirect is refused in words, and the other host sees nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { call, coreWithSandbox, type Harness } from '../../../../test/support/core-with-sandbox';
import { AppException } from '../errors';
import { sandboxProfile } from './builtin-profiles';
import { startServer, type TestServer } from './http/test-server';

let h: Harness | undefined;
const servers: TestServer[] = [];
afterEach(async () => {
  await h?.stop();
  h = undefined;
  while (servers.length) await servers.pop()?.close();
});

/** A profile of the sandbox's shape whose credential goes in a header of the platform's own name. */
function ownHeaderProfile(id: string, name: string) {
  return {
    ...sandboxProfile,
    id,
    name,
    embeddedSandbox: false,
    baseUrl: null,
    auth: { ...sandboxProfile.auth, scheme: { header: 'X-Auth-Token', prefix: '' } },
  };
}

describe('redirects and the platform’s own credential header', () => {
  it('a redirect to another address is refused, and the credential never reaches it', async () => {
    const elsewhere = await startServer((_req, res) => res.end('{}'));
    const platform = await startServer((req, res) => {
      if (req.url === '/user/login') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ access_token: 'tok-secret-1', refresh_token: 'ref-1', expires_in: 900 }));
      } else {
        res.writeHead(302, { location: `${elsewhere.url}/steal` });
        res.end();
      }
    });
    servers.push(elsewhere, platform);
    h = await coreWithSandbox();
    const profile = ownHeaderProfile('custom-header', 'Custom header');
    await call(h, 'profile.import', { json: JSON.stringify(profile) });
    await call(h, 'profile.select', { id: 'custom-header', baseUrl: platform.url, clientId: 'c', clientSecret: 's' });
    await call(h, 'session.signIn', { username: 'u', password: 'p' });
    const error = await h.core.session.request({ method: 'GET', url: `${platform.url}/v2/assets` }).then(
      () => null,
      (e: unknown) => (e instanceof AppException ? e.error : e),
    );
    expect(error).toMatchObject({
      code: 'unavailable',
      status: 302,
      message: expect.stringContaining('does not follow a redirect with your credentials'),
    });
    expect(elsewhere.hits).toHaveLength(0);
    expect(platform.hits.at(-1)?.headers['x-auth-token']).toBe('tok-secret-1');
  });
});

describe('secrets a platform echoes back', () => {
  it('a refusal that repeats the password, the client secret or the token never carries them', async () => {
    const platform = await startServer((req, res, hit) => {
      const sent = JSON.parse(hit.body.toString() || '{}') as Record<string, string>;
      res.setHeader('content-type', 'application/json');
      if (req.url === '/user/login' && sent.password === 'right-password-1') {
        res.end(JSON.stringify({ access_token: 'tok-secret-1', refresh_token: 'ref-secret-1', expires_in: 900 }));
        return;
      }
      res.statusCode = 401;
      const echoed =
        req.url === '/user/login'
          ? sent.password
          : req.url === '/user/token/refresh'
            ? `${sent.refresh_token} / ${sent.client_secret}`
            : String(req.headers['x-auth-token']);
      res.end(JSON.stringify({ error: { message: `refused: ${echoed}` } }));
    });
    servers.push(platform);
    h = await coreWithSandbox();
    const profile = ownHeaderProfile('echo', 'Echo');
    await call(h, 'profile.import', { json: JSON.stringify(profile) });
    await call(h, 'profile.select', {
      id: 'echo',
      baseUrl: platform.url,
      clientId: 'client-1',
      clientSecret: 'client-secret-value-1',
    });
    const wrong = await h.core.dispatch('session.signIn', { username: 'u', password: 'wrong-password-1' });
    expect(JSON.stringify(wrong)).not.toContain('wrong-password-1');
    await call(h, 'session.signIn', { username: 'u', password: 'right-password-1' });
    const refused = await h.core.session.request({ method: 'GET', url: `${platform.url}/v2/assets` }).then(
      () => null,
      (e: unknown) => (e instanceof AppException ? e.error : e),
    );
    const shown = JSON.stringify([refused, await call(h, 'session.get', {})]);
    for (const secret of ['tok-secret-1', 'ref-secret-1', 'client-secret-value-1']) expect(shown).not.toContain(secret);
    expect(shown).toContain('refused: ');
  });
});
