import type { AppError } from '../../shared/errors';

/** The form's fields, as the core names them in validation issues. */
export type FormField = 'modelId' | 'prompt' | 'input' | `params.${string}`;

/** The first message for a field (or anything beneath it, like "input.assetId") from the core's validation issues. */
export function issueFor(error: AppError | null | undefined, field: FormField): string | undefined {
  return error?.issues?.find((i) => i.path === field || i.path.startsWith(`${field}.`))?.message;
}

/** Issues the form cannot show beside a field, to list under the error. */
export function otherIssues(
  error: AppError | null | undefined,
  fields: readonly FormField[],
): { path: string; message: string }[] {
  return (error?.issues ?? []).filter((i) => !fields.some((f) => i.path === f || i.path.startsWith(`${f}.`)));
}
