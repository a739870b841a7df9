import { describe, expect, it } from 'vitest';
import type { FixJobView } from '../../../shared/media-fix';
import type { SessionView } from '../../../shared/session';
import { fixItems, importItems, sessionItems } from './sources';

const session = (over: Partial<SessionView>): SessionView => ({
  mode: 'apiKey',
  state: 'active',
  signedIn: true,
  userLabel: null,
  accountId: 'acct',
  expiresAt: null,
  message: null,
  apiKey: null,
  ...over,
});

describe('inbox items from their sources', () => {
  it('a finished fix links to its new asset; a running one is not news yet', () => {
    const done: FixJobView = {
      id: 'f1',
      operation: 'resize',
      sourceAssetId: 'a1',
      state: 'succeeded',
      progress: 1,
      startedAt: '2026-11-25T09:00:00.000Z',
      endedAt: '2026-11-25T09:00:05.000Z',
      result: {
        asset: {
          id: 'a2',
          name: 'beach (resized).jpg',
          kind: 'image',
          mimeType: 'image/jpeg',
          sizeBytes: 10,
          width: 4,
          height: 4,
          durationMs: null,
          tags: [],
          notes: '',
          altText: '',
          sha256: null,
          thumb: { state: 'none', sha256: null, reason: null },
          hasFile: true,
          createdAt: '2026-11-25T09:00:05.000Z',
          updatedAt: '2026-11-25T09:00:05.000Z',
          trashedAt: null,
          syncState: 'pending',
        },
        existed: false,
      },
      error: null,
    };
    expect(fixItems([done, { ...done, id: 'f2', state: 'running', endedAt: null, result: null }])).toEqual([
      {
        id: 'fix:f1',
        kind: 'fix_finished',
        at: Date.parse('2026-11-25T09:00:05.000Z'),
        title: 'Media resize finished: beach (resized).jpg',
        body: 'A new asset was added to the library.',
        link: { section: 'library', id: 'a2' },
        action: { kind: 'open' },
      },
    ]);
  });

  it('key warnings: expiring within a week or a day, expired, refused; a valid key says nothing', () => {
    const key = { masked: 'abcd…wxyz', expiresAt: '2026-11-28T00:00:00.000Z', msLeft: 1 };
    expect(sessionItems(session({ apiKey: { ...key, warning: 'none' } }))).toEqual([]);
    expect(sessionItems(session({ apiKey: { ...key, warning: '7d' } }))[0]).toMatchObject({
      id: 'key:7d:2026-11-28T00:00:00.000Z',
      kind: 'key_warning',
      title: 'API key expires within a week',
      body: 'The key abcd…wxyz expires on 2026-11-28. Replace it in Settings.',
    });
    expect(sessionItems(session({ apiKey: { ...key, warning: '1d' } }))[0]?.title).toBe('API key expires within a day');
    expect(
      sessionItems(session({ state: 'api_key_expired', apiKey: { ...key, warning: 'expired' } }))[0],
    ).toMatchObject({
      kind: 'key_warning',
      title: 'API key expired',
      at: Date.parse(key.expiresAt),
      action: { kind: 'sign_in' },
    });
    expect(sessionItems(session({ state: 'api_key_denied', message: 'Key revoked.' }))[0]).toMatchObject({
      title: 'API key refused',
      body: 'Key revoked.',
    });
    expect(sessionItems(session({ state: 'needs_sign_in', mode: 'token' }))[0]).toMatchObject({
      kind: 'session_ended',
      link: { section: 'settings' },
    });
  });

  it('an import of one file is named by it; an empty one is nothing', () => {
    expect(importItems([{ at: 5, assets: [{ id: 'a1', name: 'sea.png' }] }])[0]).toMatchObject({
      title: 'Imported sea.png',
      body: 'The file is in the library.',
    });
    expect(importItems([{ at: 5, assets: [] }])).toEqual([]);
  });
});
