import type { PlatformProfile } from '../../../shared/profile';
import type { RecordStore } from '../store/record-store';

// Why a queue item's change is not reaching the platform: the platform's specification has no
// endpoint for it (the sandbox's queue, like the published one, has only "add" and "list").
// The sync engine records that on the outbox entry when it tries; until it has tried, the profile
// tells the same thing in advance, in the same words.

const SPEC_WAIT = "Waiting for the platform's specification";
const NOUN = 'media queue item';

interface PendingEntry {
  record_id: string;
  op: 'create' | 'update' | 'delete';
  last_error: string | null;
}

function predicted(op: PendingEntry['op'], profile: PlatformProfile | undefined): string | null {
  if (!profile) return null;
  const endpoints = profile.groups.mediaQueue;
  if (endpoints === 'unspecified') return `${SPEC_WAIT}: it has not specified the media queue yet.`;
  if (op !== 'create' && endpoints[op] === undefined) return `${SPEC_WAIT}: it has no way to ${op} a ${NOUN} yet.`;
  return null;
}

/** The waiting message of each queue item of the account that has one. */
export function queueWaiting(
  store: RecordStore,
  account: string,
  profile: PlatformProfile | undefined,
): Map<string, string> {
  const entries = store.outbox.pendingNotes(account, 'mediaQueue');
  const out = new Map<string, string>();
  for (const e of entries) {
    if (out.has(e.record_id)) continue;
    const recorded = e.last_error?.startsWith(SPEC_WAIT) ? e.last_error : null;
    const message = recorded ?? predicted(e.op, profile);
    if (message) out.set(e.record_id, message);
  }
  return out;
}
