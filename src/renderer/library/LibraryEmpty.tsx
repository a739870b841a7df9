interface Props {
  kind: 'library' | 'results' | 'trash';
  onClearFilters(): void;
}

/** What to show when there is nothing to show, and what to do about it. */
export function LibraryEmpty({ kind, onClearFilters }: Props) {
  return (
    <div className="empty-state library-empty" data-testid="library-empty">
      {kind === 'library' && (
        <>
          <p>
            <strong>Your library is empty.</strong>
          </p>
          <p>Drop files here or choose Import… to add images, videos and audio. Folders work too.</p>
        </>
      )}
      {kind === 'results' && (
        <>
          <p>
            <strong>No assets match.</strong>
          </p>
          <p>Search looks at names, tags, notes and AI text. Try other words, or show everything.</p>
          <button type="button" onClick={onClearFilters}>
            Clear search and filters
          </button>
        </>
      )}
      {kind === 'trash' && (
        <p>
          <strong>The trash is empty.</strong> Assets you move to the trash wait here until you empty it.
        </p>
      )}
    </div>
  );
}
