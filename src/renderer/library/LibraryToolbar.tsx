import type { RefObject } from 'react';
import type { AssetKind } from '../../shared/records';
import { kindOptions, sortOptions, type SortId } from './filters';
import { ImportButton } from './ImportButton';
import { SearchBox } from './SearchBox';
import { TagFilter } from './TagFilter';
import { ViewToggle, type LibraryView } from './ViewToggle';

interface Props {
  text: string;
  kind: AssetKind | 'all';
  tag: string;
  sort: SortId;
  trash: boolean;
  view: LibraryView;
  searchRef: RefObject<HTMLInputElement | null>;
  /** The browser's file input behind "Import…" (the import command opens it). */
  pickerRef: RefObject<HTMLInputElement | null>;
  importing: boolean;
  usesUploads: boolean;
  /** The first page has arrived: the tag list may be asked for. */
  listed: boolean;
  onText(v: string): void;
  onKind(v: AssetKind | 'all'): void;
  onTag(v: string): void;
  onSort(v: SortId): void;
  onTrash(v: boolean): void;
  onView(v: LibraryView): void;
  onImportDialog(): void;
  onImportFiles(files: File[]): void;
  /** Tags given to every file imported next (comma-separated as typed). */
  importTags: string;
  onImportTags(value: string): void;
}

const isKind = (v: string): v is AssetKind | 'all' => kindOptions.some((k) => k.id === v);
const isSort = (v: string): v is SortId => sortOptions.some((s) => s.id === v);

/** Search, filters, sort, view and the import and trash switches. */
export function LibraryToolbar(p: Props) {
  return (
    <div className="library-toolbar">
      <SearchBox value={p.text} onChange={p.onText} inputRef={p.searchRef} />
      <select
        className="library-select"
        aria-label="Filter by type"
        value={p.kind}
        onChange={(e) => isKind(e.target.value) && p.onKind(e.target.value)}
      >
        {kindOptions.map((k) => (
          <option key={k.id} value={k.id}>
            {k.label}
          </option>
        ))}
      </select>
      <TagFilter value={p.tag} ready={p.listed} onChange={p.onTag} />
      <select
        className="library-select"
        aria-label="Sort by"
        value={p.sort}
        onChange={(e) => isSort(e.target.value) && p.onSort(e.target.value)}
      >
        {sortOptions.map((s) => (
          <option key={s.id} value={s.id}>
            {s.label}
          </option>
        ))}
      </select>
      <ViewToggle view={p.view} onChange={p.onView} />
      <span className="toolbar-spacer" />
      <button type="button" data-testid="trash-toggle" aria-pressed={p.trash} onClick={() => p.onTrash(!p.trash)}>
        Trash
      </button>
      <input
        className="library-import-tags"
        data-testid="import-tags"
        aria-label="Tags for new imports (comma-separated)"
        placeholder="Tag imports…"
        title="Every file imported next gets these tags (automations can react to them)"
        value={p.importTags}
        maxLength={1000}
        onChange={(e) => p.onImportTags(e.target.value)}
      />
      <ImportButton
        inputRef={p.pickerRef}
        usesUploads={p.usesUploads}
        busy={p.importing}
        onDialog={p.onImportDialog}
        onFiles={p.onImportFiles}
      />
    </div>
  );
}
