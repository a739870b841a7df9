import { useRef, type KeyboardEvent } from 'react';
import type { AiOperation } from '../../shared/profile';
import { operationLabels } from './labels';

export const tabId = (op: AiOperation) => `studio-tab-${op}`;

/** The eight operations as tabs: arrow keys, Home and End move between them and select at once. */
export function OperationPicker({ operations, value, panelId, onChange }: { operations: readonly AiOperation[]; value: AiOperation; panelId: string; onChange(op: AiOperation): void }) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent) => {
    const at = operations.indexOf(value);
    const last = operations.length - 1;
    const to = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? (at + 1) % operations.length : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? (at - 1 + operations.length) % operations.length : e.key === 'Home' ? 0 : e.key === 'End' ? last : -1;
    const next = operations[to];
    if (!next) return;
    e.preventDefault();
    onChange(next);
    list.current?.querySelector<HTMLElement>(`#${tabId(next)}`)?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label="Operation" className="studio-ops" onKeyDown={onKeyDown}>
      {operations.map((op) => (
        <button
          key={op}
          type="button"
          role="tab"
          id={tabId(op)}
          aria-selected={op === value}
          aria-controls={panelId}
          tabIndex={op === value ? 0 : -1}
          className="studio-op"
          data-testid={`studio-op-${op}`}
          onClick={() => onChange(op)}
        >
          {operationLabels[op]}
        </button>
      ))}
    </div>
  );
}
