/** Redaction of secrets from anything that may be logged, exported or shown. */

const SECRET_KEY = /(token|secret|password|passwd|authorization|api[-_]?key|cookie|credential)/i;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g;
export const REDACTED = '[redacted]';
const SECRET_PART = /(access|refresh|token|secret|key|password)/i;

/** Known secret values (registered by the secret store) are removed wherever they appear. */
export class SecretRegistry {
  private readonly values = new Set<string>();
  constructor(private readonly capacity = 256) {}

  /** Register a secret; a JSON value also registers its secret-named strings (a stored token pair). */
  add(value: string): void {
    // Very short values would redact ordinary words; real secrets are long.
    if (value.length < 8) return;
    this.values.delete(value);
    this.values.add(value);
    if (value.startsWith('{')) {
      try {
        for (const [key, inner] of Object.entries(JSON.parse(value) as Record<string, unknown>)) {
          if (typeof inner === 'string' && SECRET_PART.test(key)) this.add(inner);
        }
      } catch {
        // Not JSON after all: the whole value is registered already.
      }
    }
    // Bounded: the oldest (long rotated-out) values go first.
    while (this.values.size > this.capacity) {
      const oldest = this.values.values().next().value;
      if (oldest === undefined) break;
      this.values.delete(oldest);
    }
  }
  remove(value: string): void {
    this.values.delete(value);
  }
  scrub(text: string): string {
    let out = text.replace(BEARER, (_m, scheme: string) => `${scheme} ${REDACTED}`);
    for (const v of this.values) if (out.includes(v)) out = out.split(v).join(REDACTED);
    return out;
  }
}

export function redact(value: unknown, registry?: SecretRegistry, depth = 0): unknown {
  if (depth > 8) return '[deep]';
  if (typeof value === 'string')
    return registry ? registry.scrub(value) : value.replace(BEARER, (_m, s: string) => `${s} ${REDACTED}`);
  if (value instanceof Error) {
    return {
      name: value.name,
      message: redact(value.message, registry, depth + 1),
      stack: redact(value.stack ?? '', registry, depth + 1),
    };
  }
  if (Array.isArray(value)) return value.map((v) => redact(v, registry, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] =
        SECRET_KEY.test(k) && v !== undefined && v !== null && typeof v !== 'boolean'
          ? REDACTED
          : redact(v, registry, depth + 1);
    }
    return out;
  }
  return value;
}
