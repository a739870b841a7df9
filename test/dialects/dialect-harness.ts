import fs from 'node:fs';
import path from 'node:path';
import { afterEach } from 'vitest';
import { parseProfile, type PlatformProfile } from '../../src/shared/profile';
import { DIALECT_NAMES, type DialectName, type SandboxOptions } from '../../src/sandbox';
import { RemoteGroup } from '../../src/main/core/sync/remote';
import { call, coreWithSandbox, type Harness } from '../support/core-with-sandbox';

export { DIALECT_NAMES, type DialectName };

/** The profile each dialect ships with, as a user would import it (no address of its own). */
export function dialectProfile(dialect: DialectName): PlatformProfile {
  const file = path.resolve(__dirname, '../../src/sandbox/dialects/profiles', `${dialect}.json`);
  const parsed = parseProfile(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${dialect}.json is not a valid profile: ${parsed.error.message}`);
  return parsed.data;
}

export interface DialectHarness extends Harness {
  dialect: DialectName;
  profile: PlatformProfile;
  /** The group's records as the platform holds them, read with the profile (a second client's view). */
  remote(group: 'posts' | 'assets'): RemoteGroup;
}

/**
 * A core connected the way a user connects to a platform nobody documented well: a sandbox
 * speaking the dialect, its profile imported and chosen with the address and client credentials,
 * then a sign-in with the login form's values.
 */
export function dialectHarnesses(): (dialect: DialectName, sandbox?: SandboxOptions) => Promise<DialectHarness> {
  const open: Harness[] = [];
  afterEach(async () => {
    while (open.length) await open.pop()?.stop();
  });
  return async (dialect, sandbox = {}) => {
    const h = await coreWithSandbox({ sandbox: { dialect, aiLatencyMs: 0, ...sandbox } });
    open.push(h);
    const profile = dialectProfile(dialect);
    await call(h, 'profile.import', { json: JSON.stringify(profile) });
    await call(h, 'profile.select', {
      id: profile.id,
      baseUrl: h.sandbox.url,
      clientId: h.sandbox.demo.clientId,
      clientSecret: h.sandbox.demo.clientSecret,
    });
    await call(h, 'session.signIn', { username: h.sandbox.demo.username, password: h.sandbox.demo.password });
    const target = { profile, baseUrl: h.sandbox.url };
    return {
      ...h,
      dialect,
      profile,
      remote: (group) => new RemoteGroup(group, target, (req) => h.core.session.request(req)),
    };
  };
}

/** One authorized GET of a group's first page, the way sync makes them. */
export async function firstPage(h: DialectHarness): Promise<unknown> {
  return h.remote('posts').changes(null);
}
