/** A header name: an HTTP token (RFC 9110), as Headers requires. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** What a header value may not carry once trimmed: NUL, CR, LF, or anything past one byte. */
const BAD_VALUE = /[\0\r\n]|[^\0-\xff]/;
/** Leading and trailing HTTP whitespace, dropped from values as Headers drops it. */
const EDGES = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/** A header value as Headers keeps it: trimmed; a TypeError when no header can carry it. */
export function headerValue(raw: unknown): string {
  const value = String(raw).replace(EDGES, '');
  if (BAD_VALUE.test(value)) throw new TypeError('invalid header value');
  return value;
}

/**
 * The caller's headers as a plain object with lower-case names, checked as `new Headers` checks
 * them (a TypeError names the fault, never the value) but without building a Headers, which the
 * shared connections would only turn back into an object. Names differing only in case are joined
 * with ", ", as Headers joins them.
 */
export function headerRecord(given: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (given === undefined) return out;
  for (const name of Object.keys(given)) {
    if (!TOKEN.test(name)) throw new TypeError('invalid header name');
    const value = headerValue(given[name]);
    const key = name.toLowerCase();
    const had = out[key];
    out[key] = had === undefined ? value : `${had}, ${value}`;
  }
  return out;
}
