import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LibraryQuery } from '../../shared/library';
import type { MediaAccess } from '../../shared/backend';
import type { ChannelArgs } from '../../shared/contract';
import { asset, assetDetail, appError } from '../test-support/test-fixtures';
import { fakeBackend, renderWithBackend } from '../test-support/test-render';
import { LibrarySection } from './LibrarySection';

const three = [
  asset({ id: 'a1', name: 'Beach.png' }),
  asset({ id: 'a2', name: 'Forest.png', tags: ['trip'] }),
  asset({ id: 'a3', name: 'Interview.mp4', kind: 'video' }),
];

/** A library of these assets (matching every query) with its tags. */
function library(items = three, media?: Partial<MediaAccess>) {
  return fakeBackend(media ? { media } : {})
    .answer('library.query', (q: ChannelArgs<'library.query'>) => {
      const hits = items.filter(
        (a) =>
          a.trashedAt === null &&
          (!q.text || a.name.toLowerCase().includes(q.text.toLowerCase())) &&
          (!q.kind || a.kind === q.kind),
      );
      return { items: hits.slice(q.offset, q.offset + q.limit), total: hits.length };
    })
    .answer('library.tags', [{ tag: 'trip', count: 1 }])
    .answer('library.get', ({ id }) => assetDetail(items.find((a) => a.id === id) ?? { id }));
}

const grid = () => screen.findByRole('grid', { name: 'Assets' });
const cell = (name: string) =>
  screen.findByText(name, { selector: '.asset-card-name' }).then((el) => el.closest<HTMLElement>('[role="gridcell"]')!);

describe('library section: states', () => {
  it('asks for the tag list only once the first page has arrived (tags must not delay the cards)', async () => {
    const fake = library();
    const hold = fake.hold('library.query');
    renderWithBackend(<LibrarySection />, fake);
    await waitFor(() => expect(hold.waiting).toBe(1));
    expect(fake.calls('library.tags')).toEqual([]);
    hold.answer({ items: three, total: 3 });
    await waitFor(() => expect(fake.calls('library.tags')).toHaveLength(1));
    expect(await screen.findByRole('option', { name: 'trip (1)' })).toBeTruthy();
  });

  it('says it is loading while the first page is on its way, then shows the assets', async () => {
    const fake = library();
    const hold = fake.hold('library.query');
    renderWithBackend(<LibrarySection />, fake);
    expect(await screen.findByText('Loading the library…')).toBeTruthy();
    await waitFor(() => expect(hold.waiting).toBe(1));
    hold.answer({ items: three, total: 3 });
    expect(await grid()).toBeTruthy();
    expect(screen.queryByText('Loading the library…')).toBeNull();
    expect(screen.getByText('3 assets')).toBeTruthy();
    expect(
      within(await grid())
        .getAllByRole('gridcell')
        .map((c) => c.textContent),
    ).toEqual([
      expect.stringContaining('Beach.png'),
      expect.stringContaining('Forest.png'),
      expect.stringContaining('Interview.mp4'),
    ]);
  });

  it('tells an empty library what to do', async () => {
    renderWithBackend(<LibrarySection />, library([]));
    expect(await screen.findByText('Your library is empty.')).toBeTruthy();
    expect(screen.getByText(/Drop files here or choose Import/)).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('shows the core’s message and hint when the library cannot load, and loads again on Try again', async () => {
    const fake = library().failOnce(
      'library.query',
      appError({
        message: 'The database is locked by another program.',
        hint: 'Close the other program and try again.',
      }),
    );
    const { user } = renderWithBackend(<LibrarySection />, fake);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The library could not be loaded: The database is locked by another program.');
    expect(alert.textContent).toContain('Close the other program and try again.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await cell('Beach.png')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers to clear the filters when a search matches nothing, and clearing shows everything again', async () => {
    const { user } = renderWithBackend(<LibrarySection />, library());
    await cell('Beach.png');
    await user.type(screen.getByRole('searchbox', { name: 'Search the library' }), 'zebra');
    expect(await screen.findByText('No assets match.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(await cell('Forest.png')).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search the library' }) as HTMLInputElement).value).toBe('');
  });

  it('sends the debounced search text and the type filter to the core', async () => {
    const fake = library();
    const { user } = renderWithBackend(<LibrarySection />, fake);
    await cell('Beach.png');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by type' }), 'Videos');
    await user.type(screen.getByRole('searchbox', { name: 'Search the library' }), 'inter');
    await waitFor(() =>
      expect(fake.calls('library.query').at(-1)).toMatchObject({
        text: 'inter',
        kind: 'video',
        offset: 0,
      } satisfies LibraryQuery),
    );
    expect(await cell('Interview.mp4')).toBeTruthy();
    expect(screen.queryByText('Beach.png')).toBeNull();
    // Typing is debounced: not one query per letter.
    expect(fake.calls('library.query').filter((q) => q.text?.startsWith('i')).length).toBeLessThan(4);
  });
});

describe('library section: keyboard', () => {
  it('moves through the grid with the arrow keys, selecting as it goes', async () => {
    const { user } = renderWithBackend(<LibrarySection />, library());
    const first = await cell('Beach.png');
    first.focus();
    await user.keyboard('{ArrowRight}');
    const second = await cell('Forest.png');
    await waitFor(() => expect(document.activeElement).toBe(second));
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(first.getAttribute('aria-selected')).toBe('false');
    await user.keyboard('{End}');
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Interview.mp4'));
  });

  it('selects all with Ctrl+A and clears the selection with Escape', async () => {
    const { user } = renderWithBackend(<LibrarySection />, library());
    (await cell('Beach.png')).focus();
    await user.keyboard('{Control>}a{/Control}');
    expect(await screen.findByText(/3 assets · 3 selected/)).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText(/selected/)).toBeNull());
  });

  it('opens the detail panel with Enter and goes back to the grid with Escape', async () => {
    const fake = library().answer('library.get', assetDetail({ ...three[0]!, aiText: 'A sandy beach at dusk' }));
    const { user } = renderWithBackend(<LibrarySection />, fake);
    const first = await cell('Beach.png');
    first.focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('complementary', { name: 'Details of Beach.png' });
    await waitFor(() => expect(document.activeElement).toBe(panel));
    expect(within(panel).getByText('A sandy beach at dusk')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(first));
  });

  it('moves the selection to the trash with Delete and offers Undo', async () => {
    const fake = library()
      .answer('library.trash', ({ ids }) => ({ count: ids.length }))
      .answer('library.restore', ({ ids }) => ({ count: ids.length }));
    const { user } = renderWithBackend(<LibrarySection />, fake);
    (await cell('Forest.png')).focus();
    await user.keyboard(' ');
    await user.keyboard('{Delete}');
    expect(await screen.findByText('Moved 1 asset to the trash.')).toBeTruthy();
    expect(fake.calls('library.trash')).toEqual([{ ids: ['a2'] }]);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undone: 1 asset back in the library.')).toBeTruthy();
    expect(fake.calls('library.restore')).toEqual([{ ids: ['a2'] }]);
  });

  it('clears the search with Escape in the search box', async () => {
    const { user } = renderWithBackend(<LibrarySection />, library());
    await cell('Beach.png');
    const search = screen.getByRole('searchbox', { name: 'Search the library' });
    await user.type(search, 'beach');
    await user.keyboard('{Escape}');
    expect((search as HTMLInputElement).value).toBe('');
  });

  it('focuses and selects the search box when the search command runs (Ctrl/Cmd+F)', async () => {
    const { board } = renderWithBackend(<LibrarySection />, library());
    await cell('Beach.png');
    board.request('search');
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search the library' }));
  });
});

describe('library section: importing', () => {
  it('imports via the system dialog on the import command (Ctrl/Cmd+I), with the tags typed for imports', async () => {
    const report = {
      imported: [{ id: 'a4', name: 'Dune.png' }],
      duplicates: [{ path: '/pics/Beach.png', existingId: 'a1', name: 'Beach.png' }],
      skipped: [],
      failed: [],
    };
    const fake = library().answer('library.importDialog', report);
    const { board, user } = renderWithBackend(<LibrarySection />, fake);
    await cell('Beach.png');
    await user.type(screen.getByRole('textbox', { name: 'Tags for new imports (comma-separated)' }), 'trip, summer');
    board.request('import');
    const summary = (await screen.findByText('Imported 1 file.')).closest<HTMLElement>(
      '[data-testid="import-summary"]',
    )!;
    expect(summary.textContent).toContain('1 file already in the library.');
    expect(within(summary).getByText('/pics/Beach.png — already there as “Beach.png”')).toBeTruthy();
    expect(fake.calls('library.importDialog')).toEqual([{ tags: ['trip', 'summer'] }]);
  });

  it('says in the core’s words why an import did not finish', async () => {
    const fake = library().fail(
      'library.importDialog',
      appError({ message: 'The disk is full; nothing was changed.', hint: 'Free some disk space and try again.' }),
    );
    const { user } = renderWithBackend(<LibrarySection />, fake);
    await cell('Beach.png');
    await user.click(screen.getByRole('button', { name: /^Import/ }));
    expect(await screen.findByText('The import did not finish: The disk is full; nothing was changed.')).toBeTruthy();
    expect(screen.getByText('Free some disk space and try again.')).toBeTruthy();
  });

  it('in a browser, uploads the picked files first and reports the one that could not be sent', async () => {
    const upload = vi.fn(async (file: File) => {
      if (file.name === 'huge.mov')
        throw new Error('This file is larger than 4 GB, the most Atelier takes: "huge.mov" (5 GB).');
      return { id: '0f8fad5b-d9cb-469f-a165-70867728950e' };
    });
    const fake = library(three, { upload, pathForFile: () => null }).answer('library.importUploads', ({ uploads }) => ({
      imported: uploads.map((u) => ({ id: 'a9', name: u.name })),
      duplicates: [],
      skipped: [],
      failed: [],
    }));
    const { user } = renderWithBackend(<LibrarySection />, fake);
    await cell('Beach.png');
    await user.upload(screen.getByLabelText('Choose files to import'), [
      new File(['x'], 'Dune.png', { type: 'image/png' }),
      new File(['y'], 'huge.mov', { type: 'video/quicktime' }),
    ]);
    expect(await screen.findByText('Imported 1 file.')).toBeTruthy();
    expect(
      screen.getByText('huge.mov — This file is larger than 4 GB, the most Atelier takes: "huge.mov" (5 GB).'),
    ).toBeTruthy();
    expect(fake.calls('library.importUploads')).toEqual([
      { uploads: [{ id: '0f8fad5b-d9cb-469f-a165-70867728950e', name: 'Dune.png' }] },
    ]);
    expect(upload).toHaveBeenCalledTimes(2);
  });
});
