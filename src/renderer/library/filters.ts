import type { AssetSort, LibraryQuery } from '../../shared/library';
import type { AssetKind } from '../../shared/records';

/** Rows fetched per `library.query` call; the grid asks only for the pages it shows. */
export const PAGE_SIZE = 200;

export const sortOptions = [
  { id: 'newest', label: 'Newest', sort: 'created', dir: 'desc' },
  { id: 'oldest', label: 'Oldest', sort: 'created', dir: 'asc' },
  { id: 'name', label: 'Name', sort: 'name', dir: 'asc' },
  { id: 'size', label: 'Size', sort: 'size', dir: 'desc' },
  { id: 'kind', label: 'Type', sort: 'kind', dir: 'asc' },
] as const satisfies readonly { id: string; label: string; sort: AssetSort; dir: 'asc' | 'desc' }[];
export type SortId = (typeof sortOptions)[number]['id'];

export const kindOptions: readonly { id: AssetKind | 'all'; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'image', label: 'Images' },
  { id: 'video', label: 'Videos' },
  { id: 'audio', label: 'Audio' },
  { id: 'other', label: 'Other' },
];

/** What the user chose in the toolbar (the search text already debounced). */
export interface LibraryFilters {
  text: string;
  kind: AssetKind | 'all';
  tag: string;
  sort: SortId;
  trash: boolean;
}

export const defaultFilters: LibraryFilters = { text: '', kind: 'all', tag: '', sort: 'newest', trash: false };

/** Every key present (undefined when unset) so equal filters always make the same cache key. */
export type FilterInput = Required<Pick<LibraryQuery, 'trash' | 'sort' | 'dir'>> &
  Pick<LibraryQuery, 'text' | 'kind' | 'tag'>;

export function filterInput(f: LibraryFilters): FilterInput {
  const order = sortOptions.find((o) => o.id === f.sort) ?? sortOptions[0];
  const text = f.text.trim();
  return {
    text: text ? text : undefined,
    kind: f.kind === 'all' ? undefined : f.kind,
    tag: f.tag ? f.tag : undefined,
    trash: f.trash,
    sort: order.sort,
    dir: order.dir,
  };
}

/** The input of one page: the same shape `useChannel('library.query', …)` would key on. */
export function pageInput(input: FilterInput, page: number): LibraryQuery {
  return { ...input, offset: page * PAGE_SIZE, limit: PAGE_SIZE };
}

export function pageKey(input: FilterInput, page: number): readonly ['library.query', LibraryQuery] {
  return ['library.query', pageInput(input, page)];
}

export function isFiltered(f: LibraryFilters): boolean {
  return f.text.trim() !== '' || f.kind !== 'all' || f.tag !== '';
}
