import { useId } from 'react';
import { FormField } from '../forms/FormField';
import type { ChannelForm } from './ChannelEditor';
import type { RulesValues } from './channel-form';

interface Props {
  form: ChannelForm;
  errorOf(name: string): string | undefined;
}

const numberFields: Array<{ key: keyof RulesValues; label: string; hint: string }> = [
  { key: 'textMax', label: 'Text limit (characters)', hint: 'Empty: no limit.' },
  { key: 'mediaMax', label: 'Most media per post', hint: 'Empty: no limit.' },
  { key: 'ratioMin', label: 'Narrowest ratio', hint: 'Such as 4:5; empty: any.' },
  { key: 'ratioMax', label: 'Widest ratio', hint: 'Such as 1.91:1; empty: any.' },
  { key: 'maxSeconds', label: 'Longest video (seconds)', hint: 'Empty: no limit.' },
];

/** The rules a channel of type Other follows: the checks read them as they read a network's. */
export function ChannelRulesEditor({ form, errorOf }: Props) {
  const id = useId();
  const kindsError = errorOf('rules.image') ?? errorOf('rules.video');
  const rulesError = form.formState.errors.rules?.message;
  return (
    <fieldset className="planner-fieldset" data-testid="channel-rules">
      <legend>Rules of this channel</legend>
      {/* The core's refusal of the rules as a whole (a rule this form does not show). */}
      {rulesError && (
        <p className="field-error" role="alert">
          {rulesError}
        </p>
      )}
      <div className="planner-fields">
        {numberFields.map((f) => (
          <FormField key={f.key} label={f.label} hint={f.hint} error={errorOf(`rules.${f.key}`)}>
            {(c) => (
              <input
                {...c}
                data-testid={`channel-rule-${f.key}`}
                maxLength={12}
                size={10}
                {...form.register(`rules.${f.key}`)}
              />
            )}
          </FormField>
        ))}
      </div>
      <fieldset className="planner-checks" aria-describedby={kindsError ? `${id}-kinds` : undefined}>
        <legend>Allowed media</legend>
        <label>
          <input type="checkbox" aria-invalid={kindsError ? true : undefined} {...form.register('rules.image')} />{' '}
          Images
        </label>
        <label>
          <input type="checkbox" {...form.register('rules.video')} /> Videos
        </label>
        {kindsError && (
          <span id={`${id}-kinds`} className="field-error" role="alert">
            {kindsError}
          </span>
        )}
      </fieldset>
    </fieldset>
  );
}
