import { useId, useState } from 'react';
import type { AutomationAction } from '../../shared/automations';
import { ActionFields } from './ActionFields';
import {
  actionLabels,
  actionTypes,
  moveAction,
  newAction,
  removeAction,
  replaceAction,
  type ActionType,
} from './action-list';
import type { TemplateView } from './fields';

/** An action with a key that stays with it while the list is reordered. */
export interface KeyedAction {
  key: number;
  action: AutomationAction;
}

interface Props {
  items: readonly KeyedAction[];
  templates: readonly TemplateView[];
  problems: ReadonlyMap<number, string>;
  onChange(items: KeyedAction[]): void;
}

let lastKey = 0;
export const keyed = (action: AutomationAction): KeyedAction => ({ key: ++lastKey, action });

/** An action's number and type, with its move and remove buttons. */
function ActionHead({
  label,
  first,
  last,
  onMove,
  onRemove,
}: {
  label: string;
  first: boolean;
  last: boolean;
  onMove(dir: -1 | 1): void;
  onRemove(): void;
}) {
  return (
    <div className="action-head">
      <strong>{label}</strong>
      <span className="row action-buttons">
        <button
          type="button"
          className="lib-small"
          data-role="up"
          aria-label={`Move action ${label} up`}
          disabled={first}
          onClick={() => onMove(-1)}
        >
          ↑
        </button>
        <button
          type="button"
          className="lib-small"
          data-role="down"
          aria-label={`Move action ${label} down`}
          disabled={last}
          onClick={() => onMove(1)}
        >
          ↓
        </button>
        <button type="button" className="lib-small danger" aria-label={`Remove action ${label}`} onClick={onRemove}>
          Remove
        </button>
      </span>
    </div>
  );
}

/** The type of the next action, and the button that adds it. */
function AddAction({ adding, onPick, onAdd }: { adding: ActionType; onPick(t: ActionType): void; onAdd(): void }) {
  const id = useId();
  return (
    <div className="row">
      <label htmlFor={`${id}-add`}>Add an action</label>
      <select
        id={`${id}-add`}
        data-testid="automation-action-type"
        value={adding}
        onChange={(e) => onPick(e.target.value as ActionType)}
      >
        {actionTypes.map((t) => (
          <option key={t} value={t}>
            {actionLabels[t]}
          </option>
        ))}
      </select>
      <button type="button" data-testid="automation-action-add" onClick={onAdd}>
        Add
      </button>
    </div>
  );
}

/** "Then": the actions in order, each movable and removable, and a way to add one. */
export function ActionList({ items, templates, problems, onChange }: Props) {
  const [adding, setAdding] = useState<ActionType>('post_from_template');
  // The moved action keeps the keyboard: the same button, or its twin once it reached an end.
  const focusRow = (key: number, which: 'up' | 'down') =>
    requestAnimationFrame(() => {
      const find = (role: string) =>
        document.querySelector<HTMLButtonElement>(`[data-action-key="${key}"] [data-role="${role}"]`);
      const same = find(which);
      (same && !same.disabled ? same : find(which === 'up' ? 'down' : 'up'))?.focus();
    });
  const move = (i: number, dir: -1 | 1) => {
    const key = items[i]!.key;
    onChange(moveAction(items, i, dir));
    focusRow(key, dir < 0 ? 'up' : 'down');
  };
  const add = () => {
    const item = keyed(newAction(adding, { templateId: templates[0]?.id }));
    onChange([...items, item]);
    requestAnimationFrame(() =>
      document
        .querySelector<HTMLElement>(`[data-action-key="${item.key}"] input, [data-action-key="${item.key}"] select`)
        ?.focus(),
    );
  };
  return (
    <fieldset className="planner-fieldset action-list">
      <legend>Then</legend>
      {items.length === 0 && <p className="muted">No actions yet: add one below.</p>}
      <ol className="plain action-items">
        {items.map((item, i) => {
          const label = `${i + 1}. ${actionLabels[item.action.type]}`;
          const problem = problems.get(i);
          return (
            <li
              key={item.key}
              className="action-item"
              data-action-key={item.key}
              data-testid={`automation-action-${i}`}
            >
              <ActionHead
                label={label}
                first={i === 0}
                last={i === items.length - 1}
                onMove={(dir) => move(i, dir)}
                onRemove={() => onChange(removeAction(items, i))}
              />
              <ActionFields
                action={item.action}
                templates={templates}
                problem={problem}
                onChange={(a) => onChange(replaceAction(items, i, { key: item.key, action: a }))}
              />
              {problem && <p className="field-error">{problem}</p>}
            </li>
          );
        })}
      </ol>
      <AddAction adding={adding} onPick={setAdding} onAdd={add} />
    </fieldset>
  );
}
