import { useCallback, useEffect, useState } from 'react';
import type { ResourceGroup } from '../../shared/profile';
import type { RecordView } from '../../shared/records';
import type { OpenRequest } from './tabs';
import { useSelected } from './use-open-request';
import { useRecords } from './use-records';

export const NEW = '#new';

/**
 * A list of a group's records beside the editor of one: which is chosen ("#new" for a new one), the
 * record itself (a just-made one from the answer until the list has it), and what the last save said.
 * The editor that made a record stays mounted as its editor (its other state, such as a template's
 * CSV, is kept); choosing another record gives a fresh editor.
 */
export function useListEditor(group: ResourceGroup, request: OpenRequest | null) {
  const list = useRecords(group);
  const [selected, setSelected] = useSelected(request);
  const [fresh, setFresh] = useState<{ record: RecordView; notice: string } | null>(null);
  const [newEditor, setNewEditor] = useState(0);
  const [born, setBorn] = useState<string | null>(null);
  const records = list.data?.items ?? [];
  const record =
    selected && selected !== NEW
      ? (records.find((r) => r.id === selected) ?? (fresh?.record.id === selected ? fresh.record : null))
      : null;

  const select = useCallback(
    (id: string | null) => {
      if (id === NEW) setNewEditor((n) => n + 1);
      setBorn(null);
      setSelected(id);
    },
    [setSelected],
  );
  // A request for a new record (the new-post command) gives a fresh editor, as the button does.
  const newSeq = request?.id === NEW ? request.seq : undefined;
  useEffect(() => {
    if (newSeq === undefined) return;
    setNewEditor((n) => n + 1);
    setBorn(null);
  }, [newSeq]);

  const saved = (r: RecordView, notice: string) => {
    setFresh({ record: r, notice });
    if (selected === NEW) setBorn(r.id);
    setSelected(r.id);
  };

  return {
    list,
    records,
    selected,
    select,
    record,
    isNew: selected === NEW,
    /** The chosen id no longer exists (deleted elsewhere). */
    missing: selected !== null && selected !== NEW && record === null && list.data !== undefined,
    notice:
      fresh && record && fresh.record.id === record.id
        ? fresh.notice
        : request?.notice !== undefined && record?.id === request.id
          ? request.notice
          : null,
    editorKey: selected === NEW || (born !== null && selected === born) ? `new-${newEditor}` : (record?.id ?? 'none'),
    saved,
    deleted: () => select(null),
  };
}
