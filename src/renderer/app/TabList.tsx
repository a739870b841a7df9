import type { KeyboardEvent } from 'react';
import { Tabs } from 'radix-ui';

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

/**
 * An ARIA tablist on Radix Tabs: one tab in the Tab order; the arrow keys, Home and End move between
 * tabs and select at once. Radix moves with Left and Right; Up and Down move too, as they always did.
 * The tabs control the one panel the section renders, so their ids and aria-controls are ours.
 */
export function TabList<T extends string>(p: Props<T>) {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    const next = p.items[tabTarget(e.key, p.items.indexOf(p.value), p.items.length)];
    if (next === undefined) return;
    e.preventDefault();
    p.onChange(next);
    document.getElementById(p.tabId(next))?.focus();
  };
  const change = (value: string) => {
    const next = p.items.find((item) => item === value);
    if (next !== undefined && next !== p.value) p.onChange(next);
  };
  return (
    <Tabs.Root asChild value={p.value} onValueChange={change}>
      <Tabs.List aria-label={p.label} className={p.className} onKeyDown={onKeyDown}>
        {p.items.map((item) => (
          <Tabs.Trigger
            key={item}
            value={item}
            id={p.tabId(item)}
            aria-controls={p.panelId}
            className={p.tabClassName}
            data-testid={p.testId(item)}
          >
            {p.text(item)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
    </Tabs.Root>
  );
}
