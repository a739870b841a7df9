import { describe, expect, it } from 'vitest';
import { Findings } from './findings';
import { OpenApiDocument } from './operations';
import { proposeIdentity, proposeServer } from './propose-identity';

const doc = (parts: Record<string, unknown>) => OpenApiDocument.parse({ openapi: '3.1.0', ...parts });

describe('proposeIdentity and proposeServer', () => {
  it('makes an id from the title, never a built-in one', () => {
    expect(proposeIdentity(doc({ info: { title: 'Acme Content API v2!' } }), new Findings())).toEqual({
      id: 'acme-content-api-v2',
      name: 'Acme Content API v2!',
    });
    expect(proposeIdentity(doc({ info: { title: 'Sandbox' } }), new Findings()).id).toBe('sandbox-openapi');
    expect(proposeIdentity(doc({}), new Findings())).toEqual({ id: 'openapi-profile', name: 'Imported from OpenAPI' });
  });

  it("puts the server's path in front of every path, and keeps the origin as the address", () => {
    const findings = new Findings();
    expect(proposeServer(doc({ servers: [{ url: 'https://api.example.com/platform/' }] }), findings)).toEqual({
      baseUrl: 'https://api.example.com',
      prefix: '/platform',
    });
    expect(findings.found.map((f) => f.field)).toEqual(['baseUrl', 'paths']);
  });

  it('reads a relative server against the document URL, or keeps only its path', () => {
    expect(
      proposeServer(doc({ servers: [{ url: '/api' }] }), new Findings(), 'https://docs.example.com/openapi.json'),
    ).toEqual({ baseUrl: 'https://docs.example.com', prefix: '/api' });
    const findings = new Findings();
    expect(proposeServer(doc({ servers: [{ url: '/api' }] }), findings)).toEqual({ baseUrl: null, prefix: '/api' });
    expect(findings.missing[0]?.note).toBe(
      '"/api" (servers[0]) is not a full address: enter it when you choose the profile',
    );
  });
});
