/**
 * "Teach from an answer": the user points at a field of a stored answer and says what it holds;
 * this derives the profile that reads it there. Pure: no I/O. A built-in profile is never changed
 * (a copy "<id>-custom" is made); a custom profile in use gets a new revision of itself.
 */
import type { AiTeachRole } from '../../../shared/ai';
import { isFieldPath } from '../../../shared/field-path';
import { parseProfile, type AiOperation, type AiResponseMap, type PlatformProfile } from '../../../shared/profile';
import { copyId } from '../platform/derived-profile';

export interface TeachRequest {
  operation: AiOperation;
  role: AiTeachRole;
  path: string;
  /** The stored answer is the one that ended an asynchronous job (read by `poll.response` when set). */
  finalOfPoll: boolean;
}

export interface Taught {
  profile: PlatformProfile;
  /** A copy of a built-in profile was made. */
  copy: boolean;
  /** Something to know before saving, or null. */
  note: string | null;
}

export class TeachError extends Error {}

const MAX_ALIASES = 20;
const FIELD: Record<AiTeachRole, 'media' | 'text' | 'jobId'> = { media: 'media', text: 'text', jobId: 'jobId' };

/** The taught path first (it is tried first), then what the map already had. */
function withFirst(list: readonly string[] | undefined, path: string): string[] {
  return [path, ...(list ?? []).filter((p) => p !== path)].slice(0, MAX_ALIASES);
}

function mapWith(map: AiResponseMap | undefined, role: AiTeachRole, path: string): Record<string, unknown> {
  const field = FIELD[role];
  return { ...map, [field]: withFirst(map?.[field], path) };
}

/** The profile in use with one more mapping (see the file comment); throws TeachError with words. */
export function teachProfile(
  profile: PlatformProfile,
  opts: { builtin: boolean; takenIds: Iterable<string> } & TeachRequest,
): Taught {
  if (!isFieldPath(opts.path)) throw new TeachError(`"${opts.path}" is not a field path.`);
  const spec = profile.ai[opts.operation];
  // Plain data until parseProfile below validates the whole profile again.
  const next: Record<string, unknown> = structuredClone(spec);
  let note: string | null = null;
  if (opts.role !== 'jobId' && opts.finalOfPoll && spec.poll?.response) {
    // The finished answer of an asynchronous job is read by the poll's own map.
    next.poll = { ...spec.poll, response: mapWith(spec.poll.response, opts.role, opts.path) };
  } else {
    next.response = mapWith(spec.response, opts.role, opts.path);
  }
  if (opts.role === 'jobId' && !spec.poll) {
    note =
      `This operation has no poll settings (ai.${opts.operation}.poll): ` +
      `Atelier will read the job id but cannot ask about the job until they are added (Edit as JSON).`;
  }
  const copy = opts.builtin;
  const raw = {
    ...profile,
    id: copy ? copyId(profile.id, new Set(opts.takenIds)) : profile.id,
    name: copy ? `${profile.name.slice(0, 91)} (custom)` : profile.name,
    ai: { ...profile.ai, [opts.operation]: next },
  };
  const parsed = parseProfile(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new TeachError(`The profile would not be valid: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  return { profile: parsed.data, copy, note };
}
