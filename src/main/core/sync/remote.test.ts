// The requests of one group read answers with the profile's field paths, as the connection check
// does: nested ids and wrappers, batch creates under a nested field, and paging with or without a
// "more" flag.
import { describe, expect, it } from 'vitest';
import { defaultRecordsFormat, type RecordsFormat } from '../../../shared/profile';
import { sandboxProfile } from '../platform/builtin-profiles';
import type { HttpRequest, HttpResponse } from '../platform/http';
import { RemoteGroup, toRemoteRecord } from './remote';

const nested: RecordsFormat = {
  ...defaultRecordsFormat,
  itemsField: 'data.page[0].rows',
  idField: 'meta.id',
  versionField: 'meta.rev',
  deletedField: 'meta.gone',
  serverFields: ['meta'],
};

function group(format: RecordsFormat, answers: unknown[], sent: HttpRequest[] = []): RemoteGroup {
  const profile = {
    ...sandboxProfile,
    records: format,
    groups: {
      ...sandboxProfile.groups,
      mediaQueue: {
        list: { method: 'GET' as const, path: '/q' },
        create: { method: 'POST' as const, path: '/q' },
        itemsField: 'data.items',
      },
    },
  };
  const send = async (req: HttpRequest): Promise<HttpResponse> => {
    sent.push(req);
    return { status: 200, headers: new Headers(), body: answers.shift(), text: '', attempts: 1 };
  };
  return new RemoteGroup('mediaQueue', { profile, baseUrl: 'http://platform.test' }, send);
}

describe('remote records read with field paths', () => {
  it('reads a nested id, version and deletion, and keeps the rest as the record’s fields', () => {
    expect(toRemoteRecord({ meta: { id: 7, rev: 3, gone: false }, title: 'x' }, nested)).toEqual({
      remoteId: '7',
      version: 3,
      deleted: false,
      fields: { title: 'x' },
    });
    expect(() => toRemoteRecord({ id: 7 }, nested)).toThrow(/meta\.id/);
  });

  it('finds the list behind wrappers and indexes', async () => {
    const page = await group(nested, [{ data: { page: [{ rows: [{ meta: { id: 'a', rev: 1 } }] }] } }]).changes(null);
    expect(page.items.map((i) => i.remoteId)).toEqual(['a']);
  });

  it('sends a batch create under a nested field and reads the answer there', async () => {
    const sent: HttpRequest[] = [];
    const created = await group(
      defaultRecordsFormat,
      [{ data: { items: [{ id: 'q1', version: 1, asset_id: 'x' }] } }],
      sent,
    ).create({ asset_id: 'x' }, 'key-1');
    expect(sent[0]?.body).toEqual({ data: { items: [{ asset_id: 'x' }] } });
    expect(created).toMatchObject({ remoteId: 'q1', version: 1 });
  });

  it('pages without a "more" flag while pages are full and a next cursor comes', async () => {
    const noFlag = { ...defaultRecordsFormat, pageSize: 2 };
    delete noFlag.hasMoreField;
    const g = group(noFlag, [
      { items: [{ id: '1' }, { id: '2' }], next_cursor: 'c2' },
      { items: [{ id: '3' }], next_cursor: 'c3' },
    ]);
    expect(await g.changes(null)).toMatchObject({ hasMore: true, nextCursor: 'c2' });
    expect(await g.changes('c2')).toMatchObject({ hasMore: false, nextCursor: 'c3' });
  });
});
