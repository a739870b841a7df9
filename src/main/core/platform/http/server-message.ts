import { cleanText } from './clean-text';

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? cleanText(value) : undefined;
}

function field(value: unknown, key: string): unknown {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
}

/** A list of validation problems (`detail: [{msg}]`, `errors: [{message}]`): the first one's text. */
function firstOfList(value: unknown): string | undefined {
  if (!Array.isArray(value)) return undefined;
  const first: unknown = value[0];
  return str(first) ?? str(field(first, 'message')) ?? str(field(first, 'msg')) ?? str(field(first, 'detail'));
}

/**
 * The server's own words from a JSON error body, whichever common shape it uses. Human-oriented
 * fields win over codes: OAuth's `error_description` beats `error: "invalid_grant"`.
 */
export function jsonMessage(body: unknown): string | undefined {
  const error = field(body, 'error');
  return (
    str(field(error, 'message')) ??
    str(field(body, 'message')) ??
    str(field(body, 'error_description')) ??
    str(field(body, 'detail')) ??
    firstOfList(field(body, 'detail')) ??
    firstOfList(field(body, 'errors')) ??
    str(error) ??
    str(field(body, 'title'))
  );
}
