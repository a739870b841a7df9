// OpenAPI documents written for two readings of the platform import to profiles that work: each
// proposal, given the platform's address, signs in and passes the connection check against the
// sandbox dialect it describes.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseProfile } from '../../src/shared/profile';
import { call, harnesses } from '../support/core-with-sandbox';
import type { DialectName } from './dialect-harness';

const open = harnesses();

describe.each([
  ['standard', 'standard.yaml'],
  ['camel', 'camel.json'],
] as [DialectName, string][])('the %s reading, proposed from %s', (dialect, fixture) => {
  it('imports to a profile that passes the connection check against that dialect', async () => {
    const h = await open({ sandbox: { dialect } });
    const file = path.resolve(__dirname, '../fixtures/openapi', fixture);
    const proposal = await call(h, 'profile.proposeFromOpenApi', { source: { kind: 'file', path: file } });
    const parsed = parseProfile(JSON.parse(proposal.json));
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    const profile = { ...parsed.data, id: `openapi-${dialect}`, baseUrl: null, embeddedSandbox: false };
    await call(h, 'profile.import', { json: JSON.stringify(profile) });
    await call(h, 'profile.select', {
      id: profile.id,
      baseUrl: h.sandbox.url,
      clientId: h.sandbox.demo.clientId,
      clientSecret: h.sandbox.demo.clientSecret,
    });
    const result = await call(h, 'connection.check', {
      runJobs: false,
      login: { username: h.sandbox.demo.username, password: h.sandbox.demo.password },
    });
    expect(result.lines.filter((l) => l.outcome === 'fail').map((l) => `${l.id}: ${l.summary} (${l.field})`)).toEqual(
      [],
    );
    expect(result.lines.filter((l) => l.section === 'groups' && l.outcome === 'pass')).toHaveLength(7);
  });
});
