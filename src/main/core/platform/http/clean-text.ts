export const MAX_MESSAGE_CHARS = 300;

/** One tidy line for a person: control characters dropped, whitespace collapsed, length capped. */
export function cleanText(text: string, max = MAX_MESSAGE_CHARS): string {
  const flat = text
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}
