import { useRef, type KeyboardEvent } from 'react';
import { plannerTabs, tabLabels, type PlannerTab } from './tabs';

export const plannerTabId = (tab: PlannerTab) => `planner-tab-${tab}`;
export const PLANNER_PANEL = 'planner-panel';

/** The planner's parts as tabs: arrow keys, Home and End move between them and select at once. */
export function PlannerTabs({ value, onChange }: { value: PlannerTab; onChange(tab: PlannerTab): void }) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent) => {
    const at = plannerTabs.indexOf(value);
    const n = plannerTabs.length;
    const to = e.key === 'ArrowRight' ? (at + 1) % n : e.key === 'ArrowLeft' ? (at - 1 + n) % n : e.key === 'Home' ? 0 : e.key === 'End' ? n - 1 : -1;
    const next = plannerTabs[to];
    if (!next) return;
    e.preventDefault();
    onChange(next);
    list.current?.querySelector<HTMLElement>(`#${plannerTabId(next)}`)?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label="Planner" className="planner-tabs" onKeyDown={onKeyDown}>
      {plannerTabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          id={plannerTabId(tab)}
          aria-selected={tab === value}
          aria-controls={PLANNER_PANEL}
          tabIndex={tab === value ? 0 : -1}
          className="planner-tab"
          data-testid={plannerTabId(tab)}
          onClick={() => onChange(tab)}
        >
          {tabLabels[tab]}
        </button>
      ))}
    </div>
  );
}
