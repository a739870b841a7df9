import { intakeWords, MAX_NAME_LENGTH, refuse } from './intake-words';

/** C0 and C1 control characters and the line and paragraph separators: they would break a list. */
function isControl(ch: string): boolean {
  const c = ch.codePointAt(0) ?? 0;
  return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029;
}

const clean = (segment: string) =>
  [...segment]
    .filter((ch) => !isControl(ch))
    .join('')
    .trim();

/**
 * The name an asset gets from the name a file arrived with: its last path segment (a name is
 * never a path; "../x.png" is "x.png"), without control characters, trimmed. Refuses an empty
 * name or one longer than the library keeps.
 */
export function intakeName(raw: string): string {
  const segments = raw.split(/[\\/]/).map(clean);
  const name = segments.filter((s) => s !== '').at(-1) ?? '';
  if (name === '') refuse(intakeWords.noName);
  // Counted as the records schema counts (UTF-16 units), so a name accepted here is a valid field.
  if (name.length > MAX_NAME_LENGTH) refuse(intakeWords.nameTooLong);
  return name;
}

/** Whether a path's last segment is longer than a name may be (before the file system says ENAMETOOLONG). */
export function isOverlongName(file: string): boolean {
  return (file.split(/[\\/]/).at(-1) ?? '').length > MAX_NAME_LENGTH;
}
