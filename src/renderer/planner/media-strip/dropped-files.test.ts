import { describe, expect, it } from 'vitest';
import { assetsFromReport } from './dropped-files';

const empty = { imported: [], duplicates: [], skipped: [], failed: [] };

describe('assets from an import of dropped files', () => {
  it('takes the new assets, then the existing ones of duplicates, and says nothing when all came in', () => {
    expect(
      assetsFromReport({
        ...empty,
        imported: [{ id: 'n1', name: 'new.png' }],
        duplicates: [{ path: '/d/old.png', existingId: 'o1', name: 'old.png' }],
      }),
    ).toEqual({
      assets: [
        { id: 'n1', name: 'new.png' },
        { id: 'o1', name: 'old.png' },
      ],
      problem: null,
    });
  });

  it('names what could not be imported: one file, or how many and the first', () => {
    expect(assetsFromReport({ ...empty, skipped: [{ path: 'a.mov', reason: 'Cancelled.' }] }).problem).toBe(
      '1 file could not be imported (a.mov: Cancelled.)',
    );
    expect(
      assetsFromReport({
        ...empty,
        failed: [
          { path: 'a.txt', message: 'Not media.' },
          { path: 'b.txt', message: 'Not media.' },
        ],
      }),
    ).toEqual({ assets: [], problem: '2 files could not be imported (first: a.txt: Not media.)' });
  });
});
