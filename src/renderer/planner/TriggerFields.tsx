import { useId } from 'react';
import type { AiOperation } from '../../shared/profile';
import { operationLabels, operationOrder } from '../ai/labels';
import { triggerLabels, triggerTypes, type TriggerDraft, type TriggerType } from './action-list';

/** "When": the trigger and its optional narrowing (an operation, a tag, a kind of scheduled item). */
export function TriggerFields({ value, onChange }: { value: TriggerDraft; onChange(d: TriggerDraft): void }) {
  const id = useId();
  const set = (patch: Partial<TriggerDraft>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="planner-fieldset planner-fields">
      <legend>When</legend>
      <div className="field">
        <label htmlFor={`${id}-type`}>Trigger</label>
        <select
          id={`${id}-type`}
          data-testid="automation-trigger"
          value={value.type}
          onChange={(e) => set({ type: e.target.value as TriggerType })}
        >
          {triggerTypes.map((t) => (
            <option key={t} value={t}>
              {triggerLabels[t]}
            </option>
          ))}
        </select>
      </div>
      {value.type === 'ai_job_succeeded' && (
        <div className="field">
          <label htmlFor={`${id}-op`}>Operation</label>
          <select
            id={`${id}-op`}
            data-testid="automation-trigger-operation"
            value={value.operation}
            onChange={(e) => set({ operation: e.target.value as AiOperation | '' })}
          >
            <option value="">Any operation</option>
            {operationOrder.map((op) => (
              <option key={op} value={op}>
                {operationLabels[op]}
              </option>
            ))}
          </select>
        </div>
      )}
      {value.type === 'asset_imported' && (
        <div className="field">
          <label htmlFor={`${id}-tag`}>Only with the tag (optional)</label>
          <input
            id={`${id}-tag`}
            data-testid="automation-trigger-tag"
            maxLength={200}
            value={value.tag}
            onChange={(e) => set({ tag: e.target.value })}
          />
        </div>
      )}
      {value.type === 'scheduled_time' && (
        <div className="field">
          <label htmlFor={`${id}-group`}>Of</label>
          <select
            id={`${id}-group`}
            data-testid="automation-trigger-group"
            value={value.group}
            onChange={(e) => set({ group: e.target.value as TriggerDraft['group'] })}
          >
            <option value="">Posts and queue items</option>
            <option value="posts">Posts</option>
            <option value="mediaQueue">Media queue items</option>
          </select>
        </div>
      )}
    </fieldset>
  );
}
