import { useChannel } from '../backend/context';

/**
 * Only assets with one tag; the list comes from the library with a count per tag. It is asked for
 * once the first page is there (`ready`): counting every tag of a large library must not hold up the cards.
 */
export function TagFilter({ value, ready, onChange }: { value: string; ready: boolean; onChange(tag: string): void }) {
  const tags = useChannel('library.tags', {}, { enabled: ready });
  const list = tags.data ?? [];
  return (
    <select
      className="library-select"
      aria-label="Filter by tag"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">All tags</option>
      {value && !list.some((t) => t.tag === value) && <option value={value}>{value}</option>}
      {list.map((t) => (
        <option key={t.tag} value={t.tag}>
          {t.tag} ({t.count.toLocaleString()})
        </option>
      ))}
    </select>
  );
}
