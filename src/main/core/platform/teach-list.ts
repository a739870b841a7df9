/**
 * "Teach Atelier where the records are": the user points at the list in a group's list answer (or
 * at a field of one record), and optionally at the field holding a record's id; this derives the
 * profile that reads lists there. Pure: no I/O. See derived-profile.ts for copies and revisions.
 */
import { readPath } from '../../../shared/field-path';
import { isRecordId, itemFieldOf, listPathOf } from '../../../shared/list-path';
import type { PlatformProfile, RecordsFormat } from '../../../shared/profile';
import { deriveProfile, DerivedProfileError } from './derived-profile';

export interface ListTeachRequest {
  /** The list answer, as kept by the check (masked, bounded: paths are the answer's own). */
  answer: unknown;
  itemsPath: string;
  idPath?: string | undefined;
  builtin: boolean;
  takenIds: Iterable<string>;
}

export interface TaughtList {
  profile: PlatformProfile;
  copy: boolean;
  itemsField: string;
  idField: string;
  /** Something to know before saving, or null. */
  note: string | null;
}

/** A choice that cannot be saved, in words, with the input field it is about. */
export class TeachListError extends Error {
  constructor(
    message: string,
    readonly field: 'itemsPath' | 'idPath',
  ) {
    super(message);
  }
}

/** The id field relative to a record, checked on the record pointed at (the first, for every record). */
function idFieldOf(items: readonly unknown[], listPath: string, idPath: string): string {
  const found = itemFieldOf(listPath, idPath);
  if (!found.ok) throw new TeachListError(found.problem, 'idPath');
  const { field, record } = found.value;
  if (!isRecordId(readPath(items[record === '*' ? 0 : record], field))) {
    throw new TeachListError(`"${field}" of that record is not an id (a string or a number).`, 'idPath');
  }
  return field;
}

/** The server's own fields gain the id: sync never sends it back as a record's field. */
function serverFieldsWith(records: RecordsFormat, idField: string): string[] {
  if (records.serverFields.includes(idField) || records.serverFields.length >= 50) return records.serverFields;
  return [...records.serverFields, idField];
}

/** The profile in use reading lists where the user pointed; throws TeachListError with words. */
export function teachList(profile: PlatformProfile, req: ListTeachRequest): TaughtList {
  const listPath = listPathOf(req.itemsPath, req.answer);
  if (!listPath.ok) throw new TeachListError(listPath.problem, 'itemsPath');
  const { path: itemsField, items } = listPath.value;
  const idField = req.idPath === undefined ? profile.records.idField : idFieldOf(items, itemsField, req.idPath);
  const { records } = profile;
  if (itemsField === records.itemsField && idField === records.idField) {
    throw new TeachListError(
      `The profile already reads the records at "${itemsField}"${req.idPath ? ` with their id in "${idField}"` : ''}.`,
      req.idPath ? 'idPath' : 'itemsPath',
    );
  }
  const first = items[0];
  const note =
    first !== undefined && !isRecordId(readPath(first, idField))
      ? `The records have no "${idField}": point at the field that holds a record's id too, ` +
        `or this group will still fail on records.idField.`
      : null;
  const changed = {
    ...profile,
    records: {
      ...records,
      itemsField,
      idField,
      serverFields: idField === records.idField ? records.serverFields : serverFieldsWith(records, idField),
    },
  };
  try {
    const derived = deriveProfile(changed, profile, { builtin: req.builtin, takenIds: req.takenIds });
    return { profile: derived, copy: req.builtin, itemsField, idField, note };
  } catch (e) {
    if (e instanceof DerivedProfileError) throw new TeachListError(e.message, 'itemsPath');
    throw e;
  }
}
