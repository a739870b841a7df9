import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../backend/context';
import { createFakeBackend } from '../backend/fake-backend';
import { defaultFilters, filterInput, pageKey } from './filters';
import { prefetchFirstPage } from './first-page';
import { SORT_STORAGE_KEY } from './use-library-filters';

const page = { items: [], total: 0 };

afterEach(() => vi.unstubAllGlobals());

describe('the first library page asked for at start', () => {
  it('asks for the newest page and keeps it under the key the grid asks with', async () => {
    const fake = createFakeBackend().answer('library.query', page);
    const client = createQueryClient();
    prefetchFirstPage(client, fake.api);
    const key = pageKey(filterInput(defaultFilters), 0);
    await vi.waitFor(() => expect(client.getQueryData(key)).toEqual(page));
    expect(fake.calls('library.query')).toEqual([key[1]]);
  });

  it('uses the sort the user keeps, and the default for an unknown one', async () => {
    const stored = new Map([[SORT_STORAGE_KEY, 'name']]);
    vi.stubGlobal('localStorage', { getItem: (k: string) => stored.get(k) ?? null });
    const fake = createFakeBackend().answer('library.query', page);
    prefetchFirstPage(createQueryClient(), fake.api);
    stored.set(SORT_STORAGE_KEY, 'sideways');
    prefetchFirstPage(createQueryClient(), fake.api);
    await vi.waitFor(() => expect(fake.calls('library.query')).toHaveLength(2));
    expect(fake.calls('library.query').map((q) => [q.sort, q.dir])).toEqual([
      ['name', 'asc'],
      ['created', 'desc'],
    ]);
  });
});
