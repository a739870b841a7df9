import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LibraryQuery } from '../../shared/library';
import { LibraryPicker } from '../ai/LibraryPicker';
import { aiJob, asset } from '../test-support/test-fixtures';
import { fakeBackend, renderWithBackend } from '../test-support/test-render';
import { AiResultPicker } from './AiResultPicker';
import { AssetPicker } from './AssetPicker';

const beach = asset({ id: 'a1', name: 'beach.png' });
const dune = asset({ id: 'a2', name: 'dune.png' });
const forest = asset({ id: 'a3', name: 'forest.png' });
const all = [beach, dune, forest];

/** The library as the core searches it: names containing the text. */
const search = ({ text }: Pick<LibraryQuery, 'text'>) => {
  const items = all.filter((a) => !text || a.name.includes(text));
  return { items, total: items.length };
};

function assetPicker(props: Partial<Parameters<typeof AssetPicker>[0]> = {}) {
  const onPick = vi.fn();
  const onClose = vi.fn();
  const rendered = renderWithBackend(
    <AssetPicker onPick={onPick} onClose={onClose} {...props} />,
    fakeBackend().answer('library.query', search),
  );
  return { ...rendered, onPick, onClose, box: () => screen.getByRole('combobox', { name: 'Search the library' }) };
}

describe('asset picker: keyboard', () => {
  it('keeps the results shown and picks the highlighted one with the arrows and Enter', async () => {
    const { user, onPick, box } = assetPicker();
    await screen.findByRole('option', { name: /dune\.png/ });
    expect(box().getAttribute('aria-expanded')).toBe('true');
    await user.click(box());
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: /dune\.png/ }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith(dune);
    expect((box() as HTMLInputElement).value).toBe('');
  });

  it('filters as one types, and Enter picks from what is left', async () => {
    const { user, onPick, fake, box } = assetPicker();
    await screen.findByRole('option', { name: /forest\.png/ });
    await user.type(box(), 'for');
    await waitFor(() => expect(screen.queryByRole('option', { name: /beach\.png/ })).toBeNull());
    expect(fake.calls('library.query').at(-1)).toMatchObject({ text: 'for' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenCalledWith(forest);
  });

  it('skips an asset already attached and says why', async () => {
    const { user, onPick, box } = assetPicker({ exclude: ['a1'] });
    const taken = await screen.findByRole('option', { name: /beach\.png.*Already attached/ });
    expect(taken.getAttribute('aria-disabled')).toBe('true');
    await user.click(box());
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenCalledWith(dune);
  });

  it('leaves Escape to the dialog, which closes', async () => {
    const { user, onClose, box } = assetPicker();
    await screen.findByRole('option', { name: /beach\.png/ });
    await user.type(box(), 'x');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('says when nothing matches', async () => {
    const { user, box } = assetPicker();
    await user.type(box(), 'zebra');
    expect(await screen.findByText('Nothing matches.')).toBeTruthy();
  });
});

describe('library picker (AI inputs)', () => {
  it('searches one kind and cannot pick an asset whose file is missing', async () => {
    const onPick = vi.fn();
    const fake = fakeBackend().answer('library.query', { items: [{ ...beach, hasFile: false }, dune], total: 2 });
    const { user } = renderWithBackend(<LibraryPicker kind="image" onPick={onPick} onClose={vi.fn()} />, fake);
    const missing = await screen.findByRole('option', { name: /beach\.png.*File not on this computer/ });
    expect(missing.getAttribute('aria-disabled')).toBe('true');
    expect(fake.calls('library.query')[0]).toMatchObject({ kind: 'image' });
    await user.click(screen.getByRole('combobox', { name: "Search the library's images" }));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenCalledWith(dune);
  });
});

const output = {
  index: 0,
  kind: 'image',
  sha256: 'f'.repeat(64),
  mimeType: 'image/png',
  sizeBytes: 10,
  width: 8,
  height: 8,
  durationMs: null,
  thumbSha256: null,
  assetId: null,
} as const;

describe('AI result picker', () => {
  it('saves a result not yet in the library when it is picked with the keyboard', async () => {
    const onPick = vi.fn();
    const job = aiJob({ id: 'j1', state: 'succeeded', outputs: [output] });
    const fake = fakeBackend()
      .answer('ai.gallery', { items: [job], total: 1, models: [] })
      .answer('ai.save', asset({ id: 'saved-1', name: 'result.png' }));
    const { user } = renderWithBackend(<AiResultPicker onPick={onPick} onClose={vi.fn()} />, fake);
    await screen.findByRole('option', { name: /Saved to the library when chosen/ });
    await user.click(screen.getByRole('combobox', { name: 'Search AI results by prompt' }));
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(onPick).toHaveBeenCalledWith('saved-1'));
    expect(fake.calls('ai.save')).toEqual([expect.objectContaining({ id: 'j1', output: 0 })]);
  });
});
