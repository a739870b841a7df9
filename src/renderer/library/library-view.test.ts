import { describe, expect, it } from 'vitest';
import type { AssetView } from '../../shared/library';
import { collectionAction } from './collection-keys';
import { filterInput, isFiltered, pageInput, PAGE_SIZE } from './filters';
import { formatBytes, formatDuration, formatExtent } from './format';
import { splitTags } from './import-tags';
import { chunks, isEmptyReport, mergeReports } from './import-report';
import { placeholderFor } from './placeholder';

const key = (
  k: string,
  mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {},
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('keys in the grid and the list', () => {
  const grid = { total: 100, columns: 5, pageRows: 4 };
  it('moves by cells, rows and pages, clamped', () => {
    expect(collectionAction(key('ArrowRight'), 7, grid)).toEqual({ type: 'move', to: 8, shift: false, select: true });
    expect(collectionAction(key('ArrowDown'), 7, grid)).toMatchObject({ to: 12 });
    expect(collectionAction(key('ArrowUp'), 2, grid)).toMatchObject({ to: 0 });
    expect(collectionAction(key('PageDown'), 0, grid)).toMatchObject({ to: 15 });
    expect(collectionAction(key('End', { ctrlKey: true }), 3, grid)).toMatchObject({ to: 99 });
    expect(collectionAction(key('Home'), 13, grid)).toMatchObject({ to: 10 });
    expect(collectionAction(key('ArrowDown'), 98, grid)).toMatchObject({ to: 99 });
  });
  it('extends with Shift and only moves focus with Ctrl', () => {
    expect(collectionAction(key('ArrowRight', { shiftKey: true }), 1, grid)).toMatchObject({
      shift: true,
      select: true,
    });
    expect(collectionAction(key('ArrowRight', { ctrlKey: true }), 1, grid)).toMatchObject({ select: false });
  });
  it('has no left and right in the list', () => {
    expect(collectionAction(key('ArrowRight'), 1, { ...grid, columns: 1 })).toBeNull();
    expect(collectionAction(key('ArrowDown'), 1, { ...grid, columns: 1 })).toMatchObject({ to: 2 });
  });
  it('maps Enter, Delete, Cmd+Backspace, Ctrl/Cmd+A and Escape', () => {
    expect(collectionAction(key('Enter'), 0, grid)).toEqual({ type: 'open' });
    expect(collectionAction(key('Delete'), 0, grid)).toEqual({ type: 'delete' });
    expect(collectionAction(key('Backspace', { metaKey: true }), 0, grid)).toEqual({ type: 'delete' });
    expect(collectionAction(key('Backspace'), 0, grid)).toBeNull();
    expect(collectionAction(key('a', { metaKey: true }), 0, grid)).toEqual({ type: 'selectAll' });
    expect(collectionAction(key('a'), 0, grid)).toBeNull();
    expect(collectionAction(key('Escape'), 0, grid)).toEqual({ type: 'clear' });
    expect(collectionAction(key('ArrowDown'), 0, { ...grid, total: 0 })).toBeNull();
  });
});

describe('formatting', () => {
  it('says sizes, durations and extents the way people read them', () => {
    expect(formatBytes(null)).toBe('—');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1536)).toMatch(/^1[.,]5 KB$/);
    expect(formatBytes(5 * 1024 * 1024 * 1024)).toBe('5 GB');
    expect(formatDuration(83_000)).toBe('1:23');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
    expect(formatExtent({ width: 1920, height: 1080, durationMs: 42_000 })).toBe('1920 × 1080 · 0:42');
    expect(formatExtent({ width: null, height: null, durationMs: null })).toBe('—');
  });
});

describe('placeholder tiles', () => {
  const a = (over: Partial<AssetView>): Pick<AssetView, 'kind' | 'thumb' | 'hasFile'> => ({
    kind: 'video',
    thumb: { state: 'placeholder', sha256: null, reason: 'no-ffmpeg' },
    hasFile: true,
    ...over,
  });
  it('names the reason', () => {
    expect(placeholderFor(a({})).label).toBe('Video — no preview (ffmpeg not found)');
    expect(
      placeholderFor(a({ kind: 'audio', thumb: { state: 'placeholder', sha256: null, reason: 'audio' } })).label,
    ).toBe('Audio');
    expect(placeholderFor(a({ hasFile: false, thumb: { state: 'missing', sha256: null, reason: null } })).label).toBe(
      'File not on this computer',
    );
    expect(placeholderFor(a({ hasFile: false, thumb: { state: 'none', sha256: null, reason: null } })).label).toBe(
      'File not on this computer',
    );
  });
});

describe('query inputs', () => {
  it('always has every key, so equal filters share cache entries', () => {
    const input = filterInput({ text: '  ', kind: 'all', tag: '', sort: 'oldest', trash: false });
    expect(input).toEqual({
      text: undefined,
      kind: undefined,
      tag: undefined,
      trash: false,
      sort: 'created',
      dir: 'asc',
    });
    expect(Object.keys(input).sort()).toEqual(['dir', 'kind', 'sort', 'tag', 'text', 'trash']);
    expect(pageInput(input, 3)).toMatchObject({ offset: 3 * PAGE_SIZE, limit: PAGE_SIZE });
    expect(isFiltered({ text: '', kind: 'image', tag: '', sort: 'newest', trash: false })).toBe(true);
  });
});

describe('import reports', () => {
  it('merges reports and splits long lists for the contract', () => {
    const one = { imported: [{ id: '1', name: 'a' }], duplicates: [], skipped: [], failed: [] };
    const two = { imported: [], duplicates: [], skipped: [{ path: 'b', reason: 'r' }], failed: [] };
    expect(mergeReports(one, two)).toMatchObject({ imported: [{ id: '1' }], skipped: [{ path: 'b' }] });
    expect(isEmptyReport({ imported: [], duplicates: [], skipped: [], failed: [] })).toBe(true);
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });
});

describe('import tags', () => {
  it('splits what was typed into tags, each once, blanks dropped', () => {
    expect(splitTags('raw, summer ,  , raw')).toEqual(['raw', 'summer']);
    expect(splitTags('')).toEqual([]);
  });
});
