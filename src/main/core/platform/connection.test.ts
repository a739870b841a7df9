import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { coreWithSandbox, stopAfterEach, type Harness } from '../../../../test/support/core-with-sandbox';
import { platformProfile, sandboxProfile } from './builtin-profiles';

let h: Harness | undefined;
stopAfterEach(
  () => h,
  () => (h = undefined),
);

describe('connection and profiles', () => {
  it('starts on first run with the sandbox profile and no session', async () => {
    h = await coreWithSandbox();
    expect(await h.core.dispatch('connection.get', {})).toMatchObject({
      ok: true,
      data: { firstRunDone: false, profile: { id: 'sandbox' }, ready: false },
    });
  });

  it('ships a sandbox profile with every group specified and a platform profile with none', async () => {
    h = await coreWithSandbox();
    const list = await h.core.handlers['profile.list']({});
    expect(list.map((p) => [p.id, Object.values(p.groups).filter((g) => g === 'specified').length])).toEqual([
      ['sandbox', 7],
      ['platform', 0],
    ]);
    expect(Object.keys(sandboxProfile.ai)).toHaveLength(8);
    expect(platformProfile.auth.refresh.path).toBe('/user/token/refresh');
  });

  it('"Connect my account" stores the address and client credentials, the secret only encrypted', async () => {
    h = await coreWithSandbox({ consent: true });
    const result = await h.core.dispatch('connection.connectAccount', {
      baseUrl: 'https://api.example.com',
      clientId: 'my-client',
      clientSecret: 'my-client-secret-value-123',
    });
    expect(result).toMatchObject({
      ok: true,
      data: {
        firstRunDone: true,
        profile: { id: 'platform' },
        baseUrl: 'https://api.example.com',
        clientIdSet: true,
        clientSecretSet: true,
      },
    });
    expect(JSON.stringify(result)).not.toContain('my-client-secret-value-123');
    for (const f of fs.readdirSync(h.dataDir, { recursive: true }).map(String)) {
      const p = `${h.dataDir}/${f}`;
      if (fs.statSync(p).isFile()) expect(fs.readFileSync(p).includes('my-client-secret-value-123'), f).toBe(false);
    }
  });

  it.each([
    ['not JSON', '{ nope', 'not valid JSON'],
    [
      'a wrong type deep inside',
      JSON.stringify({
        ...sandboxProfile,
        id: 'mine',
        auth: { ...sandboxProfile.auth, refresh: { ...sandboxProfile.auth.refresh, clientSecretField: 7 } },
      }),
      'auth.refresh.clientSecretField',
    ],
    [
      'a path without a slash',
      JSON.stringify({
        ...sandboxProfile,
        id: 'mine',
        groups: {
          ...sandboxProfile.groups,
          posts: { list: { method: 'GET', path: 'v2/posts' }, create: { method: 'POST', path: '/v2/posts' } },
        },
      }),
      'groups.posts',
    ],
    [
      'an unknown operation',
      JSON.stringify({
        ...sandboxProfile,
        id: 'mine',
        ai: { ...sandboxProfile.ai, text2song: sandboxProfile.ai.text2image },
      }),
      'ai',
    ],
    ['a built-in id', JSON.stringify(sandboxProfile), 'id'],
    ['an unknown field', JSON.stringify({ ...sandboxProfile, id: 'mine', surprise: true }), '(root)'],
  ])('refuses a profile with %s, naming the field', async (_name, json, field) => {
    h = await coreWithSandbox();
    const result = await h.core.dispatch('profile.import', { json });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(`${result.error.message} ${JSON.stringify(result.error.issues ?? [])}`).toContain(field);
    const list = await h.core.dispatch('profile.list', {});
    expect(list.ok && list.data).toHaveLength(2);
  });

  it('imports, lists, exports and selects a custom profile; a new platform signs the old session out', async () => {
    h = await coreWithSandbox();
    await h.core.dispatch('connection.useSandbox', {});
    const custom = {
      ...platformProfile,
      id: 'staging',
      name: 'Staging',
      baseUrl: 'https://staging.example.com',
      groups: sandboxProfile.groups,
    };
    expect(await h.core.dispatch('profile.import', { json: JSON.stringify(custom) })).toMatchObject({
      ok: true,
      data: { id: 'staging', builtin: false },
    });
    const exported = await h.core.handlers['profile.export']({ id: 'staging' });
    expect(JSON.parse(exported.json)).toEqual(custom);
    expect(await h.core.dispatch('profile.select', { id: 'staging' })).toMatchObject({
      ok: true,
      data: { profile: { id: 'staging' }, baseUrl: 'https://staging.example.com' },
    });
    expect(await h.core.dispatch('session.get', {})).toMatchObject({ ok: true, data: { state: 'signed_out' } });
    expect(await h.core.dispatch('profile.select', { id: 'platform' })).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
  });

  it(
    'keeps the session for another profile of the same address, never for another address, ' +
      'even under the same profile',
    async () => {
      h = await coreWithSandbox();
      await h.core.dispatch('connection.useSandbox', {});
      const mine = { ...sandboxProfile, id: 'mine', name: 'Mine', embeddedSandbox: false, baseUrl: h.sandbox.url };
      await h.core.dispatch('profile.import', { json: JSON.stringify(mine) });
      expect(await h.core.dispatch('profile.select', { id: 'mine' })).toMatchObject({
        ok: true,
        data: { ready: true },
      });
      expect(await h.core.dispatch('session.get', {})).toMatchObject({ ok: true, data: { state: 'active' } });
      // The same profile pointed elsewhere: the token must not follow.
      expect(
        await h.core.dispatch('profile.select', { id: 'mine', baseUrl: 'https://elsewhere.example.com' }),
      ).toMatchObject({ ok: true, data: { ready: false } });
      expect(await h.core.dispatch('session.get', {})).toMatchObject({ ok: true, data: { state: 'signed_out' } });
    },
  );

  it('any profile can be chosen: one with no address asks for it along with the client ID and secret', async () => {
    h = await coreWithSandbox({ consent: true });
    const noAddress = {
      ...sandboxProfile,
      id: 'my-dialect',
      name: 'My dialect',
      embeddedSandbox: false,
      baseUrl: null,
    };
    await h.core.handlers['profile.import']({ json: JSON.stringify(noAddress) });
    const missing = await h.core.dispatch('profile.select', { id: 'my-dialect' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'validation', issues: [{ path: 'baseUrl' }] } });
    const half = await h.core.dispatch('profile.select', {
      id: 'my-dialect',
      baseUrl: h.sandbox.url,
      clientId: 'only-the-id',
    });
    expect(half).toMatchObject({ ok: false, error: { code: 'validation', issues: [{ path: 'clientSecret' }] } });
    const chosen = await h.core.dispatch('profile.select', {
      id: 'my-dialect',
      baseUrl: h.sandbox.url,
      clientId: h.sandbox.demo.clientId,
      clientSecret: h.sandbox.demo.clientSecret,
    });
    expect(chosen).toMatchObject({
      ok: true,
      data: {
        profile: { id: 'my-dialect', lastAddress: h.sandbox.url },
        baseUrl: h.sandbox.url,
        clientIdSet: true,
        clientSecretSet: true,
      },
    });
    expect(await h.deps.secrets.get('client.secret')).toBe(h.sandbox.demo.clientSecret);
    // Sign in over it, leave for the sandbox, and come back without typing the address again.
    expect(
      await h.core.dispatch('session.signIn', {
        username: h.sandbox.demo.username,
        password: h.sandbox.demo.password,
      }),
    ).toMatchObject({ ok: true });
    await h.core.handlers['profile.select']({ id: 'sandbox' });
    expect(await h.core.dispatch('profile.select', { id: 'my-dialect' })).toMatchObject({
      ok: true,
      data: { baseUrl: h.sandbox.url },
    });
  });

  it('"Connect my account" takes the profile the user picked; refuses the sandbox or an unknown profile', async () => {
    h = await coreWithSandbox({ consent: true });
    const custom = { ...sandboxProfile, id: 'picked', name: 'Picked', embeddedSandbox: false, baseUrl: null };
    await h.core.handlers['profile.import']({ json: JSON.stringify(custom) });
    const input = {
      baseUrl: h.sandbox.url,
      clientId: h.sandbox.demo.clientId,
      clientSecret: h.sandbox.demo.clientSecret,
    };
    expect(await h.core.dispatch('connection.connectAccount', { ...input, profileId: 'picked' })).toMatchObject({
      ok: true,
      data: { profile: { id: 'picked' }, baseUrl: h.sandbox.url },
    });
    expect(
      await h.core.dispatch('session.signIn', {
        username: h.sandbox.demo.username,
        password: h.sandbox.demo.password,
      }),
    ).toMatchObject({ ok: true, data: { signedIn: true } });
    expect(await h.core.dispatch('connection.connectAccount', { ...input, profileId: 'sandbox' })).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
    expect(await h.core.dispatch('connection.connectAccount', { ...input, profileId: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    // Without a profile the built-in platform profile is used, as before.
    expect(await h.core.dispatch('connection.connectAccount', input)).toMatchObject({
      ok: true,
      data: { profile: { id: 'platform' } },
    });
  });
});
