import { useId } from 'react';
import { useFieldArray } from 'react-hook-form';
import type { ChannelForm } from './ChannelEditor';
import { SLOT_PRESETS, WEEKDAYS, withPreset } from './channel-form';

interface Props {
  form: ChannelForm;
  errorOf(name: string): string | undefined;
}

/** One slot: its weekday and time, each labelled, with its error beside it. */
function SlotRow({ form, errorOf, index, onRemove }: Props & { index: number; onRemove(): void }) {
  const id = useId();
  const dayError = errorOf(`slots.${index}.day`);
  const timeError = errorOf(`slots.${index}.time`);
  const errors = [dayError, timeError].filter(Boolean);
  return (
    <li className="channel-slot" data-testid={`channel-slot-${index}`}>
      <label htmlFor={`${id}-day`} className="sr-only">
        Weekday of slot {index + 1}
      </label>
      <select
        id={`${id}-day`}
        aria-invalid={dayError ? true : undefined}
        aria-describedby={errors.length ? `${id}-error` : undefined}
        {...form.register(`slots.${index}.day`)}
      >
        {WEEKDAYS.map((d) => (
          <option key={d.day} value={String(d.day)}>
            {d.name}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-time`} className="sr-only">
        Time of slot {index + 1} (HH:MM)
      </label>
      <input
        id={`${id}-time`}
        className="channel-slot-time"
        data-testid={`channel-slot-time-${index}`}
        inputMode="numeric"
        placeholder="09:00"
        maxLength={5}
        size={6}
        aria-invalid={timeError ? true : undefined}
        aria-describedby={errors.length ? `${id}-error` : undefined}
        {...form.register(`slots.${index}.time`)}
      />
      <button type="button" aria-label={`Remove slot ${index + 1}`} onClick={onRemove}>
        Remove
      </button>
      {errors.length > 0 && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {errors.join(' ')}
        </span>
      )}
    </li>
  );
}

/** The channel's weekly posting slots, in the creator's zone: rows to add and remove, and quick presets. */
export function ChannelSlotsEditor({ form, errorOf }: Props) {
  const id = useId();
  const { fields, append, remove, replace } = useFieldArray({ control: form.control, name: 'slots' });
  const listError = form.formState.errors.slots?.root?.message ?? form.formState.errors.slots?.message;
  return (
    <fieldset className="planner-fieldset" aria-describedby={`${id}-hint`}>
      <legend>Posting slots</legend>
      <p id={`${id}-hint`} className="field-hint">
        Weekly times in your time zone; Add to queue fills the next free one, and the calendar shows empty ones.
      </p>
      {fields.length === 0 ? (
        <p className="muted">No slots yet.</p>
      ) : (
        <ul className="plain channel-slots" aria-label="Posting slots">
          {fields.map((f, i) => (
            <SlotRow key={f.id} form={form} errorOf={errorOf} index={i} onRemove={() => remove(i)} />
          ))}
        </ul>
      )}
      {listError && (
        <p className="field-error" role="alert">
          {listError}
        </p>
      )}
      <div className="row">
        <button type="button" data-testid="channel-slot-add" onClick={() => append({ day: '1', time: '09:00' })}>
          Add a slot
        </button>
        {SLOT_PRESETS.map((p) => (
          <button
            key={p.label}
            type="button"
            className="lib-small"
            aria-label={`Add slots ${p.label}`}
            onClick={() => replace(withPreset(form.getValues('slots'), p))}
          >
            + {p.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
