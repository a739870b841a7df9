import type { AiParamSpec } from '../../shared/ai';
import { Field } from '../account/Field';
import { useId } from 'react';
import type { ParamValues } from './params';

interface Props {
  specs: readonly AiParamSpec[];
  values: ParamValues;
  errors: (name: string) => string | undefined;
  onChange(name: string, value: string): void;
}

function ColorField({
  spec,
  value,
  error,
  onChange,
}: {
  spec: AiParamSpec;
  value: string;
  error: string | undefined;
  onChange(v: string): void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{spec.label}</label>
      <span className="color-field">
        <input
          id={id}
          type="color"
          data-testid={`ai-param-${spec.name}`}
          value={value || '#000000'}
          aria-invalid={error ? true : undefined}
          aria-describedby={spec.help ? `${id}-hint` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        <span className="mono" aria-hidden="true">
          {value}
        </span>
      </span>
      {spec.help && (
        <span id={`${id}-hint`} className="field-hint">
          {spec.help}
        </span>
      )}
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

function hintOf(s: AiParamSpec): string | undefined {
  const range =
    s.min !== undefined && s.max !== undefined
      ? `${s.min} to ${s.max}`
      : s.min !== undefined
        ? `At least ${s.min}`
        : s.max !== undefined
          ? `At most ${s.max}`
          : '';
  return [range, s.help].filter(Boolean).join('. ') || undefined;
}

/** The operation's parameters as the profile declares them, defaults filled in. */
export function ParamFields({ specs, values, errors, onChange }: Props) {
  if (specs.length === 0) return null;
  return (
    <fieldset className="param-fields">
      <legend>Parameters</legend>
      {specs.map((s) =>
        s.type === 'color' ? (
          <ColorField
            key={s.name}
            spec={s}
            value={values[s.name] ?? ''}
            error={errors(s.name)}
            onChange={(v) => onChange(s.name, v)}
          />
        ) : (
          <Field
            key={s.name}
            label={s.label}
            hint={hintOf(s)}
            error={errors(s.name)}
            data-testid={`ai-param-${s.name}`}
            type={s.type === 'text' ? 'text' : 'number'}
            inputMode={s.type === 'integer' ? 'numeric' : s.type === 'number' ? 'decimal' : undefined}
            min={s.min}
            max={s.max}
            step={s.type === 'integer' ? 1 : s.type === 'number' ? 'any' : undefined}
            maxLength={s.type === 'text' ? 4000 : undefined}
            value={values[s.name] ?? ''}
            onChange={(e) => onChange(s.name, e.target.value)}
          />
        ),
      )}
    </fieldset>
  );
}
