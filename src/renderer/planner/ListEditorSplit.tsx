import type { ReactNode } from 'react';
import { QueryError } from '../sync/QueryError';
import { ItemList, type ListItem } from './ItemList';
import { NEW, type useListEditor } from './use-list-editor';

interface Props {
  le: ReturnType<typeof useListEditor>;
  /** The heading and the list's name ("Creatives"). */
  title: string;
  /** One item, for the button and test ids ("creative"). */
  noun: string;
  items: readonly ListItem[];
  /** The editor of the chosen (or new) record. */
  editor: ReactNode;
  /** What the detail side says when nothing is chosen. */
  hint: string;
}

/** A planner tab of records: their list with a "New" button beside the editor of the chosen one. */
export function ListEditorSplit({ le, title, noun, items, editor, hint }: Props) {
  const titleId = `${noun}s-title`;
  return (
    <div className="planner-split">
      <section className="card planner-list-card" aria-labelledby={titleId}>
        <div className="planner-list-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="primary" data-testid={`${noun}-new`} onClick={() => le.select(NEW)}>
            New {noun}
          </button>
        </div>
        <ItemList
          label={title}
          items={items}
          selected={le.selected}
          testId={(id) => `${noun}-row-${id}`}
          empty={`No ${noun}s yet.`}
          onSelect={le.select}
        />
      </section>
      <div className="planner-detail">
        <QueryError error={le.list.error} />
        {le.isNew || le.record ? (
          editor
        ) : (
          <p className="card muted planner-hint">{le.missing ? `This ${noun} no longer exists.` : hint}</p>
        )}
      </div>
    </div>
  );
}
