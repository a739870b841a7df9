import { useEffect, useRef, useState } from 'react';
import type { ConflictView } from '../../shared/sync';
import { useChannel } from '../backend/context';
import { Comparison } from './Comparison';
import { groupLabels, plural } from './format';
import { MergeEditor } from './MergeEditor';
import { useSyncAction } from './use-sync';
import { QueryError } from './QueryError';

/** Records changed here and on the platform: both versions, and the user's choice. */
export function ConflictList() {
  const conflicts = useChannel('sync.conflicts', {});
  return (
    <section className="card" aria-labelledby="sync-conflicts-title">
      <h2 id="sync-conflicts-title">
        Conflicts{conflicts.data && conflicts.data.length > 0 ? ` (${conflicts.data.length})` : ''}
      </h2>
      {conflicts.isError && <QueryError error={conflicts.error} />}
      {conflicts.data && conflicts.data.length === 0 && (
        <p className="muted">No record was changed both here and on the platform.</p>
      )}
      {conflicts.data && conflicts.data.length > 0 && (
        <ul className="plain sync-list">
          {conflicts.data.map((c) => (
            <ConflictItem key={`${c.group}:${c.id}`} conflict={c} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ConflictItem({ conflict: c }: { conflict: ConflictView }) {
  const resolve = useSyncAction('sync.resolve');
  const [editing, setEditing] = useState(false);
  const editRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (!editing && wasEditing.current) editRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const titleId = `conflict-${c.group}-${c.id}-title`;
  const both = c.local.deleted && c.remote.deleted;
  return (
    <li className="sync-item" data-testid={`conflict-${c.id}`}>
      <div className="sync-item-head">
        <h3 id={titleId}>{c.label}</h3>
        <span className="muted">
          {groupLabels[c.group]} ·{' '}
          {c.local.deleted
            ? 'deleted on this computer'
            : c.remote.deleted
              ? 'deleted on the platform'
              : plural(c.differing.length, 'field') + ' differ' + (c.differing.length === 1 ? 's' : '')}
          {both ? ' and on the platform' : ''}
        </span>
      </div>
      <Comparison conflict={c} />
      <div className="row" role="group" aria-labelledby={titleId}>
        <button
          type="button"
          onClick={() => resolve.mutate({ group: c.group, id: c.id, keep: 'local' })}
          disabled={resolve.isPending}
        >
          Keep mine
        </button>
        <button
          type="button"
          onClick={() => resolve.mutate({ group: c.group, id: c.id, keep: 'remote' })}
          disabled={resolve.isPending}
        >
          Keep the platform's
        </button>
        <button
          type="button"
          ref={editRef}
          aria-expanded={editing}
          onClick={() => setEditing((v) => !v)}
          disabled={resolve.isPending}
        >
          Edit a merge…
        </button>
      </div>
      <QueryError error={resolve.error} />
      {editing && <MergeEditor conflict={c} onClose={() => setEditing(false)} />}
    </li>
  );
}
