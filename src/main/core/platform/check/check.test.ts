import { describe, expect, it } from 'vitest';
import { call, harnesses, listAssets, signInDemo, type Harness } from '../../../../../test/support/core-with-sandbox';
import type { CheckLine, ConnectionCheckResult } from '../../../../shared/connection-check';
import type { PlatformProfile } from '../../../../shared/profile';
import { sandboxProfile } from '../builtin-profiles';

const open = harnesses();

const byId = (r: ConnectionCheckResult) =>
  Object.fromEntries(r.lines.map((l) => [l.id, l])) as Record<string, CheckLine>;
const outcomes = (r: ConnectionCheckResult) => Object.fromEntries(r.lines.map((l) => [l.id, l.outcome]));
const failing = (r: ConnectionCheckResult) => r.lines.filter((l) => l.outcome === 'fail');

async function demo(h: Harness) {
  return { username: h.sandbox.demo.username, password: h.sandbox.demo.password };
}

/** The sandbox profile with one element changed, imported and chosen (same address: the session stays). */
async function variant(h: Harness, id: string, change: (p: PlatformProfile) => void) {
  const p = structuredClone(sandboxProfile);
  p.id = id;
  p.name = `Sandbox (${id})`;
  change(p);
  await call(h, 'profile.import', { json: JSON.stringify(p) });
  await call(h, 'profile.select', { id });
}

async function tokens(h: Harness): Promise<string[]> {
  const raw = await h.deps.secrets.get('session.tokens');
  if (!raw) return [];
  const t = JSON.parse(raw) as { access: string; refresh: string | null };
  return [t.access, ...(t.refresh ? [t.refresh] : [])];
}

describe('connection check against the sandbox', () => {
  it('passes every line of the built-in Sandbox profile; one rotation, no job, only GETs for the groups', async () => {
    const groupMethods = new Set<string>();
    const aiBodies: unknown[] = [];
    const h = await open({
      observe: (method, url, body) => {
        if (!url.pathname.startsWith('/v2/ai') && url.pathname.startsWith('/v2/')) groupMethods.add(method);
        if (url.pathname.startsWith('/v2/ai/')) aiBodies.push(body);
      },
    });
    await signInDemo(h);
    h.sandbox.resetStats();
    groupMethods.clear();
    aiBodies.length = 0;
    const result = await call(h, 'connection.check', { runJobs: false, login: await demo(h) });
    const lines = byId(result);
    expect(failing(result)).toEqual([]);
    expect(result.diagnosis).toBeNull();
    expect(lines.login).toMatchObject({
      outcome: 'pass',
      status: 200,
      summary: expect.stringContaining('read from "expires_at"'),
    });
    expect(lines.validate).toMatchObject({ outcome: 'pass', status: 200 });
    expect(lines.refresh).toMatchObject({
      outcome: 'pass',
      status: 200,
      summary: expect.stringContaining('new access token was accepted'),
    });
    expect(lines.apiKey?.outcome).toBe('skip');
    for (const g of ['assets', 'automations', 'contentPlans', 'creatives', 'mediaQueue', 'mediaTemplates', 'posts']) {
      expect(lines[`group.${g}`]).toMatchObject({
        outcome: 'pass',
        status: 200,
        request: expect.stringMatching(/^GET \/v2\/.*\?limit=1$/),
      });
    }
    for (const op of Object.keys(sandboxProfile.ai)) {
      expect(lines[`ai.${op}`]).toMatchObject({
        outcome: 'pass',
        status: 400,
        serverWords: expect.stringContaining('JSON object'),
        request: expect.stringContaining('([])'),
      });
    }
    expect(aiBodies).toEqual(Object.keys(sandboxProfile.ai).map(() => []));
    expect(h.sandbox.stats.refreshCalls).toBe(1);
    expect(h.sandbox.stats.aiGenerations).toBe(0);
    expect([...groupMethods]).toEqual(['GET']);
    expect(h.core.session.view()).toMatchObject({ state: 'active', mode: 'token' });
    await expect(listAssets(h)).resolves.toBeDefined();
    expect(h.sandbox.stats.refreshCalls).toBe(1);
  });

  it('a wrong items field fails only the group lines, names records.itemsField, says where the list is', async () => {
    const h = await open();
    await signInDemo(h);
    await variant(h, 'things', (p) => {
      p.records = { ...p.records, itemsField: 'things' };
    });
    const result = await call(h, 'connection.check', { runJobs: false });
    for (const l of result.lines) {
      if (l.section === 'groups')
        expect(l).toMatchObject({
          outcome: 'fail',
          field: 'records.itemsField',
          summary: expect.stringContaining('A list is at "items"'),
        });
      else expect(l.outcome, l.id).not.toBe('fail');
    }
    expect(result.diagnosis).toMatchObject({ field: 'records.itemsField' });
  });

  it('a wrong list path fails exactly that group and names its path field', async () => {
    const h = await open();
    await signInDemo(h);
    await variant(h, 'creative-path', (p) => {
      const creatives = p.groups.creatives;
      if (creatives !== 'unspecified') creatives.list.path = '/v2/creative';
    });
    const result = await call(h, 'connection.check', { runJobs: false });
    expect(failing(result)).toEqual([
      expect.objectContaining({
        id: 'group.creatives',
        status: 404,
        field: 'groups.creatives.list.path',
        serverWords: expect.stringContaining('/v2/creative'),
      }),
    ]);
    expect(result.diagnosis).toBeNull();
  });

  it('a wrong AI path fails exactly that operation and names its path field', async () => {
    const h = await open();
    await signInDemo(h);
    await variant(h, 'ai-path', (p) => {
      p.ai.text2image.path = '/v2/ai/txt2img';
    });
    const result = await call(h, 'connection.check', { runJobs: false });
    expect(failing(result)).toEqual([
      expect.objectContaining({ id: 'ai.text2image', status: 404, field: 'ai.text2image.path' }),
    ]);
  });

  it('a wrong validity field fails exactly the validate line and names auth.responseFields.valid', async () => {
    const h = await open();
    await signInDemo(h);
    await variant(h, 'valid-field', (p) => {
      p.auth.responseFields.valid = ['is_ok'];
    });
    const result = await call(h, 'connection.check', { runJobs: false });
    expect(failing(result)).toEqual([
      expect.objectContaining({
        id: 'validate',
        field: 'auth.responseFields.valid',
        summary: expect.stringContaining('valid, token_type'),
      }),
    ]);
  });

  it(
    'a wrong Authorization prefix fails every credentialed line, names auth.scheme once at the top, ' +
      'and leaves the session working',
    async () => {
      const h = await open();
      await signInDemo(h);
      await variant(h, 'token-prefix', (p) => {
        p.auth.scheme = { ...p.auth.scheme, prefix: 'Token ' };
      });
      h.sandbox.resetStats();
      const result = await call(h, 'connection.check', { runJobs: false });
      const lines = byId(result);
      expect(lines.validate?.outcome).toBe('pass');
      expect(lines.refresh?.outcome).toBe('pass');
      const credentialed = result.lines.filter((l) => l.section !== 'auth');
      expect(credentialed).toHaveLength(15);
      for (const l of credentialed) expect(l).toMatchObject({ outcome: 'fail', status: 401, field: 'auth.scheme' });
      expect(result.diagnosis).toMatchObject({
        field: 'auth.scheme',
        message: expect.stringContaining('prefix "Token "'),
      });
      expect(result.diagnosis?.message).toContain('validate endpoint accepted the same credential');
      expect(h.sandbox.stats.refreshCalls).toBe(1);
      expect(h.core.session.view().state).toBe('active');
    },
  );

  it(
    'sign-in with a wrong login field names auth.login.usernameField in the server’s words; ' +
      'the session carries on',
    async () => {
      const h = await open();
      await signInDemo(h);
      await variant(h, 'login-field', (p) => {
        p.auth.login.usernameField = 'login';
      });
      const result = await call(h, 'connection.check', { runJobs: false, login: await demo(h) });
      expect(failing(result)).toEqual([
        expect.objectContaining({
          id: 'login',
          status: 400,
          field: 'auth.login.usernameField',
          serverWords: expect.stringContaining('username'),
        }),
      ]);
    },
  );

  it(
    'sign-in whose answer has no token where the profile says names auth.responseFields.accessToken ' +
      'and lists the answer’s keys',
    async () => {
      const h = await open();
      await signInDemo(h);
      await variant(h, 'token-field', (p) => {
        p.auth.responseFields.accessToken = ['data.tok'];
      });
      const result = await call(h, 'connection.check', { runJobs: false, login: await demo(h) });
      expect(byId(result).login).toMatchObject({
        outcome: 'fail',
        status: 200,
        field: 'auth.responseFields.accessToken',
        summary: expect.stringContaining('access_token, refresh_token'),
      });
      expect(byId(result).login?.raw).toContain('"access_token": "[redacted]"');
    },
  );

  it(
    'a refused refresh is one ✗ line with the server’s words and the client-secret hint; ' +
      'the session asks to sign in again',
    async () => {
      const h = await open();
      await signInDemo(h);
      h.sandbox.expireRefreshTokens();
      const result = await call(h, 'connection.check', { runJobs: false });
      expect(failing(result)).toEqual([
        expect.objectContaining({
          id: 'refresh',
          status: 401,
          serverWords: expect.any(String),
          summary: expect.stringContaining('the client secret may be wrong'),
        }),
      ]);
      expect(byId(result).refresh?.hint).toContain('sign in again');
      expect(await call(h, 'session.get', {})).toMatchObject({ state: 'needs_sign_in', signedIn: false });
      const after = await call(h, 'connection.check', { runJobs: false });
      expect(byId(after).validate).toMatchObject({
        outcome: 'skip',
        summary: expect.stringContaining('session has ended'),
      });
    },
  );

  it('a wrong client secret is named as the likely cause of a refused refresh', async () => {
    const h = await open();
    await signInDemo(h);
    await call(h, 'connection.setClientCredentials', {
      clientId: h.sandbox.demo.clientId,
      clientSecret: 'not-the-client-secret',
    });
    const result = await call(h, 'connection.check', { runJobs: false });
    expect(byId(result).refresh).toMatchObject({
      outcome: 'fail',
      serverWords: expect.stringContaining('client'),
      hint: expect.stringContaining('client secret'),
    });
    expect(h.core.session.view().state).toBe('needs_sign_in');
  });

  it('never shows a token, the client secret or the password typed in', async () => {
    const h = await open();
    await signInDemo(h);
    const seen = new Set([...(await tokens(h)), h.sandbox.demo.clientSecret, h.sandbox.demo.password]);
    const result = await call(h, 'connection.check', { runJobs: false, login: await demo(h) });
    for (const t of await tokens(h)) seen.add(t);
    const text = JSON.stringify(result);
    expect(seen.size).toBeGreaterThanOrEqual(6);
    for (const secret of seen) expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
  });

  it('signed out, every credentialed line is skipped with words; with a login it signs in and passes', async () => {
    const h = await open();
    await signInDemo(h);
    await call(h, 'session.signOut', {});
    const out = await call(h, 'connection.check', { runJobs: false });
    expect(new Set(Object.values(outcomes(out)))).toEqual(new Set(['skip']));
    expect(byId(out).login?.summary).toContain('enter your login');
    expect(byId(out)['group.assets']?.summary).toContain('sign in first');
    const back = await call(h, 'connection.check', { runJobs: false, login: await demo(h) });
    expect(failing(back)).toEqual([]);
    expect(byId(back).login?.outcome).toBe('pass');
    expect(h.core.session.view()).toMatchObject({ state: 'active', userLabel: h.sandbox.demo.username });
  });

  it('with an API key: the key line passes, refresh and sign-in are not used', async () => {
    const h = await open();
    await signInDemo(h);
    const created = await h.core.session.request({
      method: 'POST',
      url: `${h.sandbox.url}/account/api-keys`,
      body: { name: 'check' },
    });
    const { key, expires_at } = created.body as { key: string; expires_at: string };
    await call(h, 'apiKey.set', { key, expiresAt: expires_at });
    const result = await call(h, 'connection.check', { runJobs: false, login: await demo(h) });
    const lines = byId(result);
    expect(failing(result)).toEqual([]);
    expect(lines.apiKey).toMatchObject({ outcome: 'pass', request: 'GET /v2/assets?limit=1' });
    expect(lines.login).toMatchObject({ outcome: 'skip', summary: expect.stringContaining('would replace it') });
    expect(lines.refresh?.outcome).toBe('skip');
    expect(h.core.session.view().mode).toBe('apiKey');
    expect(JSON.stringify(result)).not.toContain(key);
  });

  it('runs one small real job per operation only when asked, and says why video inputs are not run', async () => {
    const h = await open({ sandbox: { aiLatencyMs: 0 } });
    await signInDemo(h);
    h.sandbox.resetStats();
    const result = await call(h, 'connection.check', { runJobs: true });
    const lines = byId(result);
    expect(result.ranJobs).toBe(true);
    for (const op of ['text2image', 'image2image', 'image2text', 'wave2text'])
      expect(lines[`ai.${op}`], op).toMatchObject({ outcome: 'pass', status: 200 });
    for (const op of ['video2text', 'video2video'])
      expect(lines[`ai.${op}`]).toMatchObject({ outcome: 'skip', summary: expect.stringContaining('no tiny video') });
    expect(h.sandbox.stats.aiGenerations).toBeGreaterThanOrEqual(4);
  });
});
