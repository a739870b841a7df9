import type { BackendError } from '../backend/call';
import { fieldError } from '../backend/use-action';
import { Field } from './Field';

export interface PlatformValues {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

/** The platform's address and the client ID and secret issued for Atelier, with their own error lines. */
export function PlatformFields({
  values,
  onChange,
  validation,
  idHint,
}: {
  values: PlatformValues;
  onChange: (next: PlatformValues) => void;
  validation: BackendError | null;
  /** Shown under the client ID (e.g. that empty fields keep the saved ones). */
  idHint?: string | undefined;
}) {
  const set = (key: keyof PlatformValues) => (e: { target: { value: string } }) => onChange({ ...values, [key]: e.target.value });
  return (
    <>
      <Field label="Platform address" name="baseUrl" type="url" value={values.baseUrl} onChange={set('baseUrl')} error={fieldError(validation, 'baseUrl')} />
      <Field label="Client ID" name="clientId" autoComplete="off" value={values.clientId} onChange={set('clientId')} error={fieldError(validation, 'clientId')} {...(idHint ? { hint: idHint } : {})} />
      <Field
        label="Client secret"
        name="clientSecret"
        type="password"
        autoComplete="off"
        value={values.clientSecret}
        onChange={set('clientSecret')}
        error={fieldError(validation, 'clientSecret')}
        hint="Stored encrypted on this machine and never shown again."
      />
    </>
  );
}
