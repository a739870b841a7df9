/** A record's fields as stored: a JSON object. */
export type Fields = Record<string, unknown>;

export function parseFields(json: string | null): Fields {
  if (json === null) return {};
  const value: unknown = JSON.parse(json);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {};
}

/** Apply a merge patch: null removes a field, anything else replaces it. */
export function applyPatch(fields: Fields, patch: Fields): Fields {
  const next = { ...fields };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete next[k];
    else next[k] = v;
  }
  return next;
}

/** Same JSON value, whatever the key order. */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value)
      .filter((k) => (value as Fields)[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Fields)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
