import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { call, harnesses, remoteAll, type Harness } from '../../../../../test/support/core-with-sandbox';
import { tempDirs } from '../../../../../test/support/temp-dirs';
import type { ChannelInput } from '../../../../shared/contract';
import { startServer, type TestServer } from '../http/test-server';

const FIXTURES = path.join(__dirname, '../../../../../test/fixtures/openapi');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
const harness = harnesses();
const tempDir = tempDirs('openapi-handler');
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function refused(h: Harness, input: ChannelInput<'profile.proposeFromOpenApi'>) {
  const result = await h.core.dispatch('profile.proposeFromOpenApi', input);
  if (result.ok) throw new Error('expected a refusal');
  return result.error;
}

describe('profile.proposeFromOpenApi', () => {
  it('proposes without saving; the standard reading, imported, signs in and syncs with the sandbox', async () => {
    const h = await harness();
    const before = await call(h, 'profile.list', {});
    const proposal = await call(h, 'profile.proposeFromOpenApi', {
      source: { kind: 'text', text: fixture('standard.yaml') },
    });
    expect(await call(h, 'profile.list', {})).toEqual(before);

    // The user points it at their platform (here the sandbox) and saves it through the usual import.
    const edited = { ...(JSON.parse(proposal.json) as Record<string, unknown>), baseUrl: h.sandbox.url };
    await call(h, 'profile.import', { json: JSON.stringify(edited) });
    await call(h, 'profile.select', { id: 'content-creation-platform-sandbox-reading' });
    await call(h, 'connection.setClientCredentials', {
      clientId: h.sandbox.demo.clientId,
      clientSecret: h.sandbox.demo.clientSecret,
    });
    await call(h, 'session.signIn', { username: h.sandbox.demo.username, password: h.sandbox.demo.password });
    await call(h, 'session.check', {});
    await call(h, 'records.create', { group: 'posts', fields: { text: 'from the OpenAPI profile' } });
    await h.core.sync.run();
    expect((await remoteAll(h, '/v2/posts')).map((p) => p.text)).toEqual(['from the OpenAPI profile']);
  });

  it('reads a file path and a URL the same as text', async () => {
    const h = await harness();
    server = await startServer((_req, res) => res.end(fixture('camel.json')));
    const fromFile = await call(h, 'profile.proposeFromOpenApi', {
      source: { kind: 'file', path: path.join(FIXTURES, 'camel.json') },
    });
    const fromUrl = await call(h, 'profile.proposeFromOpenApi', {
      source: { kind: 'url', url: `${server.url}/openapi.json` },
    });
    expect(fromUrl).toEqual(fromFile);
    expect(JSON.parse(fromFile.json)).toMatchObject({ auth: { scheme: { prefix: 'Token ' } } });
  });

  it('a malformed document, a $ref loop and a 50 MB document are refused with where, and nothing changes', async () => {
    const h = await harness();
    const before = await call(h, 'profile.list', {});
    const dir = tempDir();
    const huge = path.join(dir, 'huge.yaml');
    fs.writeFileSync(huge, '');
    fs.truncateSync(huge, 50 * 1024 * 1024);
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-length': String(50 * 1024 * 1024) });
      res.write('openapi: 3.1.0\n');
    });

    expect(await refused(h, { source: { kind: 'text', text: fixture('malformed.yaml') } })).toMatchObject({
      code: 'validation',
      message: 'The document is not valid JSON or YAML at line 9, column 6: bad indentation of a mapping entry.',
    });
    expect(
      (await refused(h, { source: { kind: 'file', path: path.join(FIXTURES, 'cyclic-ref.json') } })).message,
    ).toContain(
      '$ref loop that never reaches a schema: #/components/schemas/Login → #/components/schemas/Credentials → ' +
        '#/components/schemas/Login',
    );
    expect(await refused(h, { source: { kind: 'file', path: huge } })).toMatchObject({
      code: 'too_large',
      message: 'huge.yaml is 50 MB; the largest document Atelier reads is 10 MB.',
    });
    expect((await refused(h, { source: { kind: 'url', url: `${server.url}/huge.yaml` } })).code).toBe('too_large');
    expect(await call(h, 'profile.list', {})).toEqual(before);
  });

  it('refuses plain http to another computer and text over the transport limit', async () => {
    const h = await harness();
    expect(await refused(h, { source: { kind: 'url', url: 'http://example.com/openapi.json' } })).toMatchObject({
      code: 'validation',
    });
    expect(await refused(h, { source: { kind: 'text', text: 'x'.repeat(1024 * 1024 + 1) } })).toMatchObject({
      code: 'too_large',
    });
  });
});
