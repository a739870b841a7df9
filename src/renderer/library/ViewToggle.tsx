export type LibraryView = 'grid' | 'list';
export const libraryViews: readonly LibraryView[] = ['grid', 'list'];

/** Grid of cards or list of rows. */
export function ViewToggle({ view, onChange }: { view: LibraryView; onChange(v: LibraryView): void }) {
  return (
    <div role="group" aria-label="View" className="lib-segmented">
      <button type="button" aria-pressed={view === 'grid'} onClick={() => onChange('grid')}>
        Grid
      </button>
      <button type="button" aria-pressed={view === 'list'} onClick={() => onChange('list')}>
        List
      </button>
    </div>
  );
}
