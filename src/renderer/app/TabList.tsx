import { useRef, type KeyboardEvent } from 'react';

interface Props<T extends string> {
  items: readonly T[];
  value: T;
  label: string;
  /** The element id of each tab (also used to move focus). */
  tabId(item: T): string;
  /** The panel the tabs control. */
  panelId: string;
  text(item: T): string;
  onChange(item: T): void;
  className: string;
  tabClassName: string;
  testId(item: T): string;
}

/** Which tab a key moves to (arrows wrap; Home and End jump), or -1 for keys that do not move. */
export function tabTarget(key: string, at: number, count: number): number {
  if (key === 'ArrowRight' || key === 'ArrowDown') return (at + 1) % count;
  if (key === 'ArrowLeft' || key === 'ArrowUp') return (at - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return -1;
}

/** An ARIA tablist: one tab in the Tab order, arrow keys, Home and End move between tabs and select at once. */
export function TabList<T extends string>(p: Props<T>) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent) => {
    const next = p.items[tabTarget(e.key, p.items.indexOf(p.value), p.items.length)];
    if (next === undefined) return;
    e.preventDefault();
    p.onChange(next);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(p.tabId(next))}`)?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label={p.label} className={p.className} onKeyDown={onKeyDown}>
      {p.items.map((item) => (
        <button
          key={item}
          type="button"
          role="tab"
          id={p.tabId(item)}
          aria-selected={item === p.value}
          aria-controls={p.panelId}
          tabIndex={item === p.value ? 0 : -1}
          className={p.tabClassName}
          data-testid={p.testId(item)}
          onClick={() => p.onChange(item)}
        >
          {p.text(item)}
        </button>
      ))}
    </div>
  );
}
