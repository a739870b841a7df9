import { useRef, useState, type FormEvent } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { ResourceGroup } from '../../shared/profile';
import type { RecordView } from '../../shared/records';
import { usePlannerAction } from '../planner/use-records';
import { changesOf, recordSchema } from './form-issues';
import { useZodForm } from './use-zod-form';

export interface RecordFormOptions<V extends FieldValues> {
  group: ResourceGroup;
  /** The record being edited; null for a new one. */
  record: RecordView | null;
  /** The form's values for a record, or for a new one. */
  load(record: RecordView | null): V;
  /** The stored fields the values make (empty ones undefined). */
  fields(values: V): Record<string, unknown>;
  /** Fields sent as they are, even empty (a post's text). */
  always?: readonly string[];
  check?: (values: V) => Partial<Record<string, string>>;
  /** What creating says ("Post created."). */
  created: string;
  /** What the last action said, carried over when saving opened another record. */
  notice: string | null;
  onSaved(record: RecordView, notice: string): void;
  /** More to save with the record (a post's plans); saving then always reports "Saved.". */
  also?: (record: RecordView, values: V) => Promise<void>;
}

/**
 * A record editor's form: the record's fields loaded, checked with the group's schema, saved as a
 * create or a merge patch of what changed, the core's issues put back on their fields, and the form
 * reset to what was saved.
 */
export function useRecordForm<V extends FieldValues>(o: RecordFormOptions<V>) {
  const create = usePlannerAction('records.create');
  const update = usePlannerAction('records.update');
  // The fields may read props (the time zone), so the schema converts with the latest.
  const latest = useRef(o);
  latest.current = o;
  const [schema] = useState(() => recordSchema<V>(o.group, (v) => latest.current.fields(v)));
  const [defaultValues] = useState(() => o.load(o.record));
  // Saving with nothing to send says so only when the person pressed Save (not before a run or a create).
  const unchanged = useRef(false);
  const state = useZodForm<V, string | null>({
    schema,
    defaultValues,
    check: o.check,
    notice: o.notice,
    send: async (values) => {
      const { record } = o;
      const patch = changesOf(record, o.fields(values), o.always);
      if (record && !o.also && Object.keys(patch).length === 0) {
        unchanged.current = true;
        return record.id;
      }
      const next = !record
        ? await create.mutateAsync({ group: o.group, fields: patch })
        : Object.keys(patch).length
          ? await update.mutateAsync({ group: o.group, id: record.id, fields: patch })
          : record;
      await o.also?.(next, values);
      const said = record ? 'Saved.' : o.created;
      state.form.reset(values);
      o.onSaved(next, said);
      state.setSaved(said);
      return next.id;
    },
  });
  const values = state.form.watch();
  const dirty = !o.record || Object.keys(changesOf(o.record, o.fields(values), o.always)).length > 0;
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    unchanged.current = false;
    void state.onSubmit(e).then(() => {
      if (unchanged.current) state.setSaved('Nothing changed.');
    });
  };
  return { ...state, onSubmit, dirty };
}
