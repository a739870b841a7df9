import { readFirstText } from '../../../../shared/field-path';
import { defaultErrorFields, type ErrorFields } from '../../../../shared/profile';
import { cleanText } from './clean-text';

/**
 * The server's own words from a JSON error body: the first of the profile's `errors.message`
 * paths that holds text (the default list covers the common shapes). Human-oriented fields come
 * before codes: OAuth's `error_description` beats `error: "invalid_grant"`.
 */
export function jsonMessage(body: unknown, fields: ErrorFields = defaultErrorFields): string | undefined {
  // The profile's paths first; a gateway or proxy in front of the platform may still answer in a common shape.
  const text =
    readFirstText(body, fields.message) ??
    (fields === defaultErrorFields ? undefined : readFirstText(body, defaultErrorFields.message));
  return text === undefined ? undefined : cleanText(text) || undefined;
}

/** The server's machine code for the error (`invalid_client`, `E401`…), when it gives one. */
export function jsonCode(body: unknown, fields: ErrorFields = defaultErrorFields): string | undefined {
  const text = readFirstText(body, fields.code ?? defaultErrorFields.code);
  return text === undefined ? undefined : cleanText(text).slice(0, 200) || undefined;
}
