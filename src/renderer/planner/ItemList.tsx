import type { ReactNode } from 'react';

export interface ListItem {
  id: string;
  label: string;
  /** A second line: status, channel, time… */
  meta?: string;
  badge?: ReactNode;
}

interface Props {
  label: string;
  items: readonly ListItem[];
  selected: string | null;
  testId?: (id: string) => string;
  empty: string;
  onSelect(id: string): void;
}

/** A list of records to pick one from for the editor beside it. */
export function ItemList({ label, items, selected, testId, empty, onSelect }: Props) {
  if (items.length === 0) return <p className="muted planner-empty">{empty}</p>;
  return (
    <ul className="plain planner-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>
          <button
            type="button"
            className={`planner-row${item.id === selected ? ' is-selected' : ''}`}
            aria-current={item.id === selected ? 'true' : undefined}
            data-testid={testId?.(item.id)}
            onClick={() => onSelect(item.id)}
          >
            <span className="planner-row-label">{item.label || 'Untitled'}</span>
            {(item.meta || item.badge) && (
              <span className="planner-row-meta">
                {item.badge}
                {item.meta && <span className="muted">{item.meta}</span>}
              </span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
