import type { RefObject } from 'react';
import { shortcutLabel } from '../app/platform';

/**
 * Full-text search over names, tags, notes and AI text (the search command, Ctrl/Cmd+F, focuses it,
 * Escape clears it).
 */
export function SearchBox({
  value,
  onChange,
  inputRef,
}: {
  value: string;
  onChange(v: string): void;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  return (
    <input
      ref={inputRef}
      type="search"
      className="library-search"
      data-testid="library-search"
      aria-label="Search the library"
      title={`Search names, tags, notes and AI text (${shortcutLabel('search')})`}
      placeholder="Search names, tags, notes, AI text…"
      value={value}
      maxLength={500}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && value) {
          e.preventDefault();
          onChange('');
        }
      }}
    />
  );
}
