import { describe, expect, it } from 'vitest';
import { editedProfile, fileProblem, proposalSections, saveLabel, textSource, urlSource } from './openapi-import';

describe('the OpenAPI import panel helpers', () => {
  it('checks a chosen file by its name and size before reading it', () => {
    expect(fileProblem({ name: 'api.yaml', size: 2_000 })).toBeNull();
    expect(fileProblem({ name: 'API.JSON', size: 2_000 })).toBeNull();
    expect(fileProblem({ name: 'notes.txt', size: 10 })).toBe('“notes.txt” is not a .json, .yaml or .yml file.');
    expect(fileProblem({ name: 'empty.yml', size: 0 })).toBe('“empty.yml” is empty.');
    expect(fileProblem({ name: 'huge.json', size: 50 * 1024 * 1024 })).toBe(
      '“huge.json” is 50.0 MB; a file chosen here may be at most 1 MB. Give the document’s https:// address instead.',
    );
  });

  it('sends text only when the whole request fits the transport, escapes counted', () => {
    expect(textSource('api.yaml', 'openapi: 3.1.0')).toEqual({
      source: { kind: 'text', text: 'openapi: 3.1.0', name: 'api.yaml' },
    });
    // 600,000 quotes are 600 kB on disk but 1.2 MB once escaped in the request.
    const quoted = textSource('api.json', '"'.repeat(600_000));
    expect('problem' in quoted && quoted.problem).toBe(
      '“api.json” is too large to send from here (1.1 MB once packed). Give the document’s https:// address instead.',
    );
  });

  it('accepts https addresses and plain http only to this computer', () => {
    expect(urlSource(' https://api.example.com/openapi.json ')).toEqual({
      source: { kind: 'url', url: 'https://api.example.com/openapi.json' },
    });
    expect(urlSource('http://127.0.0.1:4010/openapi.yaml')).toEqual({
      source: { kind: 'url', url: 'http://127.0.0.1:4010/openapi.yaml' },
    });
    expect(urlSource('http://api.example.com/openapi.json')).toEqual({
      problem: 'Use an https:// address (plain http only for this computer).',
    });
    expect(urlSource('  ')).toEqual({ problem: 'Enter the address of the OpenAPI document.' });
    expect(urlSource('file:///etc/openapi.json')).toHaveProperty('problem');
  });

  it('titles the three lists with their counts, in reading order', () => {
    const sections = proposalSections({
      found: [{ field: 'auth.login.path', note: '"/user/login" (POST /user/login)' }],
      guessed: [],
      missing: [
        { field: 'baseUrl', note: 'x' },
        { field: 'groups.posts', note: 'y' },
      ],
    });
    expect(sections.map((s) => [s.kind, s.title, s.items.length])).toEqual([
      ['found', 'Found in the document (1)', 1],
      ['guessed', 'Guessed — check these (0)', 0],
      ['missing', 'Not in the document — defaults kept (2)', 2],
    ]);
  });

  it('reads the edited JSON for its id, says when it is broken, and warns before replacing a profile', () => {
    expect(editedProfile('{"id": "acme", "name": "Acme"}')).toEqual({ id: 'acme', name: 'Acme' });
    expect(editedProfile('{"id": "acme",')).toHaveProperty('problem');
    expect(editedProfile('{"name": "Acme"}')).toEqual({ problem: 'The profile needs an "id" and a "name".' });
    expect(saveLabel({ id: 'acme' }, ['sandbox', 'acme'])).toBe('Replace profile “acme”');
    expect(saveLabel({ id: 'new-one' }, ['sandbox'])).toBe('Save profile');
    expect(saveLabel({ problem: 'x' }, [])).toBe('Save profile');
  });
});
