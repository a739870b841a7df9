import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from './Field';

export interface PlatformValues {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

type Name = keyof PlatformValues;

/** The platform's address and the client ID and secret issued for Atelier, with their own error lines. */
export function PlatformFields({
  field,
  errorOf,
  idHint,
}: {
  /** The form's binding of each of the three (react-hook-form's register). */
  field(name: Name): UseFormRegisterReturn<Name>;
  errorOf(name: Name): string | undefined;
  /** Shown under the client ID (e.g. that empty fields keep the saved ones). */
  idHint?: string | undefined;
}) {
  return (
    <>
      <Field label="Platform address" type="url" {...field('baseUrl')} error={errorOf('baseUrl')} />
      <Field label="Client ID" autoComplete="off" {...field('clientId')} error={errorOf('clientId')} hint={idHint} />
      <Field
        label="Client secret"
        type="password"
        autoComplete="off"
        {...field('clientSecret')}
        error={errorOf('clientSecret')}
        hint="Stored encrypted on this machine and never shown again."
      />
    </>
  );
}
