/**
 * A profile derived from the one in use by something the user taught: a built-in profile is never
 * changed (a copy "<id>-custom" is made, never overwriting an older copy), a custom one gets a new
 * revision of itself. Pure: the caller saves it.
 */
import { parseProfile, type PlatformProfile } from '../../../shared/profile';

export class DerivedProfileError extends Error {}

/** The first id not taken: "<id>-custom", then "<id>-custom-2"… */
export function copyId(id: string, taken: ReadonlySet<string>): string {
  const base = `${id}-custom`.slice(0, 64);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const next = `${base.slice(0, 64 - String(n).length - 1)}-${n}`;
    if (!taken.has(next)) return next;
  }
}

/** `changed` (the profile in use with the change made) under its new identity, validated again; throws with words. */
export function deriveProfile(
  changed: Record<string, unknown>,
  from: PlatformProfile,
  opts: { builtin: boolean; takenIds: Iterable<string> },
): PlatformProfile {
  const raw = {
    ...changed,
    id: opts.builtin ? copyId(from.id, new Set(opts.takenIds)) : from.id,
    name: opts.builtin ? `${from.name.slice(0, 91)} (custom)` : from.name,
  };
  const parsed = parseProfile(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DerivedProfileError(`The profile would not be valid: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  return parsed.data;
}
