import { SecretRegistry } from '../../redact';

const SECRET_HEADER = /(authorization|cookie|token|secret|password|api[-_]?key|credential|session)/i;

/**
 * A scrubber for the secrets one request carried in its headers, for servers that echo them
 * back in error pages: whatever we keep from an answer must not leak them into errors or logs.
 */
export function headerScrubber(headers: Record<string, string> | undefined): SecretRegistry {
  const registry = new SecretRegistry();
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!SECRET_HEADER.test(name)) continue;
    registry.add(value);
    const credential = /^\s*\S+\s+(\S+)\s*$/.exec(value)?.[1]; // "Bearer <token>": the token alone too
    if (credential) registry.add(credential);
  }
  return registry;
}

/**
 * Scrub every string (keys too) in a parsed body; unlike `redact`, field names are kept, so callers can still read it.
 */
export function scrubDeep(value: unknown, registry: SecretRegistry, depth = 0): unknown {
  if (typeof value === 'string') return registry.scrub(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 64) return '[deep]'; // unreadable anyway, and unscrubbed it could leak
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v, registry, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[registry.scrub(k)] = scrubDeep(v, registry, depth + 1);
  return out;
}
