import { useId } from 'react';
import type { PlanView } from './fields';

export interface Defaults {
  channel: string;
  status: 'draft' | 'ready' | 'scheduled';
  planId: string;
  /** datetime-local value. */
  when: string;
}

export const noDefaults: Defaults = { channel: '', status: 'draft', planId: '', when: '' };

/** The default channel, typed or chosen from the channels already in use. */
function ChannelField({
  id,
  value,
  channels,
  onChange,
}: {
  id: string;
  value: string;
  channels: readonly string[];
  onChange(channel: string): void;
}) {
  return (
    <div className="field">
      <label htmlFor={`${id}-channel`}>Channel</label>
      <input
        id={`${id}-channel`}
        data-testid="template-default-channel"
        list={`${id}-channels`}
        maxLength={100}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <datalist id={`${id}-channels`}>
        {channels.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
    </div>
  );
}

/** What every post made from a template gets, unless a CSV column says otherwise. */
export function TemplateDefaults({
  value,
  plans,
  channels,
  tz,
  onChange,
}: {
  value: Defaults;
  plans: readonly PlanView[];
  channels: readonly string[];
  tz: string;
  onChange(d: Defaults): void;
}) {
  const id = useId();
  const set = (patch: Partial<Defaults>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="planner-fieldset planner-fields">
      <legend>For every post (a row’s channel or scheduled_at column wins)</legend>
      <ChannelField id={id} value={value.channel} channels={channels} onChange={(channel) => set({ channel })} />
      <div className="field">
        <label htmlFor={`${id}-status`}>Status</label>
        <select
          id={`${id}-status`}
          data-testid="template-default-status"
          value={value.status}
          onChange={(e) => set({ status: e.target.value as Defaults['status'] })}
        >
          <option value="draft">Draft</option>
          <option value="ready">Ready</option>
          <option value="scheduled">Scheduled</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-plan`}>Plan</label>
        <select
          id={`${id}-plan`}
          data-testid="template-default-plan"
          value={value.planId}
          onChange={(e) => set({ planId: e.target.value })}
        >
          <option value="">No plan</option>
          {plans.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-when`}>Scheduled for</label>
        <input
          id={`${id}-when`}
          type="datetime-local"
          data-testid="template-default-when"
          aria-describedby={`${id}-zone`}
          value={value.when}
          onChange={(e) => set({ when: e.target.value })}
        />
        <span id={`${id}-zone`} className="field-hint">
          Local time ({tz})
        </span>
      </div>
    </fieldset>
  );
}
