import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { sandboxProfile } from '../../src/main/core/platform/builtin-profiles';
import { readFirst, readFirstText, readPath } from '../../src/shared/field-path';
import { aiOperations, parseProfile, resourceGroups, type PlatformProfile } from '../../src/shared/profile';
import { aiModels, startSandbox } from '../../src/sandbox';
import { DIALECTS, DIALECT_NAMES } from '../../src/sandbox/dialects/registry';

// Every dialect ships with the profile that fits it: valid Profile v2, naming every operation and
// group, agreeing with the dialect's description, and good enough to talk to a sandbox speaking it.

const folder = path.resolve(__dirname, '../../src/sandbox/dialects/profiles');

function load(name: string): PlatformProfile {
  const parsed = parseProfile(JSON.parse(readFileSync(path.join(folder, `${name}.json`), 'utf8')));
  if (!parsed.success)
    throw new Error(`${name}.json: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

describe.each(DIALECT_NAMES)('the %s dialect profile', (name) => {
  const profile = load(name);
  const dialect = DIALECTS[name];

  it('is a valid Profile v2 for a sandbox entered by address', () => {
    expect(profile).toMatchObject({
      version: 2,
      id: `sandbox-${name}`,
      name: `Sandbox (${name} dialect)`,
      baseUrl: null,
      embeddedSandbox: false,
    });
  });

  it('names every AI operation with the sandbox models, and every group', () => {
    const models = aiModels();
    expect(Object.keys(profile.ai).sort()).toEqual([...aiOperations].sort());
    for (const op of aiOperations) {
      expect(profile.ai[op].path).toBe(`/v2/ai/${op}`);
      expect(profile.ai[op].models).toEqual(models[op].map((m) => m.id));
      expect(profile.ai[op].poll !== undefined).toBe(dialect.ai.mode === 'async');
    }
    expect(Object.keys(profile.groups).sort()).toEqual([...resourceGroups].sort());
    for (const group of resourceGroups) expect(profile.groups[group]).not.toBe('unspecified');
  });

  it("agrees with the dialect's names", () => {
    const { scheme, login, refresh, validate } = dialect.auth;
    expect(profile.auth.scheme.prefix).toBe(scheme.word === null ? '' : `${scheme.word} `);
    expect(profile.auth.apiKeyScheme).toEqual(profile.auth.scheme);
    expect([
      profile.auth.login.usernameField,
      profile.auth.login.passwordField,
      profile.auth.login.clientIdField,
    ]).toEqual([login.names.username, login.names.password, login.names.clientId]);
    expect(profile.auth.login.extra).toEqual(login.constants);
    expect([
      profile.auth.refresh.refreshTokenField,
      profile.auth.refresh.clientIdField,
      profile.auth.refresh.clientSecretField,
    ]).toEqual([refresh.names.refreshToken, refresh.names.clientId, refresh.names.clientSecret]);
    expect(profile.auth.refresh.extra).toEqual(refresh.constants);
    expect(profile.auth.validate.tokenField).toBe(validate.field);
    const { params, versionField } = dialect.records;
    expect([profile.records.sinceParam, profile.records.cursorParam, profile.records.limitParam]).toEqual([
      params.since,
      params.cursor,
      params.limit,
    ]);
    expect(profile.records.versionField).toBe(versionField);
  });
});

describe('the standard dialect profile', () => {
  it('is the built-in Sandbox profile under its own id', () => {
    expect({ ...load('standard'), id: 'sandbox', name: 'Sandbox', embeddedSandbox: true }).toEqual(sandboxProfile);
  });
});

/** Sends a request the way the profile says: the scheme's prefix, the template's body. */
async function talk(profile: PlatformProfile, url: string, token: string, method: string, p: string, body?: unknown) {
  const res = await fetch(`${url}${p}`, {
    method,
    headers: {
      [profile.auth.scheme.header]: `${profile.auth.scheme.prefix}${token}`,
      'content-type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

async function signIn(profile: PlatformProfile, url: string, password: string) {
  const { login } = profile.auth;
  const body: Record<string, unknown> = {
    ...login.extra,
    [login.usernameField]: 'demo@atelier.local',
    [login.passwordField]: password,
  };
  if (login.clientIdField) body[login.clientIdField] = 'atelier-sandbox-client';
  const res = await fetch(`${url}${login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

/** The finished answer of text2image: at once, or by polling where the profile says. */
async function paint(profile: PlatformProfile, url: string, token: string): Promise<unknown> {
  const spec = profile.ai.text2image;
  const body = { model_id: spec.models[0], image: { prompt: 'profile check', width: 16, height: 16 } };
  const first = await talk(profile, url, token, 'POST', spec.path, body);
  if (!spec.poll) return first.body;
  const id = readFirstText(first.body, spec.response?.jobId);
  for (let i = 0; i < 100; i++) {
    const polled = await talk(profile, url, token, spec.poll.method, spec.poll.path.replace('{id}', id ?? ''));
    if (spec.poll.doneValues.includes(String(readFirst(polled.body, spec.poll.statusField)))) return polled.body;
    await sleep(20);
  }
  throw new Error('the job did not finish');
}

describe.each(DIALECT_NAMES)('the %s dialect profile against a sandbox speaking it', (name) => {
  it('signs in, reads errors, lists and creates records, and finds a generated image', async () => {
    const profile = load(name);
    const sandbox = await startSandbox({ dialect: name, aiLatencyMs: 0 });
    try {
      const refused = await signIn(profile, sandbox.url, 'wrong');
      expect(readFirstText(refused.body, profile.errors.message)).toMatch(/wrong|incorrect/);
      expect(readFirstText(refused.body, profile.errors.code)).toMatch(/invalid_(credentials|grant)/);

      const signedIn = await signIn(profile, sandbox.url, 'demo-password');
      const token = readFirstText(signedIn.body, profile.auth.responseFields.accessToken) ?? '';
      expect(token).toMatch(/^sbx_at_/);
      expect(readFirstText(signedIn.body, profile.auth.responseFields.refreshToken)).toMatch(/^sbx_rt_/);

      const groups = profile.groups.posts;
      if (groups === 'unspecified') throw new Error('posts unspecified');
      const created = await talk(profile, sandbox.url, token, groups.create.method, groups.create.path, {
        text: 'hello',
      });
      expect(readPath(created.body, profile.records.versionField)).toBe(1);
      const records = profile.records;
      const listed = await talk(
        profile,
        sandbox.url,
        token,
        groups.list.method,
        `${groups.list.path}?${records.limitParam}=5`,
      );
      const items = readPath(listed.body, records.itemsField);
      expect(Array.isArray(items) && items.map((r) => readPath(r, records.idField))).toEqual([
        readPath(created.body, records.idField),
      ]);
      expect(readPath(listed.body, records.hasMoreField ?? 'missing')).toBe(false);
      expect(readPath(listed.body, records.nextCursorField)).toMatch(/^c\d+$/);

      const answer = await paint(profile, sandbox.url, token);
      const response = profile.ai.text2image.response;
      // Left out, the app reads the standard shape (outputs[].url) by itself.
      const media = readFirst(answer, response?.media ?? ['outputs.*.url']);
      expect([media].flat()).toEqual([expect.any(String)]);
    } finally {
      await sandbox.stop();
    }
  });
});
