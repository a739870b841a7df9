import { z } from 'zod';
import type { AppError } from '../../../shared/errors';
import { AppException } from '../errors';
import { PlatformError } from '../platform/http';
import { parseFields, sameJson, type Fields } from '../store/fields';
import type { OutboxEntry } from '../store/outbox';
import type { RecordStore, RemoteRef } from '../store/record-store';
import { tableOf } from '../store/tables';
import { toRemoteRefs } from './refs';
import { toRemoteRecord, type RemoteGroup, type RemoteRecord } from './remote';

/** What became of one outbox entry after one attempt. */
export type PushOutcome =
  | { kind: 'acked'; remote: RemoteRecord | null }
  /** The platform has a newer version (or deleted it): both sides are kept for the user. */
  | { kind: 'conflict'; remote: RemoteRecord | null; message: string }
  /** Refused for what it is (4xx): set aside after this one attempt. */
  | { kind: 'refused'; message: string }
  /** Worth trying again later (5xx, malformed answer): backoff. */
  | { kind: 'retry'; message: string; afterMs?: number }
  /** Not tried: a record it refers to has not reached the platform yet, or the profile lacks the endpoint. */
  | { kind: 'waiting'; reason: 'reference' | 'specification'; message: string; afterMs: number }
  /** Stops the whole drain: signed out, offline, or told to wait. */
  | { kind: 'stop'; error: AppError };

const WAIT_FOR_REFERENCE_MS = 2_000;
const WAIT_FOR_SPEC_MS = 60 * 60 * 1000;

function errorOf(e: unknown): AppError | null {
  return e instanceof AppException ? e.error : null;
}

/** A 409 answer's body, or its error object: the platform's current copy, when it sends one. */
const WithCurrent = z.object({ current: z.unknown().optional(), error: z.unknown().optional() });

/** The platform's current copy of the record, from a 409 answer's body when it carries one. */
function currentFrom(e: PlatformError, remote: RemoteGroup): RemoteRecord | null {
  const body = WithCurrent.safeParse(e.body);
  const inError = body.success ? WithCurrent.safeParse(body.data.error) : null;
  const current =
    (inError?.success ? inError.data.current : undefined) ?? (body.success ? body.data.current : undefined);
  if (!current) return null;
  try {
    return toRemoteRecord(current, remote.format);
  } catch {
    return null;
  }
}

function alreadyApplied(patch: Fields, current: Fields): boolean {
  return Object.entries(patch).every(([k, v]) => (v === null ? current[k] === undefined : sameJson(v, current[k])));
}

/**
 * Send one entry, given where its record stands with the platform (`row`, read when the entry was
 * frozen for sending; undefined when the record is gone). Never throws: every failure becomes an
 * outcome the engine records.
 */
export async function pushEntry(
  store: RecordStore,
  remote: RemoteGroup,
  entry: OutboxEntry,
  row: RemoteRef | undefined,
): Promise<PushOutcome> {
  const group = entry.grp;
  const noun = tableOf(group).noun;
  if (!row) return { kind: 'acked', remote: null }; // the record is gone for good: nothing left to tell
  if (entry.op !== 'create' && !remote.supports(entry.op)) {
    return {
      kind: 'waiting',
      reason: 'specification',
      message: `Waiting for the platform's specification: it has no way to ${entry.op} a ${noun} yet.`,
      afterMs: WAIT_FOR_SPEC_MS,
    };
  }
  let fields: Fields = {};
  if (entry.op !== 'delete') {
    const out = toRemoteRefs(store, group, parseFields(entry.payload));
    if (!out.ok) {
      return {
        kind: 'waiting',
        reason: 'reference',
        message: `Waiting for a ${tableOf(out.waitingFor.group).noun} it uses to sync first.`,
        afterMs: WAIT_FOR_REFERENCE_MS,
      };
    }
    fields = out.fields;
  }
  const remoteId = row.remote_id;
  if (entry.op !== 'create' && remoteId === null) {
    // Its create is ahead of it in the outbox and not acknowledged: order says wait.
    return {
      kind: 'waiting',
      reason: 'reference',
      message: `Waiting for the ${noun} to be created on the platform first.`,
      afterMs: WAIT_FOR_REFERENCE_MS,
    };
  }
  try {
    if (entry.op === 'create' || remoteId === null)
      return { kind: 'acked', remote: await remote.create(fields, entry.idempotency_key) };
    if (entry.op === 'update')
      return {
        kind: 'acked',
        remote: await remote.update(remoteId, row.remote_version, fields, entry.idempotency_key),
      };
    return { kind: 'acked', remote: await remote.remove(remoteId, row.remote_version, entry.idempotency_key) };
  } catch (e) {
    return failureOutcome(e, { remote, entry, fields, remoteId, noun });
  }
}

/** What a failed send means for the entry: stop the drain, a conflict, refused, or try again later. */
function failureOutcome(
  e: unknown,
  sent: { remote: RemoteGroup; entry: OutboxEntry; fields: Fields; remoteId: string | null; noun: string },
): PushOutcome {
  const { remote, entry, fields, remoteId, noun } = sent;
  const error = errorOf(e);
  if (!error) return { kind: 'retry', message: 'Atelier could not send this change; it will try again.' };
  switch (error.code) {
    case 'auth':
    case 'offline':
    case 'rate_limited':
      return { kind: 'stop', error };
    case 'conflict': {
      const current = e instanceof PlatformError ? currentFrom(e, remote) : null;
      // Our own change already applied (its answer was lost before we stored it): done, not a conflict.
      if (current && entry.op === 'update' && !current.deleted && alreadyApplied(fields, current.fields))
        return { kind: 'acked', remote: current };
      return { kind: 'conflict', remote: current, message: error.message };
    }
    case 'not_found':
      // Deleting what is already gone is done; changing it means the platform deleted it.
      if (entry.op === 'delete') return { kind: 'acked', remote: null };
      if (entry.op === 'update') {
        const gone: RemoteRecord = { remoteId: remoteId ?? '', version: null, deleted: true, fields: {} };
        return { kind: 'conflict', remote: gone, message: `The ${noun} was deleted on the platform.` };
      }
      return { kind: 'refused', message: error.message };
    case 'denied':
    case 'validation':
      return { kind: 'refused', message: error.message };
    default:
      return {
        kind: 'retry',
        message: error.message,
        ...(error.retryAfterMs !== undefined && { afterMs: error.retryAfterMs }),
      };
  }
}
